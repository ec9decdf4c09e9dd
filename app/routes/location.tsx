import { LocationGate } from "~/components/location-gate";
import { PageHeader, Section } from "~/components/page-parts";
import type { DetectedLocation } from "~/lib/detected-location";
import { useDetectedLocation } from "~/lib/location-store";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/location";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Location Detection (debug)",
      description: "The location detected for this visit, for testing location-aware content.",
      path: "/location",
      noindex: true,
    },
    matches,
  );
}

const fields: ReadonlyArray<[label: string, value: (location: DetectedLocation) => string]> = [
  ["City", (location) => location.city],
  ["State/Region", (location) => location.region],
  [
    "Country",
    (location) =>
      location.countryName ? `${location.countryName} (${location.country})` : location.country,
  ],
  ["Coordinates", (location) => location.loc],
  ["Organization", (location) => location.org],
  ["Postal code", (location) => location.postal],
  ["Timezone", (location) => location.timezone],
];

const demoBlocks: ReadonlyArray<{ title: string; filters: Record<string, string> }> = [
  { title: "Visitors in the United States", filters: { country: "US" } },
  { title: "Visitors in New York", filters: { city: "New York" } },
  { title: "Visitors in Los Angeles", filters: { city: "Los Angeles" } },
  { title: "Visitors in Chicago", filters: { city: "Chicago" } },
  { title: "ZIP code 90210", filters: { zip: "90210" } },
  { title: "ZIP code 10001", filters: { zip: "10001" } },
  { title: "ZIP code 60601", filters: { zip: "60601" } },
];

export default function Location() {
  const { location, status } = useDetectedLocation();
  const settled = status === "settled";
  return (
    <>
      <PageHeader title="Your Location" lead="What this visit's location detection found." />
      <Section>
        <dl className="grid max-w-3xl gap-3 sm:grid-cols-2">
          {fields.map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <dt className="text-sm font-semibold text-slate-600">{label}</dt>
              <dd className="mt-1 text-slate-900">
                {!settled ? "Detecting..." : value(location) || "Not detected"}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section
        title="Location-gated content"
        lead="Each block shows only when the detected location matches it."
        className="bg-slate-50"
      >
        <ul className="grid gap-3 sm:grid-cols-2">
          {demoBlocks.map(({ title, filters }) => (
            <LocationGate key={title} {...filters}>
              <li className="rounded-xl bg-white p-4 ring-1 ring-brand-200">
                <p className="font-semibold text-slate-900">{title}</p>
                <p className="text-sm text-slate-700">
                  Shown because your location matches{" "}
                  {Object.entries(filters)
                    .map(([key, value]) => `${key} ${value}`)
                    .join(", ")}
                  .
                </p>
              </li>
            </LocationGate>
          ))}
        </ul>
      </Section>
    </>
  );
}
