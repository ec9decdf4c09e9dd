/**
 * The estimate and the receipt as they are shown (My day, the private page, the receipt page) and
 * sent (the receipt email, ./field-news.ts): pure views of the request's row. Apart from
 * ./estimates.server.ts, which changes the row, so that what the homeowner hears of a payment can build
 * the receipt without reaching back into the feature that records it. The receipt is written in
 * the request's language (issue 39) when asked; past 250 lines because its words in both
 * languages sit beside the one view that uses them.
 */
import { formatPhone, profileForState } from "~/content/company";
import { officeName } from "~/content/navigation";
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
  spanishServiceCallWorkDone,
  estimateLineKindLabels,
  estimateTotalCents,
  warrantyLine,
  type EstimateView,
  type ReceiptView,
} from "~/domain/estimate";
import type { EstimateDecisionPlace, PaymentMethod } from "~/domain/after-the-job";
import { applianceName } from "~/domain/appliances";
import { formatMoney } from "~/domain/money";
import { firstName } from "~/domain/names";
import { formatOfficeTime } from "~/domain/office-time";
import { displayDate, isoDateIn } from "~/lib/dates";
import type { Locale } from "~/lib/locale";

import { paidEffect } from "~/domain/payments";

import { spanishAppliance, spanishLineKinds } from "../mail/spanish-words";
import type { LedgerRow } from "../requests/ledger";
import type { ServiceRequestRow as Row } from "../requests/visit-changes";
import type { RepairedVisit, VisitRecord } from "../requests/visit-history";
import { isServiceCallPayment } from "./service-call";
import { addDays } from "../requests/windows";

/**
 * The rows a receipt lists: the paid payments of what it is for (a service call's receipt, the
 * latest service call's only; a repair's, its deposits and payments) and their refunds.
 */
function receiptLedgerOf(
  ledger: readonly LedgerRow[],
  paidFor: "repair" | "service-call",
): LedgerRow[] {
  const paid = ledger.filter(
    (row) =>
      row.kind !== "refund" &&
      // A payment of nothing settles the job; there is nothing in it to list.
      row.amountCents > 0 &&
      row.paymentFor === paidFor &&
      (row.state === "paid" || row.state === "refunded"),
  );
  const counted = paidFor === "service-call" ? paid.slice(-1) : paid;
  const ids = new Set(counted.map((row) => row.id));
  return ledger.filter(
    (row) =>
      ids.has(row.id) ||
      (row.kind === "refund" && row.state === "paid" && row.refundOf && ids.has(row.refundOf)),
  );
}

/** The receipt's own words in each language (issue 39): the ledger's rows and how it was paid. */
const receiptWords = {
  en: {
    day: formatCalendarDate,
    method: (method: PaymentMethod) => paymentMethodLabels[method],
    and: " and ",
    refund: "Refund",
    deposit: "Deposit",
    payment: "Payment",
    refunded: (amount: string, method: PaymentMethod, card: string, on: string) =>
      `${amount} back ${method === "card" ? "to" : "in"} ${paymentMethodLabels[method].toLowerCase()}${card} on ${on}`,
    paid: (amount: string, method: PaymentMethod, card: string, on: string) =>
      `${amount} by ${paymentMethodLabels[method].toLowerCase()}${card} on ${on}`,
    yourTechnician: "Your technician",
    serviceCallWorkDone,
  },
  es: {
    day: (iso: string) => displayDate(iso, "es"),
    method: (method: PaymentMethod) => spanishPaymentMethods[method],
    and: " y ",
    refund: "Reembolso",
    deposit: "Depósito",
    payment: "Pago",
    refunded: (amount: string, method: PaymentMethod, card: string, on: string) =>
      `${amount} devueltos ${method === "card" ? "a la tarjeta" : spanishPaidWith(method)}${card} el ${on}`,
    paid: (amount: string, method: PaymentMethod, card: string, on: string) =>
      `${amount} ${spanishPaidWith(method)}${card} el ${on}`,
    yourTechnician: "Su técnico",
    serviceCallWorkDone: spanishServiceCallWorkDone,
  },
} satisfies Record<Locale, unknown>;

const spanishPaymentMethods: Record<PaymentMethod, string> = {
  card: "Tarjeta",
  cash: "Efectivo",
  check: "Cheque",
};

/** "con tarjeta", "en efectivo", "con cheque". */
function spanishPaidWith(method: PaymentMethod): string {
  return `${method === "cash" ? "en" : "con"} ${spanishPaymentMethods[method].toLowerCase()}`;
}

/** "Payment", "$245.00 by card ····4242 on Nov 29, 2026": one ledger row on the receipt. */
function ledgerFact(
  row: LedgerRow,
  timeZone: string,
  language: Locale,
): { label: string; value: string } {
  const words = receiptWords[language];
  const on = words.day(isoDateIn(row.settledAt ?? row.createdAt, timeZone));
  const card = row.cardLast4 ? ` ····${row.cardLast4}` : "";
  const amount = formatMoney(row.amountCents, { cents: "always" });
  if (row.kind === "refund") {
    return {
      label: words.refund,
      value: `${words.refunded(amount, row.method, card, on)}${row.reason ? ` (${row.reason})` : ""}`,
    };
  }
  return {
    label: row.kind === "deposit" ? words.deposit : words.payment,
    value: words.paid(amount, row.method, card, on),
  };
}

/** "Mar 4, 2:05 PM Central": an instant in the request's office's time zone. */
export function whenIn(instant: Date, row: Row, locale: Locale = "en"): string {
  const office = profileForState(row.office);
  return formatOfficeTime(instant, office.timeZone, office.timeZoneLabel, "day-and-clock", locale);
}

const spanishDecisionPlaces: Record<EstimateDecisionPlace, string> = {
  phone: "en el teléfono del técnico",
  page: "en la página del cliente",
};

/** Which writing of the estimate `row` holds (EstimateView's `version`). */
export function estimateVersionOf(row: Row): string {
  return row.estimateAt?.toISOString() ?? "";
}

/**
 * The estimate as it is shown, or null before one is written: in English on My day, in the
 * request's language on the homeowner's page (issue 39).
 */
export function estimateViewOf(
  row: Row,
  serviceCallCents: number | null,
  locale: Locale = "en",
): EstimateView | null {
  const lines = row.estimateLines;
  if (!lines || lines.length === 0) return null;
  const decision = row.estimateDecision;
  const decidedText =
    decision && row.estimateDecidedAt
      ? locale === "es"
        ? `${decision === "approved" ? "Aprobado" : "Rechazado"}${row.estimateDecidedBy ? ` por ${row.estimateDecidedBy}` : ""} ${spanishDecisionPlaces[row.estimateDecidedOn ?? "page"]}, el ${whenIn(row.estimateDecidedAt, row, locale)}`
        : `${decision === "approved" ? "Approved" : "Declined"}${row.estimateDecidedBy ? ` by ${row.estimateDecidedBy}` : ""} ${decisionPlaceWords[row.estimateDecidedOn ?? "page"]}, ${whenIn(row.estimateDecidedAt, row)}`
      : null;
  return {
    lines: lines.map((line) => ({
      kind: locale === "es" ? spanishLineKinds[line.kind] : estimateLineKindLabels[line.kind],
      description: line.description,
      amount: formatMoney(line.cents, { cents: "always" }),
    })),
    total: formatMoney(estimateTotalCents(lines), { cents: "always" }),
    totalCents: estimateTotalCents(lines),
    writtenAt: row.estimateAt ? whenIn(row.estimateAt, row, locale) : "",
    version: estimateVersionOf(row),
    decision: decision && decidedText ? { decision, text: decidedText } : null,
    declinedChargeCents: decision === "declined" ? serviceCallCents : null,
    declinedText: decision === "declined" ? declinedLine(serviceCallCents, locale) : null,
  };
}

/**
 * The receipt, or null before the payment is recorded; its words in `language` (a Spanish
 * request's receipt email, issue 39), the visits as given.
 */
export function receiptViewOf(
  row: Row,
  serviceCallCents: number | null,
  visits: VisitRecord[],
  repaired: RepairedVisit | null,
  ledger: readonly LedgerRow[] = [],
  language: Locale = "en",
): ReceiptView | null {
  if (!row.paidAt || row.paymentCents === null || !row.paymentMethod) return null;
  const office = profileForState(row.office);
  const words = receiptWords[language];
  const paidOn = words.day(isoDateIn(row.paidAt, office.timeZone));
  // The service call after Can't fix (./service-call.ts): no repair, no estimate, no warranty.
  const forServiceCall = isServiceCallPayment(row);
  const estimate = forServiceCall ? null : estimateViewOf(row, serviceCallCents, language);
  const lines = receiptLedgerOf(ledger, forServiceCall ? "service-call" : "repair");
  const card = [...lines]
    .reverse()
    .find((line) => line.kind !== "refund" && line.cardLast4)?.cardLast4;
  const paidCents = lines.reduce((sum, line) => sum + paidEffect(line), 0);
  return {
    forServiceCall,
    reference: row.reference,
    company: {
      name: officeName(office, language),
      street: office.street,
      region: office.region,
      phone: formatPhone(office.phone),
    },
    date: paidOn,
    visits: visits.map((visit) => `${visit.label}: ${visit.text} (${visit.outcome})`),
    technician: firstName(repaired?.technician ?? row.technician) || words.yourTechnician,
    appliance:
      language === "es"
        ? spanishAppliance(row.selectedAppliance)
        : applianceName(row.selectedAppliance),
    brand: row.brand,
    model: row.model,
    serialNumber: row.serialNumber,
    // The paid repair's work, not a warranty visit's done after it.
    // (A repair recorded before visits were rows may have none of its own: the request's then.)
    workDone: forServiceCall
      ? words.serviceCallWorkDone
      : (repaired?.workDone ?? row.workDone ?? ""),
    partsUsed: forServiceCall ? "" : (repaired?.partsUsed ?? row.partsUsed ?? ""),
    estimate,
    // Went ahead with the approved estimate: the fee the booking was shown is not charged.
    serviceCallWaived:
      !forServiceCall &&
      row.estimateDecision === "approved" &&
      serviceCallCents !== null &&
      serviceCallCents > 0
        ? serviceCallWaivedLine(serviceCallCents, language)
        : null,
    payment: {
      // Every way it was paid: "Card ····4242 and cash" for a deposit by card and the rest in cash.
      method: methodsOf(lines, row.paymentMethod, card ?? null, language),
      amount: formatMoney(lines.length > 0 ? paidCents : row.paymentCents, { cents: "always" }),
      date: paidOn,
    },
    ledger: lines.map((line) => ledgerFact(line, office.timeZone, language)),
    balance: formatMoney(0, { cents: "always" }),
    warranty: forServiceCall
      ? null
      : warrantyLine(
          row.warrantyDays ?? defaultWarrantyDays,
          row.warrantyEnds ?? addDays(isoDateIn(row.paidAt, office.timeZone), defaultWarrantyDays),
          language,
        ),
  };
}

/** "Card ····4242", or "Card ····4242 and cash": the methods of the receipt's payments, in order. */
function methodsOf(
  lines: readonly LedgerRow[],
  settledBy: PaymentMethod,
  card: string | null,
  language: Locale,
): string {
  const words = receiptWords[language];
  const paid = lines.filter((line) => line.kind !== "refund" && paidEffect(line) > 0);
  const methods = [...new Set(paid.map((line) => line.method))];
  if (methods.length === 0) methods.push(settledBy);
  return methods
    .map((method, index) => {
      const label = words.method(method);
      const named = index === 0 ? label : label.toLowerCase();
      return method === "card" && card ? `${named} ····${card}` : named;
    })
    .join(words.and);
}
