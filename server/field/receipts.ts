/**
 * The estimate and the receipt as they are shown (My day, the private page, the receipt page) and
 * sent (the receipt email, ./field-news.ts): pure views of the request's row. Apart from
 * ./estimates.server.ts, which changes the row, so that what the homeowner hears of a payment can build
 * the receipt without reaching back into the feature that records it.
 */
import { formatPhone, profileForState } from "~/content/company";
import {
  defaultWarrantyDays,
  formatCalendarDate,
  paymentMethodLabels,
} from "~/domain/after-the-job";
import {
  decisionPlaceWords,
  declinedLine,
  serviceCallWaivedLine,
  serviceCallWorkDone,
  estimateLineKindLabels,
  estimateTotalCents,
  warrantyLine,
  type EstimateView,
  type ReceiptView,
} from "~/domain/estimate";
import { applianceName } from "~/domain/appliances";
import { formatMoney } from "~/domain/money";
import { firstName } from "~/domain/names";
import { formatOfficeTime } from "~/domain/office-time";
import { isoDateIn } from "~/lib/dates";

import type { ServiceRequestRow as Row } from "../requests/visit-changes";
import type { RepairedVisit, VisitRecord } from "../requests/visit-history";
import { isServiceCallPayment } from "./service-call";
import { addDays } from "../requests/windows";

/** "Mar 4, 2:05 PM Central": an instant in the request's office's time zone. */
export function whenIn(instant: Date, row: Row): string {
  const office = profileForState(row.office);
  return formatOfficeTime(instant, office.timeZone, office.timeZoneLabel, "day-and-clock");
}

/** Which writing of the estimate `row` holds (EstimateView's `version`). */
export function estimateVersionOf(row: Row): string {
  return row.estimateAt?.toISOString() ?? "";
}

/** The estimate as it is shown, or null before one is written. */
export function estimateViewOf(row: Row, serviceCallCents: number | null): EstimateView | null {
  const lines = row.estimateLines;
  if (!lines || lines.length === 0) return null;
  const decision = row.estimateDecision;
  const decidedText =
    decision && row.estimateDecidedAt
      ? `${decision === "approved" ? "Approved" : "Declined"}${row.estimateDecidedBy ? ` by ${row.estimateDecidedBy}` : ""} ${decisionPlaceWords[row.estimateDecidedOn ?? "page"]}, ${whenIn(row.estimateDecidedAt, row)}`
      : null;
  return {
    lines: lines.map((line) => ({
      kind: estimateLineKindLabels[line.kind],
      description: line.description,
      amount: formatMoney(line.cents, { cents: "always" }),
    })),
    total: formatMoney(estimateTotalCents(lines), { cents: "always" }),
    totalCents: estimateTotalCents(lines),
    writtenAt: row.estimateAt ? whenIn(row.estimateAt, row) : "",
    version: estimateVersionOf(row),
    decision: decision && decidedText ? { decision, text: decidedText } : null,
    declinedChargeCents: decision === "declined" ? serviceCallCents : null,
    declinedText: decision === "declined" ? declinedLine(serviceCallCents) : null,
  };
}

/** The receipt, or null before the payment is recorded. */
export function receiptViewOf(
  row: Row,
  serviceCallCents: number | null,
  visits: VisitRecord[],
  repaired: RepairedVisit | null,
): ReceiptView | null {
  if (!row.paidAt || row.paymentCents === null || !row.paymentMethod) return null;
  const office = profileForState(row.office);
  const paidOn = formatCalendarDate(isoDateIn(row.paidAt, office.timeZone));
  // The service call after Can't fix (./service-call.ts): no repair, no estimate, no warranty.
  const forServiceCall = isServiceCallPayment(row);
  return {
    forServiceCall,
    reference: row.reference,
    company: {
      name: office.name,
      street: office.street,
      region: office.region,
      phone: formatPhone(office.phone),
    },
    date: paidOn,
    visits: visits.map((visit) => `${visit.label}: ${visit.text} (${visit.outcome})`),
    technician: firstName(repaired?.technician ?? row.technician) || "Your technician",
    appliance: applianceName(row.selectedAppliance),
    brand: row.brand,
    model: row.model,
    serialNumber: row.serialNumber,
    // The paid repair's work, not a warranty visit's done after it.
    // (A repair recorded before visits were rows may have none of its own: the request's then.)
    workDone: forServiceCall ? serviceCallWorkDone : (repaired?.workDone ?? row.workDone ?? ""),
    partsUsed: forServiceCall ? "" : (repaired?.partsUsed ?? row.partsUsed ?? ""),
    estimate: forServiceCall ? null : estimateViewOf(row, serviceCallCents),
    // Went ahead with the approved estimate: the fee the booking was shown is not charged.
    serviceCallWaived:
      !forServiceCall &&
      row.estimateDecision === "approved" &&
      serviceCallCents !== null &&
      serviceCallCents > 0
        ? serviceCallWaivedLine(serviceCallCents)
        : null,
    payment: {
      method: paymentMethodLabels[row.paymentMethod],
      amount: formatMoney(row.paymentCents, { cents: "always" }),
      date: paidOn,
    },
    warranty: forServiceCall
      ? null
      : warrantyLine(
          row.warrantyDays ?? defaultWarrantyDays,
          row.warrantyEnds ?? addDays(isoDateIn(row.paidAt, office.timeZone), defaultWarrantyDays),
        ),
  };
}
