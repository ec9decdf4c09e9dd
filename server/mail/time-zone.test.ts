import { expect, test } from "vitest";

import { wallClockIn, wallTimeToInstant } from "./time-zone";

test("the wall clock is the office's, hours 0 to 23", () => {
  expect(wallClockIn(new Date("2026-11-03T15:40:07Z"), "America/New_York")).toEqual({
    year: 2026,
    month: 11,
    day: 3,
    hour: 10,
    minute: 40,
    second: 7,
  });
  // 04:30 UTC on Dec 1 is still Nov 30 in Chicago, at 22:30.
  expect(wallClockIn(new Date("2026-12-01T04:30:00Z"), "America/Chicago")).toMatchObject({
    month: 11,
    day: 30,
    hour: 22,
    minute: 30,
  });
  expect(wallClockIn(new Date("2031-07-15T04:00:00Z"), "America/New_York").hour).toBe(0);
});

test("a wall time becomes its instant in standard and in daylight time", () => {
  expect(wallTimeToInstant("2026-11-03", "08:00", "America/New_York").toISOString()).toBe(
    "2026-11-03T13:00:00.000Z",
  );
  expect(wallTimeToInstant("2031-07-15", "08:00", "America/New_York").toISOString()).toBe(
    "2031-07-15T12:00:00.000Z",
  );
  expect(wallTimeToInstant("2026-11-03", "18:00", "America/Chicago").toISOString()).toBe(
    "2026-11-04T00:00:00.000Z",
  );
});
