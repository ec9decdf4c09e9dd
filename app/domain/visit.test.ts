import { expect, test } from "vitest";

import { deskVisitStyle, formatVisit, formatVisitDay } from "./visit";

test("a visit reads as its short day, the window and the office's time zone", () => {
  expect(formatVisit("2026-12-01", "morning", "Eastern")).toBe(
    "Tue, Dec 1, 8:00 AM - 12:00 PM Eastern",
  );
  expect(formatVisit("2026-12-05", "afternoon", "Central")).toBe(
    "Sat, Dec 5, 12:00 PM - 4:00 PM Central",
  );
  expect(formatVisit("2027-01-31", "evening", "Eastern")).toBe(
    "Sun, Jan 31, 4:00 PM - 6:00 PM Eastern",
  );
});

test("the one formatter for every visit: a request with no day or no known window says so", () => {
  expect(formatVisit(null, "morning", "Central")).toBe("Any day, 8:00 AM - 12:00 PM Central");
  expect(formatVisit("2026-12-01", null, "Eastern")).toBe("Tue, Dec 1");
  expect(formatVisit("2026-12-01", "midnight", "Eastern")).toBe("Tue, Dec 1");
  expect(formatVisit(null, null, "Eastern")).toBe("Any day");
});

test("the desk's lists and the confirmation email write the year; the desk names the window", () => {
  expect(formatVisit("2031-07-15", "morning", null, deskVisitStyle)).toBe(
    "July 15, 2031, morning (8:00 AM - 12:00 PM)",
  );
  expect(formatVisit(null, "evening", null, deskVisitStyle)).toBe(
    "Any day, evening (4:00 PM - 6:00 PM)",
  );
  expect(formatVisit("2031-12-02", "evening", "Eastern", { longDay: true })).toBe(
    "December 2, 2031, 4:00 PM - 6:00 PM Eastern",
  );
});

test("the day is the calendar date itself, whatever the machine's time zone", () => {
  const before = process.env.TZ;
  try {
    for (const zone of ["Pacific/Kiritimati", "America/Los_Angeles", "UTC"]) {
      process.env.TZ = zone;
      expect(formatVisitDay("2026-12-01")).toBe("Tue, Dec 1");
      expect(formatVisitDay("2028-02-29")).toBe("Tue, Feb 29");
      // The private page's day rows in Spanish (issue 39).
      expect(formatVisitDay("2026-12-01", "es")).toBe("mar, 1 dic");
      expect(formatVisitDay("2026-09-16", "es")).toBe("mié, 16 sep");
    }
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
});

test("a malformed date is refused rather than printed as NaN", () => {
  expect(() => formatVisitDay("12/01/2026")).toThrow(RangeError);
  expect(() => formatVisitDay("")).toThrow(RangeError);
});
