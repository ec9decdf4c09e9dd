/** Days in the Texas office's time zone, as the tests that book visits there choose them. */
import { addDays } from "../requests/windows";

/** Today in Texas (America/Chicago), YYYY-MM-DD. */
export function texasToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
}

/** A weekday `weeks` weeks after the coming Tuesday, in Texas: open, not a federal holiday. */
export function tuesdayAhead(weeks: number): string {
  const today = texasToday();
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, ((2 - weekday + 7) % 7 || 7) + 7 * weeks);
}
