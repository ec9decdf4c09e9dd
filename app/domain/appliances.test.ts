import { expect, test } from "vitest";

import { applianceName } from "./appliances";

test("an appliance reads by its name, or lowercase inside a sentence", () => {
  expect(applianceName("washer")).toBe("Washing Machine");
  expect(applianceName("oven")).toBe("Oven & Range");
  expect(applianceName("dryer")).toBe("Dryer");
  expect(applianceName("washer", { inSentence: true })).toBe("washing machine");
  expect(applianceName("oven", { inSentence: true })).toBe("oven & range");
});

test("a slug that is not one of ours reads as an appliance", () => {
  expect(applianceName("toaster")).toBe("Appliance");
  expect(applianceName("")).toBe("Appliance");
  expect(applianceName(null)).toBe("Appliance");
  expect(applianceName("Washer")).toBe("Appliance");
  expect(applianceName("toaster", { inSentence: true })).toBe("appliance");
});
