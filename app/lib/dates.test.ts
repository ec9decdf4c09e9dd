import { expect, test } from "vitest";

import { displayDate, isoDateIn, parseTypedDate } from "./dates";

test("today is the office's calendar date, not the browser's", () => {
  const lateEvening = new Date("2026-11-23T04:30:00Z"); // 11:30 PM Eastern, 10:30 PM Central
  expect(isoDateIn(lateEvening, "America/New_York")).toBe("2026-11-22");
  expect(isoDateIn(lateEvening, "America/Chicago")).toBe("2026-11-22");
  const afterEasternMidnight = new Date("2026-11-23T05:30:00Z");
  expect(isoDateIn(afterEasternMidnight, "America/New_York")).toBe("2026-11-23");
  expect(isoDateIn(afterEasternMidnight, "America/Chicago")).toBe("2026-11-22");
});

test("dates show as MMMM d, yyyy and can be typed as MM/dd/yyyy", () => {
  expect(displayDate("2026-12-03")).toBe("December 3, 2026");
  expect(parseTypedDate("12/03/2026")).toBe("2026-12-03");
  expect(parseTypedDate("1/5/2027")).toBe("2027-01-05");
  expect(parseTypedDate("December 3, 2026")).toBe("2026-12-03");
  expect(parseTypedDate("13/45/2026")).toBeUndefined();
  expect(parseTypedDate("soon")).toBeUndefined();
});

test("impossible dates are refused", () => {
  expect(parseTypedDate("02/30/2027")).toBeUndefined();
  expect(parseTypedDate("02/29/2028")).toBe("2028-02-29");
  expect(displayDate("2026-02-31")).toBe("");
});

test("in Spanish a date reads 24 de noviembre de 2026, and can be typed back that way", () => {
  expect(displayDate("2026-11-24", "es")).toBe("24 de noviembre de 2026");
  expect(parseTypedDate("24 de noviembre de 2026")).toBe("2026-11-24");
  expect(parseTypedDate("1 de Enero de 2027")).toBe("2027-01-01");
  expect(parseTypedDate("31 de febrero de 2027")).toBeUndefined();
});
