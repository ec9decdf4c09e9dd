import { PageHeader, Section } from "~/components/page-parts";
import { spanishPolicySections } from "~/content/es/policy.server";
import { policyEffectiveDate, policySections } from "~/content/policy";
import { requestLocale } from "~/lib/locale";
import { useLocale } from "~/lib/use-locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import { useStickyLoaderData } from "~/lib/use-sticky-loader-data";
import * as m from "~/paraglide/messages/_index.js";

import type { Route } from "./+types/policy";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

// The policy's text comes with the loader, in the page's language.
export function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  return {
    effectiveDate: policyEffectiveDate,
    sections: locale === "es" ? spanishPolicySections : policySections,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  return pageMeta(
    {
      title: m.meta_policy_title({}, { locale }),
      description: m.meta_policy_description({}, { locale }),
      path: "/policy",
    },
    matches,
  );
}

export default function Policy() {
  const locale = useLocale();
  // Kept while a modal opens over the page (its element stays, its route's data does not).
  const policy = useStickyLoaderData<Route.ComponentProps["loaderData"]>();
  if (!policy) return null;
  return (
    <>
      <PageHeader
        title={m.policy_heading({}, { locale })}
        lead={m.policy_effective({ date: policy.effectiveDate }, { locale })}
        trail={[
          { name: m.nav_home({}, { locale }), path: "/" },
          { name: m.nav_privacy_policy({}, { locale }), path: "/policy" },
        ]}
      />
      <Section>
        <div className="mx-auto max-w-3xl space-y-10">
          {policy.sections.map((section) => (
            <section key={section.heading}>
              <h2 className="text-xl font-bold text-slate-900">{section.heading}</h2>
              <div className="mt-3 space-y-3 text-slate-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.list ? (
                  <ul className="list-disc space-y-1.5 pl-6">
                    {section.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
                {section.closing ? <p>{section.closing}</p> : null}
              </div>
            </section>
          ))}
        </div>
      </Section>
    </>
  );
}
