/**
 * Quiet hours in the homeowner's office time zone: texts go out from 8:00 until 21:00, in
 * Florida until 20:00 (its telephone solicitation law); a text due outside them waits until the
 * next 8:00.
 */
import { profileForState } from "~/content/company";
import type { StateSlug } from "~/content/states";
import { isoDateIn } from "~/lib/dates";

import { wallClockIn, wallTimeToInstant } from "../mail/time-zone";
import { addDays } from "../requests/windows";

const startHour = 8;

export function textHoursOf(office: StateSlug): { start: number; end: number } {
  return { start: startHour, end: office === "florida" ? 20 : 21 };
}

function hourIn(instant: Date, timeZone: string): number {
  const clock = wallClockIn(instant, timeZone);
  return clock.hour + clock.minute / 60;
}

/**
 * Texts the homeowner asks for in person, the technician at the door (the pay link): sent at
 * whatever hour. Quiet hours keep from waking them what they did not just ask for.
 */
export const askedInPersonKinds: ReadonlySet<string> = new Set(["text.pay-link"]);

/** Null when a text may go now; else the instant the quiet hours end (the next 8:00). */
export function quietUntil(office: StateSlug, now: Date): Date | null {
  const { timeZone } = profileForState(office);
  const { start, end } = textHoursOf(office);
  const hour = hourIn(now, timeZone);
  if (hour >= start && hour < end) return null;
  const today = isoDateIn(now, timeZone);
  const day = hour < start ? today : addDays(today, 1);
  return wallTimeToInstant(day, `0${startHour}:00`, timeZone);
}
