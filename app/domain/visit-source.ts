/**
 * Where a request or a message came from on the web (server/attribution/visit-source.ts keeps it
 * in the visitor's cookie): the first visit that said so and the latest, each with the campaign
 * parameters and ad click ids it arrived with (verbatim), the outside site it came from, the page
 * it landed on and when; and the channel the desk names it by.
 */

/** The query parameters a touch keeps, by the short key the cookie stores them under. */
export const touchParams = {
  utm_source: "s",
  utm_medium: "m",
  utm_campaign: "c",
  utm_term: "t",
  utm_content: "n",
  gclid: "g",
  gbraid: "gb",
  wbraid: "wb",
  msclkid: "ms",
  fbclid: "fb",
} as const;

export type TouchParam = keyof typeof touchParams;

/** One visit that said where it came from. */
export interface Touch {
  /** The parameters it arrived with, verbatim (only those of `touchParams`). */
  params: Partial<Record<TouchParam, string>>;
  /** The outside site's host it came from ("www.yelp.com"); null when none. */
  referrer: string | null;
  /** The path it landed on ("/services/dryer"), without its query. */
  landing: string;
  /** When (ISO 8601). */
  at: string;
}

/** The first touch and the last one that was not direct. */
export interface VisitSource {
  first: Touch;
  last: Touch;
}

const paidMedia = new Set([
  "cpc",
  "ppc",
  "paid",
  "paidsearch",
  "paid-search",
  "paid_search",
  "sem",
]);
const searchEngines =
  /(^|\.)(google\.[a-z.]+|duckduckgo\.com|yahoo\.com|ecosia\.org|search\.brave\.com)$/;
const bing = /(^|\.)bing\.com$/;
const facebook = /(^|\.)(facebook\.com|fb\.com|instagram\.com|messenger\.com)$/;

/**
 * The channel a touch names: "Google Ads" (a Google click id, or google with a paid medium),
 * "Google Business Profile" (`utm_campaign=gbp`), "Bing", "Facebook", "Newsletter", "Organic
 * search" (a search engine's referrer without parameters), "Referral: www.yelp.com" (another
 * site), or the `utm_source` as it was written.
 */
export function channelOf(touch: Touch): string {
  const { params, referrer } = touch;
  const source = params.utm_source?.toLowerCase() ?? "";
  const medium = params.utm_medium?.toLowerCase() ?? "";
  if (params.utm_campaign?.toLowerCase() === "gbp") return "Google Business Profile";
  if (params.gclid || params.gbraid || params.wbraid) return "Google Ads";
  if (source === "google" && paidMedia.has(medium)) return "Google Ads";
  if (params.msclkid || source === "bing" || (referrer && bing.test(referrer))) return "Bing";
  if (params.fbclid || ["facebook", "fb", "instagram", "meta"].includes(source)) return "Facebook";
  if (referrer && facebook.test(referrer)) return "Facebook";
  if (medium === "email" || source === "newsletter") return "Newsletter";
  if (source === "google" || (source === "" && referrer && searchEngines.test(referrer))) {
    return "Organic search";
  }
  if (params.utm_source) return params.utm_source;
  return referrer ? `Referral: ${referrer}` : "Direct";
}
