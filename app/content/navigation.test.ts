import { expect, test } from "vitest";

import { navigation, serviceAreasFor } from "./navigation";

test("the service areas of a region are its sub-areas, labelled as the navigation labels them", () => {
  const areas = serviceAreasFor("Florida");
  expect(areas.map((area) => area.label)).toEqual([
    "Spring Hill",
    "Brooksville",
    "Aripeka",
    "Moon Lake",
    "Holiday",
  ]);
  expect(areas[0]?.href).toBe("/service-areas/florida?county=spring-hill");
  expect(serviceAreasFor("north caroline")).toHaveLength(26);
});

test("without a matching region, the list is the six states", () => {
  for (const region of [undefined, "", "Ohio"]) {
    expect(serviceAreasFor(region).map((area) => area.label)).toEqual([
      "Virginia",
      "New Jersey",
      "Texas",
      "North Caroline",
      "Florida",
      "Massachusetts",
    ]);
  }
});

test("the navigation has the spec's entries in order", () => {
  expect(navigation.map((entry) => entry.href)).toEqual([
    "/",
    "/services",
    "/service-areas",
    "/brands",
    "/reviews",
    "/contact",
  ]);
});
