/**
 * The paid jobs an ad click brought, for the owner to upload to Google Ads as offline
 * conversions: Google's "Conversions from clicks" file, its click id, the conversion's name, its
 * time with the office's offset, its value and currency; no name, phone, email or address (the
 * click id is Google's own, and an erased request has none left: its visit source is erased).
 */
import { sql } from "drizzle-orm";

import { profileForState } from "~/content/company";
import type { StateSlug } from "~/content/states";
import type { NumbersRange } from "~/domain/numbers";

import type { Database } from "../db/database";
import { wallTimeWithOffset } from "../mail/time-zone";
import { netPaid } from "../requests/ledger";
import { jobSettlement } from "../requests/request-rows";
import { csvOf, dollars, officeList, rowsOf, withinRange } from "./queries";

/** The conversion's name in the owner's Google Ads account (set up once, as the guide says). */
export const conversionName = "Paid repair";

export interface ClickConversion {
  clickId: string;
  paidAt: Date;
  office: StateSlug;
  /** Cents: the request's payments less its refunds. */
  valueCents: number;
}

/** What Google's click ids are made of; anything else a visitor typed into the address is left out. */
const clickIdPattern = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Jobs paid in `range` whose request's visitor came from a Google ad (the latest touch's click
 * id, else the first's), one conversion each, worth that job's payments less its refunds: a
 * second job on the request (new work on a warranty visit) is a conversion of its own, and a file
 * of an earlier range never counts it again. A job refunded in full is no conversion.
 */
export async function clickConversionsOf(
  db: Database,
  offices: readonly StateSlug[],
  range: NumbersRange,
): Promise<ClickConversion[]> {
  if (offices.length === 0) return [];
  const result = await db.execute(sql`
    select sr.office, paid.paid_at,
      coalesce(sr.visit_source #>> '{last,params,gclid}', sr.visit_source #>> '{first,params,gclid}') as click_id,
      ${netPaid(sql`p.request_id = sr.id and p.job_number = j.number`)} as value
    from service_requests sr
    join request_jobs j on j.request_id = sr.id
    join lateral ${jobSettlement(sql`j.request_id`, sql`j.number`, "paid")} on true
    where sr.office in (${officeList(offices)})
      and sr.visit_source is not null
      and paid.cents > 0
      and ${withinRange(sql`paid.paid_at`, offices, range)}
    order by paid.paid_at, sr.id, j.number
  `);
  return rowsOf(result)
    .map((row) => ({
      clickId: (row.click_id as string | null) ?? "",
      paidAt: new Date(row.paid_at as string),
      office: row.office as StateSlug,
      valueCents: Number(row.value),
    }))
    .filter((conversion) => clickIdPattern.test(conversion.clickId) && conversion.valueCents > 0);
}

/** Google Ads' "Conversions from clicks" template, one row per paid job. */
export function conversionsCsv(conversions: readonly ClickConversion[]): string {
  return csvOf([
    [
      "Google Click ID",
      "Conversion Name",
      "Conversion Time",
      "Conversion Value",
      "Conversion Currency",
    ],
    ...conversions.map((conversion) => [
      conversion.clickId,
      conversionName,
      wallTimeWithOffset(conversion.paidAt, profileForState(conversion.office).timeZone),
      dollars(conversion.valueCents),
      "USD",
    ]),
  ]);
}
