import { serviceStates } from "./states";

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
export function serviceAreasFor(stateLabel: string | undefined): readonly NavigationEntry[] {
  const match = serviceAreasEntry.children?.find(
    (entry) => entry.label.toLowerCase() === stateLabel?.toLowerCase(),
  );
  return match?.children ?? serviceAreasEntry.children ?? [];
}
