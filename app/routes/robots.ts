import { servicesOf } from "~/services.server";

import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = servicesOf(context).publicConfig;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /modals/",
    "Disallow: /unsubscribe",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
