import { PageHeader, Section } from "~/components/page-parts";
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

const fields = [
  "City",
  "State/Region",
  "Country",
  "Coordinates",
  "Organization",
  "Postal code",
  "Timezone",
] as const;

export default function Location() {
  return (
    <>
      <PageHeader title="Your Location" lead="What this visit's location detection found." />
      <Section>
        <dl className="grid max-w-2xl gap-3 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <dt className="text-sm font-semibold text-slate-600">{field}</dt>
              <dd className="mt-1 text-slate-900">Detecting...</dd>
            </div>
          ))}
        </dl>
      </Section>
    </>
  );
}
