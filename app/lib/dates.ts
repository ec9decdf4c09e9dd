// Calendar dates as the booking form shows and stores them. Written out rather than taken from
// date-fns so the dialog's first load stays small (the calendar brings date-fns when opened).

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const pad = (value: number) => String(value).padStart(2, "0");

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

function isoFromParts(year: number, month: number, day: number): string | undefined {
  const date = new Date(year, month - 1, day);
  const real =
    year >= 1000 &&
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day;
  return real ? `${year}-${pad(month)}-${pad(day)}` : undefined;
}

/** A "yyyy-mm-dd" date as a local Date at midnight (for the calendar widget). */
export function dateFromIso(iso: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isoFromParts(year, month, day) ? new Date(year, month - 1, day) : undefined;
}

export function isoFromDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const spanishMonthNames = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** "ene", "feb", … "dic": the short names, the long ones' first three letters. */
export const spanishShortMonthNames = spanishMonthNames.map((name) => name.slice(0, 3));

/** "November 24, 2026"; in Spanish "24 de noviembre de 2026". */
export function displayDate(iso: string, locale: "en" | "es" = "en"): string {
  const date = dateFromIso(iso);
  if (!date) return "";
  if (locale === "es") {
    return `${date.getDate()} de ${spanishMonthNames[date.getMonth()]} de ${date.getFullYear()}`;
  }
  return `${monthNames[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** Reads what a visitor typed: "MM/dd/yyyy" (or "M/d/yyyy"), or the displayed "MMMM d, yyyy". */
export function parseTypedDate(text: string): string | undefined {
  const trimmed = text.trim();
  const numeric = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (numeric) return isoFromParts(Number(numeric[3]), Number(numeric[1]), Number(numeric[2]));
  const written = /^([A-Za-z]+) (\d{1,2}), (\d{4})$/.exec(trimmed);
  if (written) {
    const month = monthNames.findIndex((name) => name.toLowerCase() === written[1]!.toLowerCase());
    if (month >= 0) return isoFromParts(Number(written[3]), month + 1, Number(written[2]));
  }
  const spanish = /^(\d{1,2}) de ([a-z]+) de (\d{4})$/i.exec(trimmed);
  if (spanish) {
    const month = spanishMonthNames.indexOf(spanish[2]!.toLowerCase());
    if (month >= 0) return isoFromParts(Number(spanish[3]), month + 1, Number(spanish[1]));
  }
  return undefined;
}
