/**
 * A moment as an office reads it: in the office's own time zone, whatever the server's or the
 * browser's, and with its label ("Eastern") where the reader may be elsewhere. The one function
 * for the desk's stamps, the homeowner's page and emails, My day and the published reviews; their
 * words differ by `style` only. (A calendar date with no moment in it is `formatVisitDay`'s.)
 */

import type { Locale } from "~/lib/locale";

/** How much of the moment is written. */
export type OfficeTimeStyle =
  /** "10:40 AM": an arrival ("arriving about 10:40 AM"). */
  | "clock"
  /** "Nov 3, 10:40 AM": a step on the homeowner's page, a payment on My day. */
  | "day-and-clock"
  /** "Nov 3, 2026, 10:40 AM": the desk's stamps (received, changed, sent). */
  | "date-and-clock"
  /** "Nov 3, 2026": a review's day. */
  | "date"
  /** "November 2026": a published review's month. */
  | "month";

const styleOptions: Record<OfficeTimeStyle, Intl.DateTimeFormatOptions> = {
  clock: { hour: "numeric", minute: "2-digit" },
  "day-and-clock": { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
  "date-and-clock": { dateStyle: "medium", timeStyle: "short" },
  date: { month: "short", day: "numeric", year: "numeric" },
  month: { month: "long", year: "numeric" },
};

/** `Intl.DateTimeFormat` is slow to make and there are a few zones and styles: each made once. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(
  timeZone: string,
  style: OfficeTimeStyle,
  locale: Locale,
): Intl.DateTimeFormat {
  const key = `${timeZone} ${style} ${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale === "es" ? "es-US" : "en-US", {
      timeZone,
      ...styleOptions[style],
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "1 dic, 10:40 a.m." → "1 dic, 10:40 a. m.": the site's Spanish writes the hours as RAE does. */
function spacedMeridiem(text: string): string {
  return text.replace(/\s?([ap])\.\s?m\./g, " $1. m.").replace(/\s+/g, " ");
}

/**
 * "Nov 3, 10:40 AM Eastern": `instant` on the clock of the office in `timeZone` (an IANA name,
 * the office profile's `timeZone`), then its label; without a label the time stands alone (where
 * the page already says which zone, or the reader is the office).
 */
export function formatOfficeTime(
  instant: Date,
  timeZone: string,
  timeZoneLabel: string | null,
  style: OfficeTimeStyle,
  locale: Locale = "en",
): string {
  const text = formatterFor(timeZone, style, locale).format(instant);
  if (locale === "es") {
    // "1 dic, 10:40 a. m., hora del Centro".
    const spanish = spacedMeridiem(text);
    return timeZoneLabel ? `${spanish}, ${spanishZone(timeZoneLabel)}` : spanish;
  }
  return timeZoneLabel ? `${text} ${timeZoneLabel}` : text;
}

/** "Central" → "hora del Centro", "Eastern" → "hora del Este". */
export function spanishZone(timeZoneLabel: string): string {
  return `hora del ${timeZoneLabel === "Central" ? "Centro" : "Este"}`;
}
