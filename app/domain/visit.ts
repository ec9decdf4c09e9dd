import { timeSlots, type TimeSlotId } from "./time-slots";

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const months = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/**
 * "2026-12-01" → "Tue, Dec 1". The date is a calendar date in the office's time zone, so it is
 * read as a UTC day: neither the server's nor the browser's time zone can move it.
 */
export function formatVisitDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const day = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : null;
  if (!day || Number.isNaN(day.getTime())) throw new RangeError(`Not a yyyy-mm-dd date: ${date}`);
  return `${weekdays[day.getUTCDay()]}, ${months[day.getUTCMonth()]} ${day.getUTCDate()}`;
}

/** "Tue, Dec 1, 8:00 AM - 12:00 PM Eastern": a visit's day and window, as every page and email says it. */
export function formatVisit(date: string, window: TimeSlotId, timeZoneLabel: string): string {
  const slot = timeSlots.find((candidate) => candidate.id === window);
  if (!slot) throw new RangeError(`Not a time window: ${String(window)}`);
  return `${formatVisitDay(date)}, ${slot.window} ${timeZoneLabel}`;
}
