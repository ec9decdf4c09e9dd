/**
 * The visitor's location as the server detects it from their IP address (spec §3). Shared by
 * the server, which fills it, and the browser, which holds it: no Node imports here.
 */
export interface DetectedLocation {
  ip: string;
  city: string;
  /** The state or region's name: "Texas", "New Jersey", "North Carolina". */
  region: string;
  /** ISO 3166-1 two-letter code: "US". */
  country: string;
  /** The country's English name, from `countryNameFor(country)`. */
  countryName: string;
  /** "latitude,longitude". */
  loc: string;
  /** The network's autonomous system: "AS7922 Comcast Cable Communications, LLC". */
  org: string;
  postal: string;
  /** IANA time zone: "America/Chicago". */
  timezone: string;
  isLocationDetected: boolean;
}

/** The initial state, and the answer for private, loopback and unknown addresses. */
export const notDetected: DetectedLocation = Object.freeze({
  ip: "",
  city: "",
  region: "",
  country: "",
  countryName: "",
  loc: "",
  org: "",
  postal: "",
  timezone: "",
  isLocationDetected: false,
});
