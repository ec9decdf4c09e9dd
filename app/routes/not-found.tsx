import { data } from "react-router";

import { StatusPage } from "~/components/status-page";
import { pageMeta } from "~/lib/meta";

import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    {
      title: "Page Not Found",
      description: "The page you are looking for does not exist.",
      path: location.pathname,
      noindex: true,
    },
    matches,
  );
}

export default function NotFound() {
  return (
    <StatusPage title="404 PAGE NOT FOUND">
      <p className="mt-4 text-slate-700">
        The page you are looking for has moved or never existed.
      </p>
      <p className="mt-2 text-xs text-slate-600">
        Rendered by <code>app/routes/not-found.tsx</code>
      </p>
    </StatusPage>
  );
}
