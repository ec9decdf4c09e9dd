/**
 * The one place an office's price policy is read from: every page, email and the field ask here
 * (app/domain/after-the-job.ts). An office without one shows no fee and gives the default warranty.
 */
import { eq } from "drizzle-orm";

import type { StateSlug } from "~/content/states";
import type { PricePolicy } from "~/domain/after-the-job";

import type { Database, Transaction } from "../db/database";
import { officePrices } from "../db/schema";

export async function pricePolicyFor(
  db: Database | Transaction,
  office: StateSlug,
): Promise<PricePolicy | null> {
  const [row] = await db.select().from(officePrices).where(eq(officePrices.office, office));
  if (!row) return null;
  return {
    serviceCallCents: row.serviceCallCents,
    serviceCallRule: row.serviceCallRule,
    ranges: row.ranges,
    warrantyDays: row.warrantyDays,
  };
}
