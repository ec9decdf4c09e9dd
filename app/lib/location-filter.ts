import type { DetectedLocation } from "./detected-location";

export interface LocationFilters {
  zip?: string;
  city?: string;
  /** The state or region's name, as detected ("Texas"). */
  region?: string;
  /** Same as region; either name or two-letter code of a US state ("TX"). */
  state?: string;
  /** Two-letter country code ("US") or the country's name. */
  country?: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A location matches when it is detected and every filter given matches (case-insensitively). */
export function locationMatches(location: DetectedLocation, filters: LocationFilters): boolean {
  if (!location.isLocationDetected) return false;
  const { zip, city, region, state, country } = filters;
  if (zip !== undefined && !same(location.postal, zip)) return false;
  if (city !== undefined && !same(location.city, city)) return false;
  if (region !== undefined && !same(location.region, region)) return false;
  if (state !== undefined && !same(location.region, state) && !same(regionCode(location), state)) {
    return false;
  }
  if (
    country !== undefined &&
    !same(location.country, country) &&
    !same(location.countryName, country)
  ) {
    return false;
  }
  return true;
}

const usStateCodes: Record<string, string> = {
  Virginia: "VA",
  "New Jersey": "NJ",
  Texas: "TX",
  "North Carolina": "NC",
  Florida: "FL",
  Massachusetts: "MA",
  California: "CA",
  "New York": "NY",
  Illinois: "IL",
};

function regionCode(location: DetectedLocation): string {
  return location.country === "US" ? (usStateCodes[location.region] ?? "") : "";
}
