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

export function tomorrowInTexas() {
  const [year, month, day] = todayInTexas().split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** A day a few days ahead that the site offers (no Sunday, no federal holiday). */
export function requestedDay() {
  const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  while (day.getUTCDay() === 0 || isFederalHoliday(day.toISOString().slice(0, 10))) {
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return day.toISOString().slice(0, 10);
}
