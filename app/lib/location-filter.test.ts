import { expect, test } from "vitest";

import { notDetected, type DetectedLocation } from "./detected-location";
import { locationMatches } from "./location-filter";

const chicago: DetectedLocation = {
  ip: "98.213.0.1",
  city: "Chicago",
  region: "Illinois",
  country: "US",
  countryName: "United States",
  loc: "41.8781,-87.6298",
  org: "AS7922 Comcast Cable Communications, LLC",
  postal: "60601",
  timezone: "America/Chicago",
  isLocationDetected: true,
};

test("nothing shows while no location is detected", () => {
  expect(locationMatches(notDetected, {})).toBe(false);
  expect(locationMatches(notDetected, { country: "US" })).toBe(false);
});

test("a detected location with no filters matches", () => {
  expect(locationMatches(chicago, {})).toBe(true);
});

test("each filter matches case-insensitively and rejects others", () => {
  expect(locationMatches(chicago, { zip: "60601" })).toBe(true);
  expect(locationMatches(chicago, { zip: "10001" })).toBe(false);
  expect(locationMatches(chicago, { city: "chicago" })).toBe(true);
  expect(locationMatches(chicago, { city: "New York" })).toBe(false);
  expect(locationMatches(chicago, { region: "ILLINOIS" })).toBe(true);
  expect(locationMatches(chicago, { region: "Texas" })).toBe(false);
  expect(locationMatches(chicago, { state: "Illinois" })).toBe(true);
  expect(locationMatches(chicago, { state: "IL" })).toBe(true);
  expect(locationMatches(chicago, { state: "TX" })).toBe(false);
  expect(locationMatches(chicago, { country: "us" })).toBe(true);
  expect(locationMatches(chicago, { country: "United States" })).toBe(true);
  expect(locationMatches(chicago, { country: "CA" })).toBe(false);
});

test("every given filter must match", () => {
  expect(locationMatches(chicago, { country: "US", city: "Chicago", zip: "60601" })).toBe(true);
  expect(locationMatches(chicago, { country: "US", city: "Chicago", zip: "90210" })).toBe(false);
});
