import { AlertTriangle } from "lucide-react";
import { data } from "react-router";

import { JsonLd } from "~/components/json-ld";
import { ScheduleLink } from "~/components/schedule-link";
import { CallToAction, PageHeader, Section } from "~/components/page-parts";
import { serviceDetailBySlug } from "~/content/service-details.server";
import { serviceText } from "~/content/service-texts.server";
import { isServiceSlug, serviceLooks } from "~/content/services";
import { PriceNote } from "~/features/prices/price-note";
import { requestLocale } from "~/lib/locale";
import { useLocale } from "~/lib/use-locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import { breadcrumbJsonLd, serviceJsonLd } from "~/lib/structured-data";
import { useRegion } from "~/lib/use-region";
import { useSiteUrl } from "~/lib/use-site-url";
import { useStickyLoaderData } from "~/lib/use-sticky-loader-data";
import * as m from "~/paraglide/messages/_index.js";
import { servicesOf } from "~/services.server";

import type { Route } from "./+types/service-detail";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

// The page's long text comes with the loader: it never weighs on the browser's JavaScript.
// So do each office's fee and range for this appliance; the page shows the visitor's office's.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const detail = serviceDetailBySlug(params.slug, locale);
  if (!detail || !isServiceSlug(params.slug)) throw data(null, { status: 404 });
  return {
    service: serviceText(params.slug, locale),
    detail,
    prices: await servicesOf(context).prices.lines(params.slug, locale),
  };
}

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  const service = loaderData?.service;
  const detail = loaderData?.detail;
  if (!service || !detail) return [{ title: m.error_not_found_title({}, { locale }) }];
  return pageMeta(
    {
      title: m.meta_service_title({ service: service.title }, { locale }),
      description: detail.metaDescription,
      path: `/services/${service.slug}`,
    },
    matches,
  );
}

export default function ServiceDetail() {
  const { profile } = useRegion();
  const siteUrl = useSiteUrl();
  const locale = useLocale();
  const loaded = useStickyLoaderData<Route.ComponentProps["loaderData"]>();
  const service = loaded?.service;
  const detail = loaded?.detail;
  const prices = loaded?.prices[profile.stateSlug];
  if (!service || !detail) return null;
  const path = `/services/${service.slug}`;
  const trail = [
    { name: m.nav_home({}, { locale }), path: "/" },
    { name: m.nav_services({}, { locale }), path: "/services" },
    { name: service.title, path },
  ];
  const Icon = serviceLooks[service.slug].icon;
  return (
    <>
      <JsonLd
        data={serviceJsonLd(
          siteUrl,
          profile,
          {
            name: service.title,
            description: detail.metaDescription,
            path,
          },
          locale,
        )}
      />
      <JsonLd data={breadcrumbJsonLd(siteUrl, trail, locale)} />
      <PageHeader title={service.title} lead={service.description} trail={trail}>
        <ScheduleLink
          size="lg"
          appliance={service.slug}
          // Spanish names run long ("Reservar reparación de refrigeradores"): it wraps on a phone.
          className="mt-6 h-auto! min-h-12 py-2 text-center whitespace-normal!"
        >
          {m.service_book({ service: service.title.toLowerCase() }, { locale })}
        </ScheduleLink>
        <PriceNote
          lines={[prices?.serviceCall, prices?.range]}
          className="mt-5 max-w-2xl font-semibold text-brand-50"
        />
      </PageHeader>
      <Section>
        <div className="grid gap-10 lg:grid-cols-3">
          <div className="space-y-4 text-lg text-slate-700 lg:col-span-2">
            {detail.intro.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <aside className="h-fit rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
            <Icon className="size-8 text-brand-700" aria-hidden="true" />
            <p className="mt-3 font-bold text-slate-900">{m.service_every_brand({}, { locale })}</p>
            <p className="mt-1 text-sm text-slate-700">
              {m.service_first_visit({ service: service.title.toLowerCase() }, { locale })}
            </p>
          </aside>
        </div>
      </Section>
      <Section
        id="common-problems"
        title={m.service_common_problems({}, { locale })}
        className="bg-slate-50"
      >
        <ol className="grid gap-5 md:grid-cols-2">
          {detail.problems.map((problem) => (
            <li key={problem.title} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <h3 className="flex items-start gap-2.5 font-bold text-slate-900">
                <AlertTriangle
                  className="mt-0.5 size-5 shrink-0 text-accent-500"
                  aria-hidden="true"
                />
                {problem.title}
              </h3>
              <p className="mt-2 text-slate-700">{problem.causes}</p>
            </li>
          ))}
        </ol>
      </Section>
      <CallToAction
        heading={m.service_need_today({ service: service.title.toLowerCase() }, { locale })}
      />
    </>
  );
}
