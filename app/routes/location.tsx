import { LocationGate } from "~/components/location-gate";
import { PageHeader, Section } from "~/components/page-parts";
import type { DetectedLocation } from "~/lib/detected-location";
import { useDetectedLocation } from "~/lib/location-store";
import { type Locale } from "~/lib/locale";
import { useLocale } from "~/lib/use-locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import * as m from "~/paraglide/messages/_index.js";

import type { Route } from "./+types/location";

export function meta({ matches }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  return pageMeta(
    {
      title: m.meta_location_title({}, { locale }),
      description: m.meta_location_description({}, { locale }),
      path: "/location",
      noindex: true,
    },
    matches,
  );
}

type Label = (inputs: object, options: { locale: Locale }) => string;

const fields: ReadonlyArray<[label: Label, value: (location: DetectedLocation) => string]> = [
  [m.location_city, (location) => location.city],
  [m.location_region, (location) => location.region],
  [
    m.location_country,
    (location) =>
      location.countryName ? `${location.countryName} (${location.country})` : location.country,
  ],
  [m.location_coordinates, (location) => location.loc],
  [m.location_organization, (location) => location.org],
  [m.location_postal, (location) => location.postal],
  [m.location_timezone, (location) => location.timezone],
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
  const locale = useLocale();
  return (
    <>
      <PageHeader
        title={m.location_heading({}, { locale })}
        lead={m.location_lead({}, { locale })}
      />
      <Section>
        <dl className="grid max-w-3xl gap-3 sm:grid-cols-2">
          {fields.map(([label, value]) => (
            <div
              key={label({}, { locale })}
              className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
            >
              <dt className="text-sm font-semibold text-slate-600">{label({}, { locale })}</dt>
              <dd className="mt-1 text-slate-900">
                {!settled
                  ? m.location_detecting({}, { locale })
                  : value(location) || m.location_not_detected({}, { locale })}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section
        title={m.location_gated_heading({}, { locale })}
        lead={m.location_gated_lead({}, { locale })}
        className="bg-slate-50"
      >
        <ul className="grid gap-3 sm:grid-cols-2">
          {demoBlocks.map(({ title, filters }) => (
            <LocationGate key={title} {...filters}>
              <li className="rounded-xl bg-white p-4 ring-1 ring-brand-200">
                <p className="font-semibold text-slate-900">{title}</p>
                <p className="text-sm text-slate-700">
                  {m.location_shown_because(
                    {
                      filters: Object.entries(filters)
                        .map(([key, value]) => `${key} ${value}`)
                        .join(", "),
                    },
                    { locale },
                  )}
                </p>
              </li>
            </LocationGate>
          ))}
        </ul>
      </Section>
    </>
  );
}
