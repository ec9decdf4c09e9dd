import { serviceSlugs } from "~/content/services";
import { stateSlugs } from "~/content/states";

import { servicesOf } from "~/services.server";

import type { Route } from "./+types/sitemap";

/** Every public page. Sub-areas (`?county=`) share their state page's content, so they are left out. */
export const publicPaths = [
  "/",
  "/services",
  ...serviceSlugs.map((slug) => `/services/${slug}`),
  "/service-areas",
  ...stateSlugs.map((slug) => `/service-areas/${slug}`),
  "/brands",
  "/reviews",
  "/contact",
  "/policy",
];

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = servicesOf(context).publicConfig;
  const urls = publicPaths.map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
