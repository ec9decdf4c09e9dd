import { PageHeader, Section } from "~/components/page-parts";
import { policyEffectiveDate, policySections } from "~/content/policy";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/policy";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Privacy Policy",
      description:
        "What we collect (name, phone, email and your inquiry), how we use it, our advertising service, and our promise: no tracking cookies, and we never sell your data.",
      path: "/policy",
    },
    matches,
  );
}

export default function Policy() {
  return (
    <>
      <PageHeader
        title="Privacy Policy"
        lead={`Effective ${policyEffectiveDate}`}
        trail={[
          { name: "Home", path: "/" },
          { name: "Privacy Policy", path: "/policy" },
        ]}
      />
      <Section>
        <div className="mx-auto max-w-3xl space-y-10">
          {policySections.map((section) => (
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
