/**
 * The service call after Can't fix: the visit ended without a repair, so the fee the booking was
 * shown is owed, and the technician records it on My day with the payment form that records a
 * repair's payment (./estimates.server.ts `recordPayment`), or "No charge" with a reason the homeowner
 * reads. Pure views of the request's row, for My day, the private page and the receipt. When the
 * office books another visit, the service call stays with the visit it was for (the ledger's row
 * names its visit; ../requests/visit-history.ts), and the request's payment is blank for the next
 * one.
 */
import { profileForState } from "~/content/company";
import { formatCalendarDate, type PaymentMethod } from "~/domain/after-the-job";
import { paymentSummary } from "~/domain/estimate";
import { formatMoney } from "~/domain/money";
import { requestPageWords } from "~/domain/request-page-words";
import { displayDate, isoDateIn } from "~/lib/dates";

import type { ServiceRequestRow as Row } from "../requests/visit-changes";
import { newWorkDeclined } from "./warranty-work";

/** The visit ended with Can't fix, and the office has not booked another since. */
export function afterCantFix(row: Pick<Row, "status" | "fieldStatus">): boolean {
  return row.status === "scheduled" && row.fieldStatus === "cant-fix";
}

/**
 * Whether the payment recorded on the request settles the visit it is on now. A repair's payment
 * settles its job; a service call recorded after Can't fix settles that visit only: a visit
 * the office books afterwards (its field state blank again) is estimated and paid on its own.
 * New work declined on a warranty visit owes nothing (./warranty-work.ts).
 */
export function paymentSettled(
  row: Pick<
    Row,
    "paidAt" | "paymentFor" | "status" | "fieldStatus" | "jobStartedOnVisit" | "estimateDecision"
  >,
): boolean {
  if (!row.paidAt) return newWorkDeclined(row);
  return row.paymentFor !== "service-call" || afterCantFix(row);
}

/** The service call recorded after Can't fix (paid or no charge): the row says which. */
export function isServiceCallPayment(row: Pick<Row, "paidAt" | "paymentFor">): boolean {
  return row.paidAt !== null && row.paymentFor === "service-call";
}

/**
 * The service call recorded after a visit's Can't fix: paid (`method`, `cents`), or no charge
 * (`method` null, `cents` 0) and why. `paidAt` is when it was recorded (ISO text). The ledger's
 * row that settled the visit, or the visit's no charge (../requests/visit-history.ts).
 */
export interface VisitServiceCall {
  method: PaymentMethod | null;
  cents: number;
  paidAt: string;
  noChargeReason: string | null;
}

/** The service call recorded on `row`'s current visit; or null. */
export function recordedServiceCall(
  row: Pick<Row, "paidAt" | "paymentFor" | "paymentMethod" | "paymentCents" | "noChargeReason">,
): VisitServiceCall | null {
  if (!isServiceCallPayment(row) || !row.paidAt) return null;
  return {
    method: row.paymentMethod,
    cents: row.paymentCents ?? 0,
    paidAt: row.paidAt.toISOString(),
    noChargeReason: row.noChargeReason,
  };
}

/**
 * "service call $89.00 paid by card" or "no charge for the service call: <reason>": how a visit's
 * line in the history (the private page, the receipt and its email) ends after "could not be
 * repaired". An erased reason is blank: the words stop before it.
 */
export function serviceCallWords(call: VisitServiceCall): string {
  if (call.method === null) {
    return `no charge for the service call${call.noChargeReason ? `: ${call.noChargeReason}` : ""}`;
  }
  return `service call ${formatMoney(call.cents, { cents: "always" })} paid by ${call.method}`;
}

/**
 * "Service call: Paid $89.00 by card" or "Service call: no charge (<reason>)": the desk's words
 * for it, as the timeline's line said them when it was recorded.
 */
export function serviceCallSummary(call: VisitServiceCall): string {
  if (call.method === null) {
    return `Service call: no charge${call.noChargeReason ? ` (${call.noChargeReason})` : ""}`;
  }
  return `Service call: ${paymentSummary(call.method, call.cents)}`;
}

/**
 * What the private page says is owed after Can't fix, beside "Service call": "$89: due",
 * "$89.00 paid by card on Nov 25, 2026" or "No charge: <reason>"; null when no fee was set.
 * A warranty callback owes nothing.
 */
export function serviceCallOwed(row: Row, serviceCallCents: number | null): string | null {
  // A Spanish request's page says it in Spanish (issue 39); the reason is the office's words.
  const spanish = row.language === "es";
  if (row.warrantyCallback)
    return spanish ? "Sin cargo: visita de garantía" : "No charge: warranty visit";
  if (isServiceCallPayment(row) && row.paidAt) {
    if (row.noChargeReason !== null) {
      return `${spanish ? "Sin cargo" : "No charge"}: ${row.noChargeReason}`;
    }
    if (row.paymentCents !== null && row.paymentMethod) {
      const paidOnIso = isoDateIn(row.paidAt, profileForState(row.office).timeZone);
      const amount = formatMoney(row.paymentCents, { cents: "always" });
      return spanish
        ? `${amount} pagado ${requestPageWords.es.paymentMethod[row.paymentMethod]} el ${displayDate(paidOnIso, "es")}`
        : `${amount} paid by ${row.paymentMethod} on ${formatCalendarDate(paidOnIso)}`;
    }
  }
  if (serviceCallCents === null) return null;
  const fee = formatMoney(serviceCallCents, { cents: "when-needed" });
  return spanish ? `${fee}: pendiente de pago` : `${fee}: due`;
}
