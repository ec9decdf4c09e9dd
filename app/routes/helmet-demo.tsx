import { PageHeader, Section } from "~/components/page-parts";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/helmet-demo";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

const demoTitle = "Page Metadata Demo";
const demoDescription = "Shows how a route sets its own title, description and canonical link.";

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    { title: demoTitle, description: demoDescription, path: "/helmet", noindex: true },
    matches,
  );
}

export default function HelmetDemo() {
  return (
    <>
      <PageHeader title={demoTitle} lead="For developers: page metadata set by a route module." />
      <Section>
        <div className="max-w-3xl space-y-4 text-slate-700">
          <p>
            This page&apos;s <code>meta</code> export set the document title to{" "}
            <strong>{demoTitle}</strong> and the description to &ldquo;{demoDescription}&rdquo;.
            Every route does the same through <code>pageMeta()</code> in{" "}
            <code>app/lib/meta.ts</code>, which also adds the canonical link, Open Graph and Twitter
            card tags.
          </p>
          <p>
            Demo and debug pages like this one add <code>noindex</code> so search engines leave them
            out.
          </p>
        </div>
      </Section>
    </>
  );
}
