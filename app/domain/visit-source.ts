/**
 * Where a request or a message came from on the web (server/attribution/visit-source.ts keeps it
 * in the visitor's cookie): the first visit that said so and the latest, each with the campaign
 * parameters and ad click ids it arrived with (verbatim), the outside site it came from, the page
 * it landed on and when; and the channel the desk names it by.
 */
import { sourceText, type RequestSource } from "./phone-booking";

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
 * The source a touch names: "google-ads" (a Google click id, or google with a paid medium),
 * "google-business-profile" (`utm_campaign=gbp`), "bing", "facebook", "newsletter",
 * "organic-search" (a search engine's referrer, or google unpaid), "referral-site" (another
 * site: its host), "other" (a `utm_source` of its own: as written), "website" (none: direct).
 */
export function webSourceOf(touch: Touch | null): { source: RequestSource; detail: string | null } {
  if (!touch) return { source: "website", detail: null };
  const { params, referrer } = touch;
  const source = params.utm_source?.toLowerCase() ?? "";
  const medium = params.utm_medium?.toLowerCase() ?? "";
  const named = (kind: RequestSource) => ({ source: kind, detail: null });
  if (params.utm_campaign?.toLowerCase() === "gbp") return named("google-business-profile");
  if (params.gclid || params.gbraid || params.wbraid) return named("google-ads");
  if (source === "google" && paidMedia.has(medium)) return named("google-ads");
  if (params.msclkid || source === "bing" || (referrer && bing.test(referrer))) {
    return named("bing");
  }
  if (params.fbclid || ["facebook", "fb", "instagram", "meta"].includes(source)) {
    return named("facebook");
  }
  if (referrer && facebook.test(referrer)) return named("facebook");
  if (medium === "email" || source === "newsletter") return named("newsletter");
  if (source === "google" || (source === "" && referrer && searchEngines.test(referrer))) {
    return named("organic-search");
  }
  if (params.utm_source) return { source: "other", detail: params.utm_source.slice(0, 100) };
  return referrer ? { source: "referral-site", detail: referrer } : named("website");
}

/** "Google Ads", "Referral site: www.yelp.com", "Nextdoor": the source a touch names, in words. */
export function channelOf(touch: Touch): string {
  const { source, detail } = webSourceOf(touch);
  return source === "other" && detail ? detail : sourceText(source, detail);
}
