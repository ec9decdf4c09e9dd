import { BrandGrid } from "~/components/brand-grid";
import { CallToAction, PageHeader, Section } from "~/components/page-parts";
import { PromiseList } from "~/components/promise-list";
import { ServiceCard } from "~/components/service-card";
import { services, servicesIntro } from "~/content/services";
import { pageMeta } from "~/lib/meta";
import { usePageLocation } from "~/lib/page-location";

import type { Route } from "./+types/services";
import type { PageCacheHandle } from "~/lib/page-cache";

export const handle = {
  pageCache: { params: ["region"], copiesQueryString: true },
} satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Appliance Repair Services: Refrigerators, Washers, Dryers & More",
      description:
        "Refrigerator, washer, dryer, oven, dishwasher and microwave repair by background-checked, factory-trained technicians. Service usually within 48 hours.",
      path: "/services",
    },
    matches,
  );
}

export default function Services() {
  // The cards carry the whole query string, not only the region.
  const { search } = usePageLocation();
  return (
    <>
      <PageHeader
        title="Our Appliance Repair Services"
        lead={servicesIntro.heading}
        trail={[
          { name: "Home", path: "/" },
          { name: "Services", path: "/services" },
        ]}
      />
      <Section>
        <div className="max-w-3xl space-y-4 text-lg text-slate-700">
          {servicesIntro.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section id="promise" title="Our service promise" className="bg-brand-50/60 pt-0 sm:pt-0">
        <PromiseList />
      </Section>
      <Section id="service-list" title="What we repair">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.slug}>
              <ServiceCard service={service} href={`/services/${service.slug}${search}`} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="brands" title="Brands We Service" className="bg-slate-50">
        <BrandGrid />
      </Section>
      <CallToAction />
    </>
  );
}
