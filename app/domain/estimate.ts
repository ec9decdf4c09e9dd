/**
 * The estimate, its answer, the payment and the receipt, as My day, the private page, the
 * receipt page and its email show them; and the forms' one schema each (the browser and the
 * server read the same rules). The stored shapes are ./after-the-job.ts'.
 */
import { z } from "zod";

import { displayDate } from "~/lib/dates";
import type { Locale } from "~/lib/locale";
// Sets zod to run without eval before these schemas parse in a browser (the pages' CSP).
import "~/lib/validation";

import {
  estimateLineKinds,
  formatCalendarDate,
  paymentMethods,
  type EstimateDecision,
  type EstimateDecisionPlace,
  type EstimateLine,
  type EstimateLineKind,
  type PaymentMethod,
} from "./after-the-job";
import { formatMoney, parseMoney } from "./money";

export const estimateLineKindLabels: Record<EstimateLineKind, string> = {
  part: "Part",
  labour: "Labour",
};

/** The line rows the estimate form shows without JavaScript (blank rows are left out). */
export const estimateFormRows = 5;
/** The most lines an estimate holds (JavaScript may add rows up to this). */
export const maxEstimateLines = 20;

export function estimateTotalCents(lines: readonly EstimateLine[]): number {
  return lines.reduce((total, line) => total + line.cents, 0);
}

/** The form field of line `index`'s `part`: "line-0-kind", "line-0-description", "line-0-amount". */
export function estimateLineField(index: number, part: "kind" | "description" | "amount"): string {
  return `line-${index}-${part}`;
}

const tooManyEstimateLines = `At most ${maxEstimateLines} lines`;

/** A line's description or amount field, by its row ("line-3-amount" → 3). */
const lineContentField = /^line-(0|[1-9]\d*)-(?:description|amount)$/;

/** Whether a row past the last one an estimate holds was filled in. */
function hasRowPastTheLast(fields: Record<string, string>): boolean {
  return Object.entries(fields).some(([name, value]) => {
    const row = lineContentField.exec(name)?.[1];
    return row !== undefined && Number(row) >= maxEstimateLines && value.trim() !== "";
  });
}

/**
 * The estimate form's fields → its lines: a row with neither a description nor an amount is
 * blank and left out; at least one line, at most `maxEstimateLines` (a row past them is refused,
 * never dropped: the total would leave out what was typed). Errors name the row's own field.
 */
export function parseEstimateForm(
  fields: Record<string, string>,
): { ok: true; lines: EstimateLine[] } | { ok: false; fieldErrors: Record<string, string> } {
  if (hasRowPastTheLast(fields)) return { ok: false, fieldErrors: { lines: tooManyEstimateLines } };
  const lines: EstimateLine[] = [];
  const fieldErrors: Record<string, string> = {};
  for (let index = 0; index < maxEstimateLines; index += 1) {
    const description = (fields[estimateLineField(index, "description")] ?? "").trim();
    const amount = (fields[estimateLineField(index, "amount")] ?? "").trim();
    if (description === "" && amount === "") continue;
    const kind = fields[estimateLineField(index, "kind")] ?? "";
    if (!(estimateLineKinds as readonly string[]).includes(kind)) {
      fieldErrors[estimateLineField(index, "kind")] = "Choose Part or Labour";
    }
    if (description.length < 1 || description.length > 200) {
      fieldErrors[estimateLineField(index, "description")] =
        "Describe the line in 1 to 200 characters";
    }
    const cents = parseMoney(amount);
    if (cents === null) {
      fieldErrors[estimateLineField(index, "amount")] = "Enter the amount (like 89.50)";
    }
    if (cents !== null && description !== "") {
      lines.push({ kind: kind as EstimateLineKind, description, cents });
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  if (lines.length === 0) {
    return { ok: false, fieldErrors: { lines: "Enter at least one line: a part or labour" } };
  }
  return { ok: true, lines };
}

/** The name the homeowner types to approve or decline, on the phone or on their page. */
export const decidedBySchema = z
  .string({ error: "Type your name" })
  .trim()
  .min(1, "Type your name")
  .max(100, "Use at most 100 characters");

/** The payment form's choice for a service call after Can't fix that is not charged. */
export const noChargeMethod = "no-charge";

/** A payment as recorded: paid by a method, or (a service call after Can't fix) no charge. */
export type RecordedPayment =
  { method: PaymentMethod; amount: number } | { method: typeof noChargeMethod; reason: string };

/**
 * "Record payment" after Done, and the service call after Can't fix (the same form, which then
 * offers "No charge" too, with a reason the homeowner reads).
 */
export const paymentSchema = z
  .object({
    method: z.enum([...paymentMethods, noChargeMethod], { error: "Choose Cash, Check or Card" }),
    amount: z.string().trim().max(20).default(""),
    noChargeReason: z.string().trim().max(200, "Use at most 200 characters").default(""),
  })
  .superRefine((payment, context) => {
    if (payment.method === noChargeMethod) {
      if (payment.noChargeReason === "") {
        context.addIssue({
          code: "custom",
          path: ["noChargeReason"],
          message: "Say why there is no charge",
        });
      }
    } else if (parseMoney(payment.amount) === null) {
      context.addIssue({
        code: "custom",
        path: ["amount"],
        message: "Enter the amount paid (like 245.00)",
      });
    }
  })
  .transform((payment): RecordedPayment =>
    payment.method === noChargeMethod
      ? { method: noChargeMethod, reason: payment.noChargeReason }
      : { method: payment.method, amount: parseMoney(payment.amount)! },
  );

/** "Estimate: $245.00 (2 lines)": the timeline's words. */
export function estimateSummary(lines: readonly EstimateLine[]): string {
  return `Estimate: ${formatMoney(estimateTotalCents(lines), { cents: "always" })} (${lines.length} ${lines.length === 1 ? "line" : "lines"})`;
}

export const decisionPlaceWords: Record<EstimateDecisionPlace, string> = {
  phone: "on the technician's phone",
  page: "on the customer's page",
};

/** "Estimate approved by Maria Lopez on the customer's page". */
export function decisionSummary(
  decision: EstimateDecision,
  name: string,
  place: EstimateDecisionPlace,
): string {
  return `Estimate ${decision} by ${name} ${decisionPlaceWords[place]}`;
}

/** "Paid $245.00 by card". */
export function paymentSummary(method: PaymentMethod, cents: number): string {
  return `Paid ${formatMoney(cents, { cents: "always" })} by ${method}`;
}

/**
 * "90 days on parts and labour, until Feb 23, 2027"; in Spanish (issue 39) "90 días en piezas y
 * mano de obra, hasta el 23 de febrero de 2027".
 */
export function warrantyLine(days: number, endsIsoDate: string, locale: Locale = "en"): string {
  if (locale === "es") {
    return `${days} días en piezas y mano de obra, hasta el ${displayDate(endsIsoDate, "es")}`;
  }
  return `${days} days on parts and labour, until ${formatCalendarDate(endsIsoDate)}`;
}

/**
 * "Service call $89: waived": the receipt's line when the homeowner went ahead with the repair;
 * in Spanish "Cargo por visita de $89: descontado".
 */
export function serviceCallWaivedLine(serviceCallCents: number, locale: Locale = "en"): string {
  const fee = formatMoney(serviceCallCents, { cents: "when-needed" });
  return locale === "es" ? `Cargo por visita de ${fee}: descontado` : `Service call ${fee}: waived`;
}

/**
 * "Repaired Nov 27": the day of the paid repair's visit (yyyy-mm-dd, the office's); in Spanish
 * "Reparado el 27 de noviembre de 2026".
 */
export function repairedLine(isoDate: string, locale: Locale = "en"): string {
  if (locale === "es") return `Reparado el ${displayDate(isoDate, "es")}`;
  const [year, month, day] = isoDate.split("-").map(Number);
  const date = new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
  return `Repaired ${date}`;
}

/**
 * "Declined: the charge is the $89 service call" (or "Declined" when no fee is set); in Spanish
 * "Presupuesto rechazado: solo se cobra el cargo por visita de $89".
 */
export function declinedLine(serviceCallCents: number | null, locale: Locale = "en"): string {
  const fee =
    serviceCallCents === null ? null : formatMoney(serviceCallCents, { cents: "when-needed" });
  if (locale === "es") {
    return fee === null
      ? "Presupuesto rechazado"
      : `Presupuesto rechazado: solo se cobra el cargo por visita de ${fee}`;
  }
  return fee === null ? "Declined" : `Declined: the charge is the ${fee} service call`;
}

/** An estimate as it is shown: its lines, total and the answer, if any. */
export interface EstimateView {
  lines: { kind: string; description: string; amount: string }[];
  total: string;
  totalCents: number;
  /** "Nov 25, 2:10 PM Central". */
  writtenAt: string;
  /**
   * Which writing of the estimate this is (when it was written, to the millisecond): the answer
   * on the private page posts it, so an estimate rewritten meanwhile is never approved unseen.
   */
  version: string;
  decision: {
    decision: EstimateDecision;
    /** "Approved by Maria Lopez on the customer's page, Nov 25, 2:30 PM Central". */
    text: string;
  } | null;
  /** Declined: the charge (the service-call fee) in cents, null when no fee is set. */
  declinedChargeCents: number | null;
  /** What the homeowner is shown under a declined estimate. */
  declinedText: string | null;
}

/** What a service call's receipt says was done (the technician's reason stays the office's). */
export const serviceCallWorkDone =
  "Service call: the appliance could not be repaired on this visit";

/** The same, on a Spanish receipt (issue 39). */
export const spanishServiceCallWorkDone =
  "Cargo por visita: el electrodoméstico no se pudo reparar en esta visita";

/** The receipt, as its page and its email show it (the same facts in the same order). */
export interface ReceiptView {
  /** The service call after Can't fix: no repair, so no estimate and no warranty. */
  forServiceCall: boolean;
  reference: string | null;
  company: { name: string; street: string; region: string; phone: string };
  /** The payment's date, in the office's time zone: "Nov 25, 2026". */
  date: string;
  /** Each visit on its own day as it happened: "Return visit: Sat, Nov 28, 8:00 AM - 12:00 PM Central (done)". */
  visits: string[];
  technician: string;
  appliance: string;
  brand: string;
  model: string;
  serialNumber: string;
  workDone: string;
  partsUsed: string;
  estimate: EstimateView | null;
  /**
   * "Service call $89: waived": the homeowner went ahead with the approved estimate, so the fee
   * the booking was shown is not charged; null otherwise (no fee, no estimate, declined).
   */
  serviceCallWaived: string | null;
  payment: { method: string; amount: string; date: string };
  /**
   * Every payment and refund of it, as the ledger holds them: "Deposit", "$138.00 by card ····4242
   * on Nov 20, 2026"; "Payment"; "Refund", "$50.00 to card ····4242 on Nov 30, 2026 (why)".
   * Empty for a payment recorded before the ledger without one (then `payment` says it).
   */
  ledger: { label: string; value: string }[];
  /** What is left to pay: "$0.00" once paid. */
  balance: string;
  /** "90 days on parts and labour, until Feb 23, 2027"; null for a service call (no repair). */
  warranty: string | null;
}

/** The receipt's labels in each language (issue 39); the values come in the view's language. */
const receiptLabels = {
  en: {
    reference: "Reference",
    date: "Date",
    visit: "Visit",
    visits: "Visits",
    technician: "Technician",
    appliance: "Appliance",
    brand: "Brand",
    model: "Model",
    serialNumber: "Serial number",
    workDone: "Work done",
    partsUsed: "Parts used",
    notRecorded: "Not recorded",
    none: "None",
    payment: "Payment",
    paid: (receipt: ReceiptView) =>
      `${receipt.payment.amount} by ${receipt.payment.method.toLowerCase()} on ${receipt.payment.date}`,
    totalPaid: "Total paid",
    balance: "Balance",
    warranty: "Warranty",
  },
  es: {
    reference: "Referencia",
    date: "Fecha",
    visit: "Visita",
    visits: "Visitas",
    technician: "Técnico",
    appliance: "Electrodoméstico",
    brand: "Marca",
    model: "Modelo",
    serialNumber: "Número de serie",
    workDone: "Trabajo realizado",
    partsUsed: "Piezas usadas",
    notRecorded: "Sin registrar",
    none: "Ninguna",
    payment: "Pago",
    paid: (receipt: ReceiptView) =>
      `${receipt.payment.amount} el ${receipt.payment.date} (${receipt.payment.method.toLowerCase()})`,
    totalPaid: "Total pagado",
    balance: "Saldo",
    warranty: "Garantía",
  },
} satisfies Record<Locale, unknown>;

/**
 * The receipt's facts as labelled lines (the email's text and the page say the same), labelled
 * in `locale`: a Spanish receipt's view (`receiptViewOf(…, "es")`) with Spanish labels.
 */
export function receiptFacts(
  receipt: ReceiptView,
  locale: Locale = "en",
): { label: string; value: string }[] {
  const labels = receiptLabels[locale];
  return [
    ...(receipt.reference ? [{ label: labels.reference, value: receipt.reference }] : []),
    { label: labels.date, value: receipt.date },
    ...(receipt.visits.length > 0
      ? [
          {
            label: receipt.visits.length > 1 ? labels.visits : labels.visit,
            value: receipt.visits.join("\n"),
          },
        ]
      : []),
    { label: labels.technician, value: receipt.technician },
    { label: labels.appliance, value: receipt.appliance },
    { label: labels.brand, value: receipt.brand || labels.notRecorded },
    { label: labels.model, value: receipt.model || labels.notRecorded },
    { label: labels.serialNumber, value: receipt.serialNumber || labels.notRecorded },
    { label: labels.workDone, value: receipt.workDone || labels.notRecorded },
    { label: labels.partsUsed, value: receipt.partsUsed || labels.none },
    ...(receipt.ledger.length > 0
      ? receipt.ledger
      : [{ label: labels.payment, value: labels.paid(receipt) }]),
    ...(receipt.ledger.length > 1
      ? [{ label: labels.totalPaid, value: receipt.payment.amount }]
      : []),
    { label: labels.balance, value: receipt.balance },
    ...(receipt.warranty ? [{ label: labels.warranty, value: receipt.warranty }] : []),
  ];
}

/** What a visit's card on My day shows and offers of the estimate and the payment. */
export interface VisitAfterTheJob {
  estimate: EstimateView | null;
  /** The key of the "Write the estimate" form; null when it may not be written (or rewritten). */
  estimateKey: string | null;
  /** The key of the customer's answer on the phone; null when there is nothing to answer. */
  decisionKey: string | null;
  /** The key of "Record payment"; null before Done (or Can't fix) or once recorded. */
  paymentKey: string | null;
  /**
   * After Can't fix: the form records the service call (the fee the booking was shown to start
   * with), or "No charge" with a reason the homeowner reads.
   */
  serviceCall: boolean;
  /** The amount the payment form starts with ("245.00"): the approved total, or the fee. */
  suggestedAmount: string;
  /** "Paid $245.00 by card, Nov 25, 3:10 PM Central" (or the service call's) once recorded. */
  payment: string | null;
  /** A payment was recorded (not a no charge): the receipt went to the customer. */
  receiptSent: boolean;
}

/** What the homeowner's private page shows of the estimate and the receipt. */
export interface RequestAfterTheJob {
  estimate: EstimateView | null;
  /** The estimate waits for an answer: "Approve estimate" and "Decline" are offered. */
  canAnswer: boolean;
  /**
   * Once paid: the payment and the warranty (none for a service call), and the receipt's page
   * (`{page}/receipt`).
   */
  receipt: {
    payment: string;
    warranty: string | null;
    forServiceCall: boolean;
    /**
     * "Repaired Nov 27": the day of the visit whose repair was paid, from the visit history, so
     * that a warranty visit booked (or done) later does not take its place; null for a service
     * call, or when no visit of the request was done.
     */
    repaired?: string | null;
  } | null;
}
