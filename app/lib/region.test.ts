import { expect, test } from "vitest";

import { heroRegionName, pickCompanyProfile, regionInfo, withRegion } from "./region";

test("the profile follows the region parameter, case-insensitively", () => {
  expect(pickCompanyProfile("florida").stateSlug).toBe("florida");
  expect(pickCompanyProfile("NEW JERSEY").stateSlug).toBe("new-jersey");
  expect(pickCompanyProfile("North Caroline").stateSlug).toBe("north-carolina");
  expect(pickCompanyProfile("north carolina").stateSlug).toBe("north-carolina");
});

test("an unknown or missing region falls back to Texas", () => {
  expect(pickCompanyProfile("Ohio").stateSlug).toBe("texas");
  expect(pickCompanyProfile(null).stateSlug).toBe("texas");
  expect(pickCompanyProfile("").stateSlug).toBe("texas");
});

test("the hero names a matching state, otherwise the neighborhood", () => {
  expect(heroRegionName("virginia")).toBe("Virginia");
  expect(heroRegionName("Gotham")).toBe("Neighborhood");
  expect(heroRegionName(undefined)).toBe("Neighborhood");
});

test("withRegion carries the region and keeps other parameters", () => {
  expect(withRegion("/services", "Texas")).toBe("/services?region=Texas");
  expect(withRegion("/service-areas/texas?county=harris", "New Jersey")).toBe(
    "/service-areas/texas?county=harris&region=New+Jersey",
  );
  expect(withRegion("/brands", null)).toBe("/brands");
});

test("without ?region= the detected state is in force; the parameter wins when present", () => {
  const detected = regionInfo(new URLSearchParams(""), "Virginia");
  expect(detected.region).toBe("Virginia");
  expect(detected.profile.stateSlug).toBe("virginia");
  const chosen = regionInfo(new URLSearchParams("region=Florida"), "Virginia");
  expect(chosen.profile.stateSlug).toBe("florida");
  expect(regionInfo(new URLSearchParams(""), null).profile.stateSlug).toBe("texas");
});
