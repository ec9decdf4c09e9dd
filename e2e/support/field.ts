import { randomUUID } from "node:crypto";

import { isFederalHoliday } from "~/domain/holidays";

/** What the field journeys share: staff addresses and the days they book. */
export const staffPassword = "a long staff password";

export function staffEmail(who: string) {
  return `${who}-${randomUUID().slice(0, 8)}@example.com`;
}

export function todayInTexas() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
}

/** A day a few days ahead that the site offers (no Sunday, no federal holiday). */
export function requestedDay() {
  const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  while (day.getUTCDay() === 0 || isFederalHoliday(day.toISOString().slice(0, 10))) {
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return day.toISOString().slice(0, 10);
}
