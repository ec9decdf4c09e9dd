import { BrandGrid } from "~/components/brand-grid";
import { CallToAction, PageHeader, Section } from "~/components/page-parts";
import { PhoneLink } from "~/components/phone-link";
import { ScheduleLink } from "~/components/schedule-link";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/brands";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Brands We Repair | Whirlpool, Samsung, LG, GE, Bosch & More",
      description:
        "We repair 20 major appliance brands, from Whirlpool, GE, Samsung and LG to Sub-Zero, Miele, Thermador and Monogram. Factory-trained technicians.",
      path: "/brands",
    },
    matches,
  );
}

export default function Brands() {
  return (
    <>
      <PageHeader
        title="Our Supported Brands"
        lead="Everyday workhorses and high-end built-ins alike: our technicians train on each manufacturer's service procedures."
        trail={[
          { name: "Home", path: "/" },
          { name: "Brands We Repair", path: "/brands" },
        ]}
      />
      <Section>
        <BrandGrid withText />
      </Section>
      <CallToAction
        heading="Don't see your brand?"
        text="We repair most makes and models, including older and discontinued ones. Tell us what you have and we'll confirm before we come out."
      >
        <PhoneLink variant="outline" size="lg">
          Contact Us
        </PhoneLink>
        <ScheduleLink size="lg" />
      </CallToAction>
    </>
  );
}
