import {
  CookingPot,
  Layers,
  Microwave,
  Refrigerator,
  UtensilsCrossed,
  WashingMachine,
  Wind,
  Wrench,
  type LucideIcon,
} from "lucide-react";

import type { Locale } from "~/lib/locale";

export const applianceTypeIds = [
  "refrigerator",
  "dishwasher",
  "washer",
  "dryer",
  "oven",
  "microwave",
  "combo",
  "other",
] as const;

export type ApplianceTypeId = (typeof applianceTypeIds)[number];

export interface ApplianceType {
  id: ApplianceTypeId;
  name: string;
  description: string;
  icon: LucideIcon;
}

export const applianceTypes: readonly ApplianceType[] = [
  {
    id: "refrigerator",
    name: "Refrigerator",
    description: "Refrigerators, freezers and ice makers",
    icon: Refrigerator,
  },
  {
    id: "dishwasher",
    name: "Dishwasher",
    description: "Built-in, drawer and portable dishwashers",
    icon: UtensilsCrossed,
  },
  {
    id: "washer",
    name: "Washing Machine",
    description: "Top-load and front-load washers",
    icon: WashingMachine,
  },
  {
    id: "dryer",
    name: "Dryer",
    description: "Electric and gas dryers",
    icon: Wind,
  },
  {
    id: "oven",
    name: "Oven & Range",
    description: "Ovens, ranges, wall ovens and cooktops",
    icon: CookingPot,
  },
  {
    id: "microwave",
    name: "Microwave",
    description: "Over-the-range, built-in and countertop",
    icon: Microwave,
  },
  {
    id: "combo",
    name: "Combo",
    description: "Repair for multiple devices in one visit",
    icon: Layers,
  },
  {
    id: "other",
    name: "Other",
    description: "Another appliance? Describe it in the next step",
    icon: Wrench,
  },
];

const spanishAppliances: Record<ApplianceTypeId, { name: string; description: string }> = {
  refrigerator: {
    name: "Refrigerador",
    description: "Refrigeradores, congeladores y máquinas de hielo",
  },
  dishwasher: { name: "Lavavajillas", description: "Empotrados, de cajón y portátiles" },
  washer: { name: "Lavadora", description: "De carga superior y de carga frontal" },
  dryer: { name: "Secadora", description: "Eléctricas y de gas" },
  oven: { name: "Horno y estufa", description: "Hornos, estufas, hornos de pared y parrillas" },
  microwave: { name: "Microondas", description: "Sobre la estufa, empotrados y de mesa" },
  combo: { name: "Varios", description: "Reparación de varios equipos en una sola visita" },
  other: { name: "Otro", description: "¿Otro electrodoméstico? Descríbalo en el siguiente paso" },
};

/** The booking dialog's appliances in a language (English: the spec's words). */
export function applianceTypesIn(locale: Locale): readonly ApplianceType[] {
  if (locale === "en") return applianceTypes;
  return applianceTypes.map((type) => ({ ...type, ...spanishAppliances[type.id] }));
}
