import { expect, test } from "vitest";

import { emailPattern, formatUsPhone, usPhonePattern } from "./validation";

test("formats typed digits as (555) 555-5555", () => {
  expect(formatUsPhone("")).toBe("");
  expect(formatUsPhone("7")).toBe("(7");
  expect(formatUsPhone("713")).toBe("(713");
  expect(formatUsPhone("7135")).toBe("(713) 5");
  expect(formatUsPhone("713555")).toBe("(713) 555");
  expect(formatUsPhone("7135550")).toBe("(713) 555-0");
  expect(formatUsPhone("7135550127")).toBe("(713) 555-0127");
  expect(formatUsPhone("713-555-0127 ext 9")).toBe("(713) 555-0127");
  expect(formatUsPhone("17135550127")).toBe("(713) 555-0127");
  expect(formatUsPhone("71355501279999")).toHaveLength(14);
});

test("the phone pattern accepts only the full format", () => {
  expect(usPhonePattern.test("(713) 555-0127")).toBe(true);
  expect(usPhonePattern.test("713-555-0127")).toBe(false);
  expect(usPhonePattern.test("(713) 555-012")).toBe(false);
});

test("the email pattern wants a two-letter top-level part", () => {
  expect(emailPattern.test("Jane.Doe+home@Example.COM")).toBe(true);
  expect(emailPattern.test("jane@example.c")).toBe(false);
  expect(emailPattern.test("jane@example")).toBe(false);
  expect(emailPattern.test("jane.example.com")).toBe(false);
});
