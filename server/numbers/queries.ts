/**
 * What the owner's numbers' queries share: the offices asked for, a day in an office's own time
 * zone, a range's bounds, the rows of an answer, and a CSV made of them.
 */
import { sql, type SQL } from "drizzle-orm";

import { profileForState } from "~/content/company";
import type { StateSlug } from "~/content/states";
import type { NumbersRange } from "~/domain/numbers";

import { neutralised } from "../desk/csv";
import { addDays } from "../requests/windows";

export function officeList(offices: readonly StateSlug[]): SQL {
  return sql.join(
    offices.map((slug) => sql`${slug}`),
    sql`, `,
  );
}

/**
 * The day of `instant` (SQL of a timestamp) in the office of the request `sr`, as SQL: a range's
 * days are each office's own.
 */
export function officeDayOf(instant: SQL, offices: readonly StateSlug[]): SQL {
  const cases = offices.map(
    (slug) =>
      sql`when ${slug} then (${instant} at time zone ${profileForState(slug).timeZone})::date`,
  );
  return sql`(case sr.office ${sql.join(cases, sql` `)} end)`;
}

/**
 * `instant` (SQL of a timestamp) on one of the range's days in the request's office: a day
 * either side in UTC for an index to narrow it, then the office's own day decides.
 */
export function withinRange(instant: SQL, offices: readonly StateSlug[], range: NumbersRange): SQL {
  const after = `${addDays(range.from, -1)}T00:00:00Z`;
  const before = `${addDays(range.to, 2)}T00:00:00Z`;
  return sql`${instant} >= ${after}::timestamptz and ${instant} < ${before}::timestamptz
    and ${officeDayOf(instant, offices)} between ${range.from}::date and ${range.to}::date`;
}

export function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. A negative
 * amount ("-40.00") is a number, not a formula: it stays one.
 */
function csvField(value: string | number | null): string {
  if (value === null) return "";
  const amount = typeof value === "number" || /^-\d+(\.\d+)?$/.test(value);
  const text = amount ? String(value) : neutralised(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Lines of fields as CSV (CRLF, as spreadsheets expect). */
export function csvOf(lines: readonly (readonly (string | number | null)[])[]): string {
  return lines.map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** Cents as dollars with cents ("245.00"); null stays empty. */
export function dollars(cents: number | null): string | null {
  return cents === null ? null : (cents / 100).toFixed(2);
}
