import { describe, expect, test } from "vitest";

import { dateFromIso, isoFromDate } from "~/lib/dates";

import { firstOfferedDay } from "./first-offered-day";

const monthOf = (date: Date) => isoFromDate(date).slice(0, 7);

describe("the month the calendar opens on", () => {
  test("the last day of a month whose windows are gone: the next month, on its first open day", () => {
    // Monday 30 November, after the last window; 1 December is offered.
    const gone = new Set(["2026-11-30"]);
    const day = firstOfferedDay(dateFromIso("2026-11-30")!, (iso) => !gone.has(iso));
    expect(isoFromDate(day)).toBe("2026-12-01");
    expect(monthOf(day)).toBe("2026-12");
  });

  test("closed days and a full weekend are passed over, across a year's end", () => {
    const notOffered = new Set(["2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"]);
    const day = firstOfferedDay(dateFromIso("2026-12-31")!, (iso) => !notOffered.has(iso));
    expect(isoFromDate(day)).toBe("2027-01-04");
  });

  test("today when it is offered, and today when nothing is known or nothing is offered", () => {
    const today = dateFromIso("2026-11-17")!;
    expect(isoFromDate(firstOfferedDay(today, () => true))).toBe("2026-11-17");
    expect(isoFromDate(firstOfferedDay(today, () => false))).toBe("2026-11-17");
  });
});
