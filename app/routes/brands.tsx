import { BrandGrid } from "~/components/brand-grid";
import { CallToAction, PageHeader, Section } from "~/components/page-parts";
import { PhoneLink } from "~/components/phone-link";
import { ScheduleLink } from "~/components/schedule-link";
import { useLocale } from "~/lib/use-locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import * as m from "~/paraglide/messages/_index.js";

import type { Route } from "./+types/brands";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  return pageMeta(
    {
      title: m.meta_brands_title({}, { locale }),
      description: m.meta_brands_description({}, { locale }),
      path: "/brands",
    },
    matches,
  );
}

export default function Brands() {
  const locale = useLocale();
  return (
    <>
      <PageHeader
        title={m.brands_heading({}, { locale })}
        lead={m.brands_lead({}, { locale })}
        trail={[
          { name: m.nav_home({}, { locale }), path: "/" },
          { name: m.nav_brands({}, { locale }), path: "/brands" },
        ]}
      />
      <Section>
        <BrandGrid withText />
      </Section>
      <CallToAction
        heading={m.brands_missing_heading({}, { locale })}
        text={m.brands_missing_text({}, { locale })}
      >
        <PhoneLink variant="outline" size="lg">
          {m.brands_contact_us({}, { locale })}
        </PhoneLink>
        <ScheduleLink size="lg" />
      </CallToAction>
    </>
  );
}
