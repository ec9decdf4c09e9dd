import { format, isValid, parse } from "date-fns";

/** The calendar date ("yyyy-mm-dd") it is at `instant` in `timeZone`. */
export function isoDateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A "yyyy-mm-dd" date as a local Date at midnight (for the calendar widget). */
export function dateFromIso(iso: string): Date | undefined {
  const date = parse(iso, "yyyy-MM-dd", new Date());
  return isValid(date) ? date : undefined;
}

export function isoFromDate(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

/** "November 24, 2026" */
export function displayDate(iso: string): string {
  const date = dateFromIso(iso);
  return date ? format(date, "MMMM d, yyyy") : "";
}

/** Reads what a visitor typed: "MM/dd/yyyy" (or "M/d/yyyy"), or the displayed "MMMM d, yyyy". */
export function parseTypedDate(text: string): string | undefined {
  const trimmed = text.trim();
  for (const pattern of ["MM/dd/yyyy", "M/d/yyyy", "MMMM d, yyyy"]) {
    const date = parse(trimmed, pattern, new Date());
    if (isValid(date) && date.getFullYear() >= 1000) return isoFromDate(date);
  }
  return undefined;
}
