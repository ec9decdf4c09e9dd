/**
 * What an owner spent on each source, by office and month, typed on `/office/numbers`; the
 * Sources table divides it by the paid jobs (`sourceDefinitions.costPerPaidJob`).
 */
import { and, between, eq, inArray, sql } from "drizzle-orm";

import { stateBySlug, type StateSlug } from "~/content/states";
import { formatMoney, parseMoney } from "~/domain/money";
import { spendSources, type NumbersRange, type SpendEntry } from "~/domain/numbers";
import { requestSourceLabels, type RequestSource } from "~/domain/phone-booking";
import type { FieldErrors } from "~/lib/form-result";

import type { Database } from "../db/database";
import { sourceSpend } from "../db/schema";
import { leadOffices, type StaffMember } from "../desk/staff-accounts.server";

/** The months ("2031-03") a range touches, each with the share of its days the range holds. */
export function monthsOf(range: NumbersRange): { month: string; share: number }[] {
  const months: { month: string; share: number }[] = [];
  let [year, month] = range.from.split("-").map(Number) as [number, number];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > range.to.slice(0, 7)) break;
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const first = key === range.from.slice(0, 7) ? Number(range.from.slice(8)) : 1;
    const last = key === range.to.slice(0, 7) ? Number(range.to.slice(8)) : days;
    months.push({ month: key, share: (last - first + 1) / days });
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The spend typed for the months `range` touches in `offices`, each entry as typed. */
export async function spendEntriesOf(
  db: Database,
  offices: readonly StateSlug[],
  range: NumbersRange,
): Promise<SpendEntry[]> {
  if (offices.length === 0) return [];
  const months = monthsOf(range);
  const rows = await db
    .select()
    .from(sourceSpend)
    .where(
      and(
        inArray(sourceSpend.office, [...offices]),
        between(sourceSpend.month, months[0]!.month, months.at(-1)!.month),
      ),
    )
    .orderBy(sourceSpend.month, sourceSpend.office, sourceSpend.source);
  return rows.map((row) => ({
    month: row.month,
    office: stateBySlug(row.office)?.name ?? row.office,
    source: row.source,
    sourceLabel: requestSourceLabels[row.source] ?? row.source,
    cents: row.cents,
  }));
}

/** Each source's spend over `range`: a month's, by the share of its days in the range. */
export function spendBySource(
  entries: readonly SpendEntry[],
  range: NumbersRange,
): Map<RequestSource, number> {
  const shares = new Map(monthsOf(range).map(({ month, share }) => [month, share]));
  const spent = new Map<RequestSource, number>();
  for (const entry of entries) {
    const share = shares.get(entry.month) ?? 0;
    spent.set(entry.source, (spent.get(entry.source) ?? 0) + entry.cents * share);
  }
  return spent;
}

export type SpendResult = { ok: true; message: string } | { ok: false; fieldErrors: FieldErrors };

/**
 * Saves what the owner typed: a month, one of their offices, a source, an amount (0 removes the
 * month's spend on that source).
 */
export async function saveSpend(
  db: Database,
  staff: Pick<StaffMember, "role" | "offices" | "name">,
  fields: Record<string, string>,
): Promise<SpendResult> {
  const fieldErrors: FieldErrors = {};
  const month = (fields.month ?? "").trim();
  const validMonth = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!validMonth || month < "2000-01" || month > "2100-12") {
    fieldErrors.month = "Choose the month, like 2031-03.";
  }
  const office = (fields.office ?? "") as StateSlug;
  if (!leadOffices(staff).includes(office)) fieldErrors.office = "Choose one of your offices.";
  const source = (fields.source ?? "") as RequestSource;
  if (!spendSources.includes(source)) {
    fieldErrors.source = "Choose the source the money went to.";
  }
  // An explicit 0 removes a month's spend; an empty field is a forgotten amount, not a removal.
  const typed = (fields.amount ?? "").trim();
  const cents = typed === "" ? null : parseMoney(typed);
  if (cents === null) {
    fieldErrors.amount =
      "Write the amount in dollars, like 1200 or 1,200.00 (at most $999,999.99).";
  }
  if (Object.keys(fieldErrors).length > 0 || cents === null) return { ok: false, fieldErrors };

  const where = and(
    eq(sourceSpend.office, office),
    eq(sourceSpend.source, source),
    eq(sourceSpend.month, month),
  );
  const what = `${requestSourceLabels[source]}, ${stateBySlug(office)?.name ?? office}, ${month}`;
  if (cents === 0) {
    await db.delete(sourceSpend).where(where);
    return { ok: true, message: `Removed the spend on ${what}.` };
  }
  await db
    .insert(sourceSpend)
    .values({ office, source, month, cents, updatedBy: staff.name })
    .onConflictDoUpdate({
      target: [sourceSpend.office, sourceSpend.source, sourceSpend.month],
      set: { cents, updatedBy: staff.name, updatedAt: sql`now()` },
    });
  return {
    ok: true,
    message: `Saved: ${formatMoney(cents, { cents: "always" })} on ${what}.`,
  };
}
