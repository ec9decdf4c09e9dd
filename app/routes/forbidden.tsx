import { StatusPage } from "~/components/status-page";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/forbidden";
import { regionPageCache, type PageCacheHandle } from "~/lib/page-cache";

export const handle = { pageCache: regionPageCache } satisfies PageCacheHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Forbidden",
      description: "You don't have access to this page.",
      path: "/403",
      noindex: true,
    },
    matches,
  );
}

export default function Forbidden() {
  return (
    <StatusPage title="403 PAGE FORBIDDEN">
      <p className="mt-4 text-slate-700">You don&apos;t have permission to view this page.</p>
    </StatusPage>
  );
}
