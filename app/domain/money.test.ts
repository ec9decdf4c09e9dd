import { expect, test } from "vitest";

import { formatMoney, maxMoneyCents, parseMoney } from "./money";

test("an amount reads as it is typed: whole dollars, one or two decimals, a $ and commas", () => {
  expect(parseMoney("89")).toBe(8900);
  expect(parseMoney("89.5")).toBe(8950);
  expect(parseMoney("89.50")).toBe(8950);
  expect(parseMoney("89.05")).toBe(8905);
  expect(parseMoney("$1,200.00")).toBe(120000);
  expect(parseMoney(" $89.00 ")).toBe(8900);
  expect(parseMoney("$ 189.50")).toBe(18950);
  expect(parseMoney("1200")).toBe(120000);
  expect(parseMoney("0")).toBe(0);
  expect(parseMoney("999,999.99")).toBe(maxMoneyCents);
});

test("what is not an amount is refused", () => {
  for (const text of [
    "",
    " ",
    "$",
    "-89",
    "$-89",
    "89.505",
    "89.",
    ".5",
    "1,20",
    "12,00.00",
    "89 dollars",
    "eighty-nine",
    "12e3",
    "0x59",
    "89,5",
    "$$89",
  ]) {
    expect(parseMoney(text), text).toBeNull();
  }
});

test("an absurd amount is refused, however it is written", () => {
  expect(parseMoney("1,000,000")).toBeNull();
  expect(parseMoney("1000000.00")).toBeNull();
  expect(parseMoney("9".repeat(400))).toBeNull();
  expect(parseMoney("0000000089")).toBe(8900);
});

test("receipts and estimates always show the cents", () => {
  expect(formatMoney(24500, { cents: "always" })).toBe("$245.00");
  expect(formatMoney(120050, { cents: "always" })).toBe("$1,200.50");
  expect(formatMoney(0, { cents: "always" })).toBe("$0.00");
  expect(formatMoney(5, { cents: "always" })).toBe("$0.05");
});

test("prices show the cents only when there are some", () => {
  expect(formatMoney(8900, { cents: "when-needed" })).toBe("$89");
  expect(formatMoney(18950, { cents: "when-needed" })).toBe("$189.50");
  expect(formatMoney(120000, { cents: "when-needed" })).toBe("$1,200");
  expect(formatMoney(2000000, { cents: "when-needed" })).toBe("$20,000");
});

test("a form field gets the amount back bare, and it reads back to the same cents", () => {
  expect(formatMoney(8900, { cents: "when-needed", field: true })).toBe("89");
  expect(formatMoney(8950, { cents: "when-needed", field: true })).toBe("89.50");
  expect(formatMoney(125000, { cents: "when-needed", field: true })).toBe("1250");
  expect(formatMoney(24500, { cents: "always", field: true })).toBe("245.00");
  for (const cents of [0, 5, 8950, 125000, maxMoneyCents]) {
    expect(parseMoney(formatMoney(cents, { cents: "when-needed", field: true }))).toBe(cents);
    expect(parseMoney(formatMoney(cents, { cents: "always" }))).toBe(cents);
  }
});

test("cents that are not a whole number are refused rather than printed", () => {
  expect(() => formatMoney(Number.NaN, { cents: "always" })).toThrow(RangeError);
  expect(() => formatMoney(89.5, { cents: "when-needed" })).toThrow(RangeError);
});
