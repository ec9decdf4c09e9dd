import { BrandGrid } from "~/components/brand-grid";
import { CallToAction, PageHeader, Section } from "~/components/page-parts";
import { PromiseList } from "~/components/promise-list";
import { ServiceCard } from "~/components/service-card";
import { serviceTexts } from "~/content/service-texts.server";
import { localizedHref, requestLocale } from "~/lib/locale";
import { useLocale } from "~/lib/use-locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import { usePageLocation } from "~/lib/page-location";
import { useStickyLoaderData } from "~/lib/use-sticky-loader-data";
import * as m from "~/paraglide/messages/_index.js";

import type { Route } from "./+types/services";
import type { PageCacheHandle } from "~/lib/page-cache";

export const handle = {
  pageCache: { params: ["region"], copiesQueryString: true },
} satisfies PageCacheHandle;

// The cards' words come with the loader, in the page's language.
export function loader({ request }: Route.LoaderArgs) {
  return { services: serviceTexts(requestLocale(request)) };
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  return pageMeta(
    {
      title: m.meta_services_title({}, { locale }),
      description: m.meta_services_description({}, { locale }),
      path: "/services",
    },
    matches,
  );
}

export default function Services() {
  // The cards carry the whole query string, not only the region.
  const { search } = usePageLocation();
  const locale = useLocale();
  // Kept while a modal opens over the page (its element stays, its route's data does not).
  const services = useStickyLoaderData<Route.ComponentProps["loaderData"]>()?.services ?? [];
  return (
    <>
      <PageHeader
        title={m.services_heading({}, { locale })}
        lead={m.services_lead({}, { locale })}
        trail={[
          { name: m.nav_home({}, { locale }), path: "/" },
          { name: m.nav_services({}, { locale }), path: "/services" },
        ]}
      />
      <Section>
        <div className="max-w-3xl space-y-4 text-lg text-slate-700">
          <p>{m.services_intro_1({}, { locale })}</p>
          <p>{m.services_intro_2({}, { locale })}</p>
        </div>
      </Section>
      <Section
        id="promise"
        title={m.services_promise({}, { locale })}
        className="bg-brand-50/60 pt-0 sm:pt-0"
      >
        <PromiseList />
      </Section>
      <Section id="service-list" title={m.services_what_we_repair({}, { locale })}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.slug}>
              <ServiceCard
                service={service}
                href={localizedHref(`/services/${service.slug}${search}`, locale)}
              />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="brands" title={m.services_brands({}, { locale })} className="bg-slate-50">
        <BrandGrid />
      </Section>
      <CallToAction />
    </>
  );
}
