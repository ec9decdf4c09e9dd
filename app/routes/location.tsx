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

/** A country's name in `locale` ("Estados Unidos" for US), or "" for a code it does not know. */
function countryName(code: string, locale: Locale): string {
  if (!/^[A-Z]{2}$/.test(code)) return "";
  const name = new Intl.DisplayNames([locale], { type: "region", fallback: "none" }).of(code);
  return name ?? "";
}

const fields: ReadonlyArray<
  [label: Label, value: (location: DetectedLocation, locale: Locale) => string]
> = [
  [m.location_city, (location) => location.city],
  [m.location_region, (location) => location.region],
  [
    m.location_country,
    (location, locale) => {
      const name = locale === "en" ? location.countryName : countryName(location.country, locale);
      return name ? `${name} (${location.country})` : location.country;
    },
  ],
  [m.location_coordinates, (location) => location.loc],
  [m.location_organization, (location) => location.org],
  [m.location_postal, (location) => location.postal],
  [m.location_timezone, (location) => location.timezone],
];

type Filter = "country" | "city" | "zip";

const filterLabels: Record<
  Filter,
  (inputs: { value: string }, options: { locale: Locale }) => string
> = {
  country: m.location_filter_country,
  city: m.location_filter_city,
  zip: m.location_filter_zip,
};

const demoBlocks: ReadonlyArray<{ title: Label; filters: Partial<Record<Filter, string>> }> = [
  { title: m.location_block_us, filters: { country: "US" } },
  { title: m.location_block_new_york, filters: { city: "New York" } },
  { title: m.location_block_los_angeles, filters: { city: "Los Angeles" } },
  { title: m.location_block_chicago, filters: { city: "Chicago" } },
  ...["90210", "10001", "60601"].map((zip) => ({
    title: (_inputs: object, options: { locale: Locale }) => m.location_block_zip({ zip }, options),
    filters: { zip },
  })),
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
                  : value(location, locale) || m.location_not_detected({}, { locale })}
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
            <LocationGate key={title({}, { locale: "en" })} {...filters}>
              <li className="rounded-xl bg-white p-4 ring-1 ring-brand-200">
                <p className="font-semibold text-slate-900">{title({}, { locale })}</p>
                <p className="text-sm text-slate-700">
                  {m.location_shown_because(
                    {
                      filters: (Object.entries(filters) as Array<[Filter, string]>)
                        .map(([key, value]) => filterLabels[key]({ value }, { locale }))
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
