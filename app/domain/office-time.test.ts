import { expect, test } from "vitest";

import { formatOfficeTime } from "./office-time";

// 15:40 UTC on Tue, Nov 3, 2026: 10:40 AM in New York (EST), 9:40 AM in Chicago (CST).
const november = new Date("2026-11-03T15:40:00Z");
// 14:05 UTC on Jul 15, 2031: 10:05 AM in New York (EDT), 9:05 AM in Chicago (CDT).
const july = new Date("2031-07-15T14:05:00Z");

// ICU writes a narrow no-break space before AM/PM in some versions: compare the words.
const words = (text: string) => text.replace(/\s/g, " ");

test("a moment reads on the office's own clock, with its label", () => {
  expect(words(formatOfficeTime(november, "America/New_York", "Eastern", "day-and-clock"))).toBe(
    "Nov 3, 10:40 AM Eastern",
  );
  expect(words(formatOfficeTime(november, "America/Chicago", "Central", "day-and-clock"))).toBe(
    "Nov 3, 9:40 AM Central",
  );
  expect(words(formatOfficeTime(july, "America/New_York", "Eastern", "clock"))).toBe(
    "10:05 AM Eastern",
  );
  expect(words(formatOfficeTime(july, "America/Chicago", null, "clock"))).toBe("9:05 AM");
});

test("each style writes as much of the moment as its reader needs", () => {
  const zone = "America/New_York";
  expect(words(formatOfficeTime(november, zone, null, "date-and-clock"))).toBe(
    "Nov 3, 2026, 10:40 AM",
  );
  expect(words(formatOfficeTime(november, zone, "Eastern", "date-and-clock"))).toBe(
    "Nov 3, 2026, 10:40 AM Eastern",
  );
  expect(formatOfficeTime(november, zone, null, "date")).toBe("Nov 3, 2026");
  expect(formatOfficeTime(november, zone, null, "month")).toBe("November 2026");
});

test("the office's day, not the server's: late evening in Chicago is already tomorrow in UTC", () => {
  const lateEvening = new Date("2026-12-01T04:30:00Z");
  expect(words(formatOfficeTime(lateEvening, "America/Chicago", null, "day-and-clock"))).toBe(
    "Nov 30, 10:30 PM",
  );
  expect(formatOfficeTime(lateEvening, "America/Chicago", null, "month")).toBe("November 2026");
  expect(formatOfficeTime(lateEvening, "America/New_York", null, "month")).toBe("November 2026");
  expect(formatOfficeTime(lateEvening, "UTC", null, "month")).toBe("December 2026");
});

test("whatever the machine's time zone", () => {
  const before = process.env.TZ;
  try {
    for (const zone of ["Pacific/Kiritimati", "America/Los_Angeles", "UTC"]) {
      process.env.TZ = zone;
      expect(words(formatOfficeTime(november, "America/New_York", "Eastern", "clock"))).toBe(
        "10:40 AM Eastern",
      );
    }
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
});
