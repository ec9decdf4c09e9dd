/**
 * The one place an office's price policy is read from: every page, email and the field ask here
 * (app/domain/after-the-job.ts). An office without one shows no fee and gives the default warranty.
 */
import { eq } from "drizzle-orm";

import type { StateSlug } from "~/content/states";
import type { PricePolicy } from "~/domain/after-the-job";

import type { Database, Transaction } from "../db/database";
import { officePrices } from "../db/schema";

type PriceRow = typeof officePrices.$inferSelect;

function policyOf(row: PriceRow): PricePolicy {
  return {
    serviceCallCents: row.serviceCallCents,
    serviceCallRule: row.serviceCallRule,
    ranges: row.ranges,
    warrantyDays: row.warrantyDays,
  };
}

export async function pricePolicyFor(
  db: Database | Transaction,
  office: StateSlug,
): Promise<PricePolicy | null> {
  const [row] = await db.select().from(officePrices).where(eq(officePrices.office, office));
  return row ? policyOf(row) : null;
}

/** Every office's policy at once (a page that shows the visitor's office, whichever it is). */
export async function pricePolicies(
  db: Database | Transaction,
): Promise<Map<StateSlug, PricePolicy>> {
  const rows = await db.select().from(officePrices);
  return new Map(rows.map((row) => [row.office, policyOf(row)]));
}
