import type { MetaDescriptor } from "react-router";

import { brandName } from "~/content/company";

export const siteTitle = "Appliance Repair Services | Professional Home Appliance Repair";

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

/** Title, description, canonical link, keywords, Open Graph and Twitter card tags. */
export function pageMeta(
  { title, description, path, noindex = false }: PageMetaOptions,
  matches: ReadonlyArray<MetaMatch | undefined>,
): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  const url = `${siteUrl}${path}`;
  const image = `${siteUrl}/og-image.png`;
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: siteKeywords },
    { tagName: "link", rel: "canonical", href: url },
    ...(noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brandName },
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
