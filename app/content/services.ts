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

/** What a service card shows (home slider, /services): small enough for every first load. */
export interface ServiceSummary {
  slug: ServiceSlug;
  /** "Refrigerator Repair" */
  title: string;
  /** Card text: one or two sentences. */
  description: string;
  icon: LucideIcon;
  /** Tailwind classes for the card's icon badge, e.g. "bg-sky-100 text-sky-700". */
  color: string;
}

export const services: readonly ServiceSummary[] = [
  {
    slug: "refrigerator",
    title: "Refrigerator Repair",
    description:
      "Warm fridge, frosted freezer, leaks or a silent ice maker: we repair top-freezer, bottom-freezer, side-by-side and French-door models.",
    icon: Refrigerator,
    color: "bg-sky-100 text-sky-800",
  },
  {
    slug: "washer",
    title: "Washer Repair",
    description:
      "Washer won't drain, won't spin, leaks or shakes across the floor? We fix top-load and front-load machines, often on the first visit.",
    icon: WashingMachine,
    color: "bg-indigo-100 text-indigo-800",
  },
  {
    slug: "dryer",
    title: "Dryer Repair",
    description:
      "No heat, long drying times, squealing or a dryer that won't start: we repair electric and gas dryers safely and correctly.",
    icon: Wind,
    color: "bg-amber-100 text-amber-800",
  },
  {
    slug: "oven",
    title: "Oven & Range Repair",
    description:
      "Oven won't heat, bakes unevenly or a burner won't light? We repair gas and electric ranges, wall ovens and cooktops.",
    icon: CookingPot,
    color: "bg-rose-100 text-rose-800",
  },
  {
    slug: "dishwasher",
    title: "Dishwasher Repair",
    description:
      "Dirty dishes, standing water or a leak under the door? We repair built-in and portable dishwashers from every major brand.",
    icon: UtensilsCrossed,
    color: "bg-emerald-100 text-emerald-800",
  },
  {
    slug: "microwave",
    title: "Microwave Repair",
    description:
      "Microwave runs but won't heat, sparks or won't start? We safely repair over-the-range, built-in and countertop models.",
    icon: Microwave,
    color: "bg-violet-100 text-violet-800",
  },
];

export const servicesIntro: { heading: string; paragraphs: readonly string[] } = {
  heading: "Appliance Repair Services",
  paragraphs: [
    "We repair the appliances a household can't do without: refrigerators, washers, dryers, ovens and ranges, dishwashers and microwaves, from every major brand. Service is usually within 48 hours, and our trucks carry the parts that fail most often, so many repairs are finished on the first visit.",
    "Every job starts with a proper diagnosis and a clear price before any work begins. You'll see the same technician from the first visit to the last, and if a repair doesn't make financial sense for an older appliance, we'll tell you that too. Choose your appliance below to read about the problems we fix most often and what causes them.",
  ],
};

export function serviceBySlug(slug: string): ServiceSummary | undefined {
  return services.find((service) => service.slug === slug);
}
