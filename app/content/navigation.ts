import type { CompanyProfile } from "~/content/company";
import * as m from "~/components/shell-messages";
import type { Locale } from "~/lib/locale";

import { serviceStates, type StateSlug } from "./states";

export interface NavigationEntry {
  href: string;
  label: string;
  children?: readonly NavigationEntry[];
}

const serviceLabels = [
  ["refrigerator", "Refrigerator Repair"],
  ["washer", "Washer Repair"],
  ["dryer", "Dryer Repair"],
  ["oven", "Oven Repair"],
  ["dishwasher", "Dishwasher Repair"],
  ["microwave", "Microwave Repair"],
] as const;

export const serviceAreasEntry: NavigationEntry = {
  href: "/service-areas",
  label: "Service Areas",
  children: serviceStates.map((state) => ({
    href: `/service-areas/${state.slug}`,
    label: state.label,
    children: state.subAreas.map((area) => ({
      href: `/service-areas/${state.slug}?county=${area.slug}`,
      label: area.label,
    })),
  })),
};

export const navigation: readonly NavigationEntry[] = [
  { href: "/", label: "Home" },
  {
    href: "/services",
    label: "Services",
    children: serviceLabels.map(([slug, label]) => ({ href: `/services/${slug}`, label })),
  },
  serviceAreasEntry,
  { href: "/brands", label: "Brands We Repair" },
  { href: "/reviews", label: "Reviews" },
  { href: "/contact", label: "Contact" },
];

/**
 * The sub-areas for a region (a state's name or label), or every state when none matches,
 * as the map section and the contact page list them.
 */
export function serviceAreasFor(
  stateLabel: string | undefined,
  locale: Locale = "en",
): readonly NavigationEntry[] {
  const match = serviceAreasEntry.children?.find(
    (entry) => entry.label.toLowerCase() === stateLabel?.toLowerCase(),
  );
  if (match?.children) return match.children;
  const states = serviceAreasEntry.children ?? [];
  if (locale === "en") return states;
  return states.map((entry, index) => ({
    ...entry,
    label: stateName(serviceStates[index]!.slug, locale),
  }));
}

const localServiceLabels = {
  refrigerator: m.service_refrigerator_repair,
  washer: m.service_washer_repair,
  dryer: m.service_dryer_repair,
  oven: m.service_oven_repair,
  dishwasher: m.service_dishwasher_repair,
  microwave: m.service_microwave_repair,
} as const;

const stateNames = {
  virginia: m.state_virginia,
  "new-jersey": m.state_new_jersey,
  texas: m.state_texas,
  "north-carolina": m.state_north_carolina,
  florida: m.state_florida,
  massachusetts: m.state_massachusetts,
} as const;

/** A state's name in a language ("Nueva Jersey"). */
export function stateName(slug: StateSlug, locale: Locale): string {
  return stateNames[slug]({}, { locale });
}

/**
 * The navigation in a language: English keeps the spec's labels (`navigation`), Spanish names
 * the same pages in Spanish (the links are made Spanish by `useRegion().link`).
 */
export function navigationFor(locale: Locale): readonly NavigationEntry[] {
  if (locale === "en") return navigation;
  return [
    { href: "/", label: m.nav_home({}, { locale }) },
    {
      href: "/services",
      label: m.nav_services({}, { locale }),
      children: serviceLabels.map(([slug]) => ({
        href: `/services/${slug}`,
        label: localServiceLabels[slug]({}, { locale }),
      })),
    },
    {
      ...serviceAreasEntry,
      label: m.nav_service_areas({}, { locale }),
      children: serviceStates.map((state, index) => ({
        ...serviceAreasEntry.children![index]!,
        label: stateName(state.slug, locale),
      })),
    },
    { href: "/brands", label: m.nav_brands({}, { locale }) },
    { href: "/reviews", label: m.nav_reviews({}, { locale }) },
    { href: "/contact", label: m.nav_contact({}, { locale }) },
  ];
}

/** "Easy Appliance Repair of Texas" / "Easy Appliance Repair de Texas". */
export function officeName(profile: CompanyProfile, locale: Locale): string {
  if (locale === "en") return profile.name;
  return m.office_name(
    { brand: profile.shortName, state: stateName(profile.stateSlug, locale) },
    { locale },
  );
}
