import { maxAvailabilityDays } from "~/domain/availability";
import { isoFromDate } from "~/lib/dates";

/**
 * The first day from `earliest` the calendar offers, within the days the office answers for, or
 * `earliest` when none is. The calendar opens on its month: late on the last day of a month, once
 * today's windows are gone, it would otherwise open on a month with no day to pick.
 */
export function firstOfferedDay(earliest: Date, isDayOffered: (iso: string) => boolean): Date {
  for (let offset = 0; offset < maxAvailabilityDays; offset++) {
    const day = new Date(earliest.getFullYear(), earliest.getMonth(), earliest.getDate() + offset);
    if (isDayOffered(isoFromDate(day))) return day;
  }
  return earliest;
}
