import { ArrowRight, MapPin } from "lucide-react";
import { Link } from "react-router";

import { CallToAction, PageHeader, Section } from "~/components/page-parts";
import { formatPhone, profileForState } from "~/content/company";
import { stateName } from "~/content/navigation";
import { serviceStates } from "~/content/states";
import { useLocale } from "~/lib/use-locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import { useRegion } from "~/lib/use-region";
import * as m from "~/paraglide/messages/_index.js";

import type { Route } from "./+types/service-areas";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  return pageMeta(
    {
      title: m.meta_service_areas_title({}, { locale }),
      description: m.meta_service_areas_description({}, { locale }),
      path: "/service-areas",
    },
    matches,
  );
}

export default function ServiceAreas() {
  const { link } = useRegion();
  const locale = useLocale();
  return (
    <>
      <PageHeader
        title={m.service_areas_heading({}, { locale })}
        lead={m.service_areas_lead({}, { locale })}
        trail={[
          { name: m.nav_home({}, { locale }), path: "/" },
          { name: m.nav_service_areas({}, { locale }), path: "/service-areas" },
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
                <h2 className="text-xl font-bold text-slate-900">
                  {locale === "en" ? state.label : stateName(state.slug, locale)}
                </h2>
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
                  {m.service_areas_repair_in({ state: stateName(state.slug, locale) }, { locale })}
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
