import type { MetaDescriptor } from "react-router";

import { brandName } from "~/content/company";

import {
  hasSpanishTwin,
  isLocale,
  localeOfPath,
  localizedHref,
  locales,
  type Locale,
} from "./locale";

export const siteKeywords =
  "appliance repair, refrigerator repair, washing machine repair, oven repair, dryer repair, dishwasher repair, microwave repair";

/** What the root loader hands every page: the whitelisted public configuration. */
export interface RootMatchData {
  siteUrl: string;
  googleMapsApiKey: string | null;
  googleMapsScriptUrl: string;
  /** The state detected for this visitor when it is one of the six ("Texas"), else null. */
  detectedState: string | null;
}

interface MetaMatch {
  id: string;
  pathname?: string;
  loaderData?: unknown;
}

export function siteUrlFrom(matches: ReadonlyArray<MetaMatch | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    RootMatchData | undefined;
  return root?.siteUrl ?? "";
}

export interface PageMetaOptions {
  title: string;
  description: string;
  /** The path without query: canonical URLs never carry `?region=`. */
  path: string;
  noindex?: boolean;
}

/**
 * The language a page's meta is written in: the one its loader names (a private page's request),
 * else its address's (the deepest match's path), as `useLocale` reads it.
 */
export function metaLocale(matches: ReadonlyArray<MetaMatch | undefined>): Locale {
  for (const match of matches) {
    const named = (match?.loaderData as { locale?: unknown } | null | undefined)?.locale;
    if (isLocale(named)) return named;
  }
  return localeOfPath(matches.at(-1)?.pathname ?? "/");
}

/**
 * The links between a page's two languages: each language's address and `x-default` (English),
 * the same on both pages (issue 39).
 */
export function languageAlternates(siteUrl: string, path: string): MetaDescriptor[] {
  return [
    ...locales.map((locale) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: locale,
      href: `${siteUrl}${localizedHref(path, locale)}`,
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${siteUrl}${path}` },
  ];
}

/**
 * Title, description, canonical link (the page's own language), the language alternates of a page
 * that has both, keywords, Open Graph and Twitter card tags. `path` is the English path.
 */
export function pageMeta(
  { title, description, path, noindex = false }: PageMetaOptions,
  matches: ReadonlyArray<MetaMatch | undefined>,
): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  const locale = metaLocale(matches);
  const url = `${siteUrl}${localizedHref(path, locale)}`;
  const image = `${siteUrl}/og-image.png`;
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: siteKeywords },
    { tagName: "link", rel: "canonical", href: url },
    ...(noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    ...(hasSpanishTwin(path) ? languageAlternates(siteUrl, path) : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brandName },
    { property: "og:locale", content: locale === "es" ? "es_US" : "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
