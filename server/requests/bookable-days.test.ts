import { expect, test } from "vitest";

import { bookableDayRefusal } from "./bookable-days";

// Tuesday, July 15, 2031, 10:00 AM in Houston and 11:00 AM in Miami.
const now = new Date("2031-07-15T15:00:00Z");
const message = "Choose a day from today to 90 days ahead.";

test("today to the 90th day after it may be booked", () => {
  for (const day of ["2031-07-15", "2031-07-16", "2031-09-01", "2031-10-13"]) {
    expect(bookableDayRefusal(day, "texas", now, 90), day).toBeNull();
  }
});

test("a day before today, the 91st day, a year ahead or 9999 is refused, in plain words", () => {
  for (const day of ["2031-07-14", "2020-01-06", "2031-10-14", "2032-07-15", "9999-01-01"]) {
    expect(bookableDayRefusal(day, "texas", now, 90), day).toBe(message);
  }
});

test("a day that is no date is refused", () => {
  for (const day of ["", "2031-02-30", "2031-7-16", "tomorrow", "2031-07-16T00:00"]) {
    expect(bookableDayRefusal(day, "texas", now, 90), day).toBe(message);
  }
});

test("today is the office's: at 11:30 PM in Houston it is still the 14th there and already the 15th in Florida", () => {
  const lateEvening = new Date("2031-07-15T04:30:00Z");
  expect(bookableDayRefusal("2031-07-14", "texas", lateEvening, 90)).toBeNull();
  expect(bookableDayRefusal("2031-07-14", "florida", lateEvening, 90)).toBe(message);
  expect(bookableDayRefusal("2031-07-15", "florida", lateEvening, 90)).toBeNull();
  // The horizon counts from each office's own today.
  expect(bookableDayRefusal("2031-10-12", "texas", lateEvening, 90)).toBeNull();
  expect(bookableDayRefusal("2031-10-13", "texas", lateEvening, 90)).toBe(message);
  expect(bookableDayRefusal("2031-10-13", "florida", lateEvening, 90)).toBeNull();
});

test("the horizon is the configured one (BOOKING_DAYS_AHEAD), and the message says it", () => {
  expect(bookableDayRefusal("2031-07-22", "texas", now, 7)).toBeNull();
  expect(bookableDayRefusal("2031-07-23", "texas", now, 7)).toBe(
    "Choose a day from today to 7 days ahead.",
  );
  expect(bookableDayRefusal("2041-07-01", "texas", now, 3650)).toBeNull();
});
