import { CheckCircle2, MapPin, Phone } from "lucide-react";
import { data, Link, useParams } from "react-router";

import { JsonLd } from "~/components/json-ld";
import { CallToAction, PageHeader, Section } from "~/components/page-parts";
import { formatPhone, profileForState } from "~/content/company";
import { statePageBySlug } from "~/content/state-pages.server";
import { stateBySlug } from "~/content/states";
import { pageMeta } from "~/lib/meta";
import { usePageLocation } from "~/lib/page-location";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import { useRegion } from "~/lib/use-region";
import { useSiteUrl } from "~/lib/use-site-url";
import { useStickyLoaderData } from "~/lib/use-sticky-loader-data";
import { cn } from "~/lib/utils";

import type { Route } from "./+types/service-area-state";
import type { PageCacheHandle } from "~/lib/page-cache";

// The page's long text comes with the loader: it never weighs on the browser's JavaScript.
export function loader({ params }: Route.LoaderArgs) {
  const page = statePageBySlug(params.state);
  if (!stateBySlug(params.state) || !page) throw data(null, { status: 404 });
  return { page };
}

export const handle = { pageCache: { params: ["region", "county"] } } satisfies PageCacheHandle;

export function meta({ params, matches, loaderData }: Route.MetaArgs) {
  const state = stateBySlug(params.state);
  const page = loaderData?.page;
  if (!state || !page) return [{ title: "Page not found" }];
  return pageMeta(
    {
      title: `Appliance Repair in ${state.name} | Local Technicians`,
      description: page.metaDescription,
      path: `/service-areas/${state.slug}`,
    },
    matches,
  );
}

export default function ServiceAreaState() {
  const params = useParams();
  const { search } = usePageLocation();
  const { link } = useRegion();
  const siteUrl = useSiteUrl();
  const state = stateBySlug(params.state ?? "");
  const page = useStickyLoaderData<Route.ComponentProps["loaderData"]>()?.page;
  if (!state || !page) return null;
  const profile = profileForState(state.slug);
  const county = new URLSearchParams(search).get("county");
  const highlighted = state.subAreas.find((area) => area.slug === county);
  const path = `/service-areas/${state.slug}`;
  const trail = [
    { name: "Home", path: "/" },
    { name: "Service Areas", path: "/service-areas" },
    { name: state.name, path },
  ];

  return (
    <>
      <JsonLd data={breadcrumbJsonLd(siteUrl, trail)} />
      <PageHeader
        title={`Appliance Repair in ${highlighted ? `${highlighted.label}, ` : ""}${state.name}`}
        lead={`Local technicians working out of our ${profile.city} office.`}
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
        title="Areas served"
        lead={page.areasIntro}
        className="bg-slate-50"
      >
        <h3 className="sr-only">{state.subAreaKind}</h3>
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

      <Section id="why-choose-us" title={`Why ${state.name} homeowners choose us`}>
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
        title={`Common appliance issues in ${state.name}`}
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
