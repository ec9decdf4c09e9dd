import { serviceSlugs } from "~/content/services";
import { localizedHref, locales } from "~/lib/locale";
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

/**
 * Each page in both languages, each entry naming both and `x-default` (English), as Google reads
 * a sitemap's alternates.
 */
function entriesOf(siteUrl: string, path: string): string[] {
  const alternates = [
    ...locales.map(
      (locale) =>
        `    <xhtml:link rel="alternate" hreflang="${locale}" href="${siteUrl}${localizedHref(path, locale)}"/>`,
    ),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${siteUrl}${path}"/>`,
  ].join("\n");
  return locales.map(
    (locale) =>
      `  <url>\n    <loc>${siteUrl}${localizedHref(path, locale)}</loc>\n${alternates}\n  </url>`,
  );
}

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = servicesOf(context).publicConfig;
  const urls = publicPaths.flatMap((path) => entriesOf(siteUrl, path)).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
