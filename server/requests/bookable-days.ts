/**
 * The days the office may book a visit on: from the office's today (in its time zone, by the
 * server's clock) to `BOOKING_DAYS_AHEAD` days after it, the horizon a homeowner books within.
 * Every booking the desk makes by hand (the board's assignment, the lead page's Confirm requested
 * visit and its status form) asks here, through `changeLeadStatus`.
 */
import { profileForState } from "~/content/company";
import type { StateSlug } from "~/content/states";
import { isValidIsoDate } from "~/domain/service-request";
import { isoDateIn } from "~/lib/dates";

import { addDays } from "./windows";

export function bookableDaysMessage(daysAhead: number): string {
  return `Choose a day from today to ${daysAhead} days ahead.`;
}

/** Why `office` cannot book a visit on `day` (yyyy-mm-dd) at `now`; null when it can. */
export function bookableDayRefusal(
  day: string,
  office: StateSlug,
  now: Date,
  daysAhead: number,
): string | null {
  const today = isoDateIn(now, profileForState(office).timeZone);
  // Valid dates of four-digit years compare as their strings do.
  const bookable = isValidIsoDate(day) && day >= today && day <= addDays(today, daysAhead);
  return bookable ? null : bookableDaysMessage(daysAhead);
}
