import { displayDate, spanishShortMonthNames } from "~/lib/dates";
import type { Locale } from "~/lib/locale";

import { spanishZone } from "./office-time";
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
export function formatVisitDay(date: string, locale: Locale = "en"): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const day = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : null;
  if (!day || Number.isNaN(day.getTime())) throw new RangeError(`Not a yyyy-mm-dd date: ${date}`);
  if (locale === "es") {
    // "mar, 1 dic": as short as the English, for the private page's day rows.
    return `${spanishWeekdays[day.getUTCDay()]!.slice(0, 3)}, ${day.getUTCDate()} ${spanishShortMonthNames[day.getUTCMonth()]}`;
  }
  return `${weekdays[day.getUTCDay()]}, ${months[day.getUTCMonth()]} ${day.getUTCDate()}`;
}

/** "First visit", "Return visit", then "Visit 3", ...: a request's visits as they are listed. */
export function visitLabel(number: number): string {
  return number === 1 ? "First visit" : number === 2 ? "Return visit" : `Visit ${number}`;
}

/** How a visit is written where it is read: the defaults are the pages', emails' and calendars'. */
export interface VisitStyle {
  /** Spanish (issue 39): "martes 1 de diciembre de 2026, 8:00 a. m. - 12:00 p. m., hora del Centro". */
  spanish?: boolean;
  /** "December 1, 2026", the year too: the desk's lists and the request's confirmation email. */
  longDay?: boolean;
  /** The window by its name and hours, "morning (8:00 AM - 12:00 PM)": the desk's lists. */
  namedWindow?: boolean;
}

/** The desk's lists: "July 15, 2031, morning (8:00 AM - 12:00 PM)", in the office's own zone. */
export const deskVisitStyle: VisitStyle = { longDay: true, namedWindow: true };

/**
 * "Tue, Dec 1, 8:00 AM - 12:00 PM Eastern": a visit's day and window, the one function that
 * writes a visit, for the pages, the desk, the emails and the calendar files (their words differ
 * by `style` only). A request that named no day says "Any day"; a day without a known window is
 * the day alone; without a time zone label the hours stand alone (the desk works in the office's).
 */
export function formatVisit(
  date: string | null,
  window: TimeSlotId | string | null,
  timeZoneLabel: string | null,
  style: VisitStyle = {},
): string {
  const slot = timeSlots.find((candidate) => candidate.id === window);
  if (style.spanish) return spanishVisit(date, slot?.id ?? null, timeZoneLabel);
  const day = !date ? "Any day" : style.longDay ? displayDate(date) : formatVisitDay(date);
  if (!slot) return day;
  const hours = style.namedWindow ? `${slot.label.toLowerCase()} (${slot.window})` : slot.window;
  return `${day}, ${hours}${timeZoneLabel ? ` ${timeZoneLabel}` : ""}`;
}

const spanishWeekdays = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const spanishWindows: Record<TimeSlotId, string> = {
  morning: "8:00 a. m. - 12:00 p. m.",
  afternoon: "12:00 p. m. - 4:00 p. m.",
  evening: "4:00 p. m. - 6:00 p. m.",
};

/** "martes 1 de diciembre de 2026, 8:00 a. m. - 12:00 p. m., hora del Centro". */
function spanishVisit(date: string | null, window: TimeSlotId | null, zone: string | null): string {
  const day = date ? new Date(`${date}T12:00:00Z`) : null;
  const dayWords =
    day && !Number.isNaN(day.getTime())
      ? `${spanishWeekdays[day.getUTCDay()]} ${displayDate(date!, "es")}`
      : "cualquier día";
  if (!window) return dayWords;
  const zoneWords = zone ? `, ${spanishZone(zone)}` : "";
  return `${dayWords}, ${spanishWindows[window]}${zoneWords}`;
}
