import { expect, test } from "vitest";

import { countryNameFor, countryNames } from "./countries";

test("about 195 countries, each under its two-letter code", () => {
  expect(countryNames.size).toBeGreaterThanOrEqual(195);
  expect(countryNames.size).toBeLessThanOrEqual(205);
  for (const [code, name] of countryNames) {
    expect(code).toMatch(/^[A-Z]{2}$/);
    expect(name).not.toBe("");
  }
});

test("a code gives its country's English name, whatever its case; an unknown code gives nothing", () => {
  expect(countryNameFor("US")).toBe("United States");
  expect(countryNameFor("gb")).toBe("United Kingdom");
  expect(countryNameFor("DE")).toBe("Germany");
  expect(countryNameFor("ZZ")).toBe("");
  expect(countryNameFor("")).toBe("");
});
