import { ArrowRight, MapPin } from "lucide-react";
import { Link } from "react-router";

import { CallToAction, PageHeader, Section } from "~/components/page-parts";
import { formatPhone, profileForState } from "~/content/company";
import { serviceStates } from "~/content/states";
import { pageMeta } from "~/lib/meta";
import { useRegion } from "~/lib/use-region";

import type { Route } from "./+types/service-areas";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Service Areas | Appliance Repair in Six States",
      description:
        "Local appliance repair offices serving Virginia, New Jersey, Texas, North Carolina, Florida and Massachusetts. Find the counties and towns we cover.",
      path: "/service-areas",
    },
    matches,
  );
}

export default function ServiceAreas() {
  const { link } = useRegion();
  return (
    <>
      <PageHeader
        title="Areas We Serve"
        lead="Six local offices, each with its own technicians, trucks and phone line."
        trail={[
          { name: "Home", path: "/" },
          { name: "Service Areas", path: "/service-areas" },
        ]}
      />
      <Section>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {serviceStates.map((state) => {
            const profile = profileForState(state.slug);
            return (
              <li
                key={state.slug}
                className="flex flex-col rounded-2xl border border-slate-200 p-6 shadow-sm"
              >
                <h2 className="text-xl font-bold text-slate-900">{state.label}</h2>
                <p className="mt-2 flex items-start gap-2 text-sm text-slate-700">
                  <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  {profile.address} · {formatPhone(profile.phone)}
                </p>
                <p className="mt-3 flex-1 text-sm text-slate-700">
                  {state.subAreas.map((area) => area.label).join(", ")}
                </p>
                <Link
                  to={link(`/service-areas/${state.slug}`)}
                  className="mt-4 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
                >
                  Appliance repair in {state.name}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>
      <CallToAction />
    </>
  );
}
