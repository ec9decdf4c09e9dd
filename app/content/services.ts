import {
  CookingPot,
  Microwave,
  Refrigerator,
  UtensilsCrossed,
  WashingMachine,
  Wind,
  type LucideIcon,
} from "lucide-react";

export const serviceSlugs = [
  "refrigerator",
  "washer",
  "dryer",
  "oven",
  "dishwasher",
  "microwave",
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];

/**
 * What a service card says (home's slider, /services, a service page's header): its words come
 * with the page's loader, in the page's language (service-texts.server.ts), so none of them
 * weighs on the browser's JavaScript.
 */
export interface ServiceText {
  slug: ServiceSlug;
  /** "Refrigerator Repair" */
  title: string;
  /** Card text: one or two sentences. */
  description: string;
}

/** How a service card looks: its icon and the Tailwind classes of the icon's badge. */
export const serviceLooks: Record<ServiceSlug, { icon: LucideIcon; color: string }> = {
  refrigerator: { icon: Refrigerator, color: "bg-sky-100 text-sky-800" },
  washer: { icon: WashingMachine, color: "bg-indigo-100 text-indigo-800" },
  dryer: { icon: Wind, color: "bg-amber-100 text-amber-800" },
  oven: { icon: CookingPot, color: "bg-rose-100 text-rose-800" },
  dishwasher: { icon: UtensilsCrossed, color: "bg-emerald-100 text-emerald-800" },
  microwave: { icon: Microwave, color: "bg-violet-100 text-violet-800" },
};

export function isServiceSlug(slug: string): slug is ServiceSlug {
  return (serviceSlugs as readonly string[]).includes(slug);
}
