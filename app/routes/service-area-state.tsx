import { CheckCircle2, MapPin, Phone } from "lucide-react";
import { data, Link, useParams } from "react-router";

import { JsonLd } from "~/components/json-ld";
import { CallToAction, PageHeader, Section } from "~/components/page-parts";
import { formatPhone, profileForState } from "~/content/company";
import { statePageBySlug } from "~/content/state-pages.server";
import { stateName } from "~/content/navigation";
import { stateBySlug, type ServiceState } from "~/content/states";
import { requestLocale, type Locale } from "~/lib/locale";
import { useLocale } from "~/lib/use-locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import { usePageLocation } from "~/lib/page-location";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import { useRegion } from "~/lib/use-region";
import { useSiteUrl } from "~/lib/use-site-url";
import { useStickyLoaderData } from "~/lib/use-sticky-loader-data";
import { cn } from "~/lib/utils";
import * as m from "~/paraglide/messages/_index.js";

import type { Route } from "./+types/service-area-state";
import type { PageCacheHandle } from "~/lib/page-cache";

// The page's long text comes with the loader: it never weighs on the browser's JavaScript.
export function loader({ params, request }: Route.LoaderArgs) {
  const page = statePageBySlug(params.state, requestLocale(request));
  if (!stateBySlug(params.state) || !page) throw data(null, { status: 404 });
  return { page };
}

export const handle = { pageCache: { params: ["region", "county"] } } satisfies PageCacheHandle;

export function meta({ params, matches, loaderData }: Route.MetaArgs) {
  const state = stateBySlug(params.state);
  const page = loaderData?.page;
  const locale = metaLocale(matches);
  if (!state || !page) return [{ title: m.error_not_found_title({}, { locale }) }];
  return pageMeta(
    {
      title: m.meta_state_title({ state: stateName(state.slug, locale) }, { locale }),
      description: page.metaDescription,
      path: `/service-areas/${state.slug}`,
    },
    matches,
  );
}

const subAreaKinds: Record<string, (inputs: object, options: { locale: Locale }) => string> = {
  "Counties and cities": m.area_kind_counties_and_cities,
  Counties: m.area_kind_counties,
  Towns: m.area_kind_towns,
  Communities: m.area_kind_communities,
};

/** What a state's sub-areas are ("Condados"), in the page's language. */
function subAreaKind(state: ServiceState, locale: Locale): string {
  return subAreaKinds[state.subAreaKind]?.({}, { locale }) ?? state.subAreaKind;
}

export default function ServiceAreaState() {
  const params = useParams();
  const { search } = usePageLocation();
  const { link } = useRegion();
  const siteUrl = useSiteUrl();
  const locale = useLocale();
  const state = stateBySlug(params.state ?? "");
  const page = useStickyLoaderData<Route.ComponentProps["loaderData"]>()?.page;
  if (!state || !page) return null;
  const profile = profileForState(state.slug);
  const county = new URLSearchParams(search).get("county");
  const highlighted = state.subAreas.find((area) => area.slug === county);
  const path = `/service-areas/${state.slug}`;
  const name = stateName(state.slug, locale);
  const trail = [
    { name: m.nav_home({}, { locale }), path: "/" },
    { name: m.nav_service_areas({}, { locale }), path: "/service-areas" },
    { name, path },
  ];

  return (
    <>
      <JsonLd data={breadcrumbJsonLd(siteUrl, trail, locale)} />
      <PageHeader
        title={m.state_heading(
          { place: highlighted ? `${highlighted.label}, ${name}` : name },
          { locale },
        )}
        lead={m.state_lead({ city: profile.city }, { locale })}
        trail={trail}
      >
        <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-brand-50">
          <span className="inline-flex items-center gap-2">
            <MapPin className="size-4" aria-hidden="true" />
            {profile.address}
          </span>
          <a
            href={`tel:${profile.phoneForCall}`}
            className="inline-flex items-center gap-2 font-semibold text-white hover:underline"
          >
            <Phone className="size-4" aria-hidden="true" />
            {formatPhone(profile.phone)}
          </a>
        </div>
      </PageHeader>

      <Section>
        <div className="max-w-3xl space-y-4 text-lg text-slate-700">
          {page.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <Section
        id="areas-served"
        title={m.state_areas_served({}, { locale })}
        lead={page.areasIntro}
        className="bg-slate-50"
      >
        <h3 className="sr-only">{subAreaKind(state, locale)}</h3>
        <ul className="flex flex-wrap gap-2.5">
          {state.subAreas.map((area) => {
            const current = area.slug === highlighted?.slug;
            return (
              <li key={area.slug}>
                <Link
                  to={link(`${path}?county=${area.slug}`)}
                  aria-current={current ? "true" : undefined}
                  preventScrollReset
                  className={cn(
                    "inline-block rounded-full border px-4 py-1.5 text-sm font-medium",
                    current
                      ? "border-brand-700 bg-brand-700 text-white"
                      : "border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-800",
                  )}
                >
                  {area.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="why-choose-us" title={m.state_why_choose_us({ state: name }, { locale })}>
        <ul className="grid gap-5 md:grid-cols-2">
          {page.whyChooseUs.map((reason) => (
            <li key={reason.title} className="flex gap-3">
              <CheckCircle2 className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <div>
                <h3 className="font-bold text-slate-900">{reason.title}</h3>
                <p className="mt-1 text-slate-700">{reason.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="local-issues"
        title={m.state_local_issues({ state: name }, { locale })}
        className="bg-brand-50/60"
      >
        <ul className="grid gap-5 md:grid-cols-2">
          {page.localIssues.map((issue) => (
            <li key={issue.title} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h3 className="font-bold text-slate-900">{issue.title}</h3>
              <p className="mt-2 text-slate-700">{issue.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <CallToAction heading={page.callToAction.heading} text={page.callToAction.text} />
    </>
  );
}
