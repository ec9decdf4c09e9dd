import { data } from "react-router";

import { StatusPage } from "~/components/status-page";
import { useLocale } from "~/lib/use-locale";
import { metaLocale, pageMeta } from "~/lib/meta";
import * as m from "~/paraglide/messages/_index.js";

import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  const locale = metaLocale(matches);
  return pageMeta(
    {
      title: m.meta_not_found_title({}, { locale }),
      description: m.meta_not_found_description({}, { locale }),
      path: location.pathname,
      noindex: true,
    },
    matches,
  );
}

export default function NotFound() {
  const locale = useLocale();
  return (
    <StatusPage title={m.error_not_found_title({}, { locale })}>
      <p className="mt-4 text-slate-700">{m.error_not_found_text({}, { locale })}</p>
      <p className="mt-2 text-xs text-slate-600">
        Rendered by <code>app/routes/not-found.tsx</code>
      </p>
    </StatusPage>
  );
}
