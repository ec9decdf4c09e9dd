import { expect, test } from "vitest";

import { firstName } from "./names";

test("a first name is the first word of the name as it was typed", () => {
  expect(firstName("Dana Reyes")).toBe("Dana");
  expect(firstName("  Dana   Maria\tReyes ")).toBe("Dana");
  expect(firstName("Dana")).toBe("Dana");
  expect(firstName("Mary-Kate O'Neil")).toBe("Mary-Kate");
});

test("no name gives no first name, so the caller says who instead", () => {
  expect(firstName("")).toBe("");
  expect(firstName("   ")).toBe("");
  expect(firstName(null)).toBe("");
  expect(firstName(undefined)).toBe("");
  expect(firstName(null) || "Your technician").toBe("Your technician");
});
