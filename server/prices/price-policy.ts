/**
 * The one place an office's price policy is read from: every page, email and the field ask here
 * (app/domain/after-the-job.ts). An office without one shows no fee and gives the default warranty.
 */
import { eq } from "drizzle-orm";

import type { StateSlug } from "~/content/states";
import type { PricePolicy } from "~/domain/after-the-job";
import type { ServiceCallPolicy } from "~/domain/prices";

import type { Database, Transaction } from "../db/database";
import { officePrices, type serviceRequests } from "../db/schema";

type PriceRow = typeof officePrices.$inferSelect;
type QuotedRequest = Pick<
  typeof serviceRequests.$inferSelect,
  "office" | "quotedServiceCallCents" | "quotedServiceCallRule" | "quotedServiceCallRuleEs"
>;

function policyOf(row: PriceRow): PricePolicy {
  return {
    serviceCallCents: row.serviceCallCents,
    serviceCallRule: row.serviceCallRule,
    serviceCallRuleEs: row.serviceCallRuleEs,
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

/**
 * The service call a request is held to: the fee and rule its booking was shown, whatever the
 * office charges now; for a request booked when none was shown, the office's current one.
 */
export function serviceCallOf(
  request: QuotedRequest,
  policy: PricePolicy | null,
): ServiceCallPolicy | null {
  if (request.quotedServiceCallCents !== null && request.quotedServiceCallRule !== null) {
    return {
      serviceCallCents: request.quotedServiceCallCents,
      serviceCallRule: request.quotedServiceCallRule,
      serviceCallRuleEs: request.quotedServiceCallRuleEs,
    };
  }
  return (
    policy && {
      serviceCallCents: policy.serviceCallCents,
      serviceCallRule: policy.serviceCallRule,
      serviceCallRuleEs: policy.serviceCallRuleEs,
    }
  );
}

/** `serviceCallOf` with the office's policy read here, only when the request holds no quote. */
export async function serviceCallFor(
  db: Database | Transaction,
  request: QuotedRequest,
): Promise<ServiceCallPolicy | null> {
  const quoted = request.quotedServiceCallCents !== null && request.quotedServiceCallRule !== null;
  return serviceCallOf(request, quoted ? null : await pricePolicyFor(db, request.office));
}
