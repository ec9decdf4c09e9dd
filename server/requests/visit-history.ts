/**
 * A request's visits, each a row of `request_visits` with its own day as it happened: the earlier
 * ones (how each ended, and the service call recorded after a Can't fix), then the current one.
 * The private page, the receipt and its email say the same.
 */
import { and, asc, eq, lt, sql } from "drizzle-orm";

import { profileForState } from "~/content/company";
import type { PaymentMethod } from "~/domain/after-the-job";
import { isoDateIn } from "~/lib/dates";
import type { FieldStatus } from "~/domain/field";
import { formatMoney } from "~/domain/money";
import { requestPageWords } from "~/domain/request-page-words";
import { formatVisit } from "~/domain/visit";
import type { Locale } from "~/lib/locale";

import type { Database, Transaction } from "../db/database";
import { payments, requestVisits } from "../db/schema";
import {
  isServiceCallPayment,
  recordedServiceCall,
  serviceCallWords,
  type VisitServiceCall,
} from "../field/service-call";
import { visitServiceCall } from "./request-rows";
import { visitOf, type ServiceRequestRow } from "./visit-changes";
import { isTimeSlotId } from "./windows";

export interface VisitRecord {
  /** "First visit", "Return visit", "Warranty visit (no charge)", "Visit 3". */
  label: string;
  /** "Sat, Nov 28, 8:00 AM - 12:00 PM Central". */
  text: string;
  /**
   * How it ended ("needed a part", "could not be repaired", "done"), or where it stands
   * ("confirmed", "requested"); after Can't fix, with its service call ("could not be repaired;
   * service call $89.00 paid by card").
   */
  outcome: string;
}

/** An earlier visit's row, with the service call recorded for it, if one was. */
export type EarlierVisit = typeof requestVisits.$inferSelect & {
  serviceCall: VisitServiceCall | null;
};

/**
 * The visits before the request's current one, oldest first (none for a first visit), each with
 * its service call: the ledger's payment that settled it, or the visit's no charge.
 */
export async function earlierVisitsOf(
  q: Database | Transaction,
  row: Pick<ServiceRequestRow, "id" | "visitNumber">,
): Promise<EarlierVisit[]> {
  if (row.visitNumber <= 1) return [];
  const visits = await q
    .select({
      visit: requestVisits,
      method: sql<PaymentMethod | null>`call.method`,
      cents: sql<number | null>`call.cents`,
      paidAt: sql<Date | null>`call.paid_at`.mapWith(payments.settledAt),
    })
    .from(requestVisits)
    .leftJoinLateral(
      visitServiceCall(requestVisits.requestId, requestVisits.number, "call"),
      sql`true`,
    )
    .where(and(eq(requestVisits.requestId, row.id), lt(requestVisits.number, row.visitNumber)))
    .orderBy(asc(requestVisits.number));
  return visits.map(({ visit, method, cents, paidAt }) => ({
    ...visit,
    serviceCall:
      method && paidAt
        ? { method, cents: cents ?? 0, paidAt: paidAt.toISOString(), noChargeReason: null }
        : visit.noChargeAt
          ? {
              method: null,
              cents: 0,
              paidAt: visit.noChargeAt.toISOString(),
              noChargeReason: visit.noChargeReason,
            }
          : null,
  }));
}

/** The visit whose repair was paid: its day, who went, what they did. */
export type RepairedVisit = Pick<
  EarlierVisit,
  "number" | "date" | "technician" | "workDone" | "partsUsed" | "fieldStatus" | "warrantyCallback"
>;

/**
 * The visit whose repair was paid: of the request's visits that ended done (the earlier ones,
 * then the current one), the last on or before the payment's day that did the job's work: for the
 * repair, not a warranty visit (booking one, or doing it, leaves it as it was); for new work begun
 * on a warranty visit, that visit or one after it. Null before the payment, for a service call
 * (no repair), or when no visit with a day was done.
 */
export function repairedVisitOf(
  row: ServiceRequestRow,
  earlier: readonly RepairedVisit[],
): RepairedVisit | null {
  if (!row.paidAt || isServiceCallPayment(row)) return null;
  const paidOn = isoDateIn(row.paidAt, profileForState(row.office).timeZone);
  const current = row.status === "completed" ? [row] : [];
  const visits: RepairedVisit[] = [
    ...earlier,
    ...current.map((visit) => ({ ...visit, number: visit.visitNumber, date: visit.scheduledDate })),
  ];
  const startedOn = row.jobStartedOnVisit;
  const didTheWork = (visit: RepairedVisit) =>
    startedOn === null ? !visit.warrantyCallback : visit.number >= startedOn;
  return (
    visits
      .filter(
        (visit) =>
          visit.fieldStatus === "done" &&
          didTheWork(visit) &&
          visit.date !== null &&
          visit.date <= paidOn,
      )
      .at(-1) ?? null
  );
}

/** An earlier visit as it is listed: its day and window, and how it ended. */
export function earlierVisitRecord(
  visit: EarlierVisit,
  timeZoneLabel: string,
  locale: Locale = "en",
): VisitRecord {
  const words = requestPageWords[locale];
  const spanish = locale === "es";
  return {
    label: words.visitLabel(visit.number),
    text:
      visit.date && isTimeSlotId(visit.window)
        ? formatVisit(visit.date, visit.window, timeZoneLabel, { spanish })
        : (visit.date ?? ""),
    outcome: spanish
      ? withSpanishServiceCall(
          words.outcome[endedUnrepairedStatus(visit.fieldStatus) ?? "done"],
          visit.serviceCall,
        )
      : withServiceCall(endedUnrepaired(visit.fieldStatus) ?? "done", visit.serviceCall),
  };
}

/** A visit's outcome, followed by the service call recorded for it, if one was. */
function withServiceCall(outcome: string, serviceCall: VisitServiceCall | null): string {
  return serviceCall ? `${outcome}; ${serviceCallWords(serviceCall)}` : outcome;
}

/** The same in Spanish (the no-charge reason is the office's own words). */
function withSpanishServiceCall(outcome: string, call: VisitServiceCall | null): string {
  if (!call) return outcome;
  const words = requestPageWords.es;
  const paid =
    call.method === null
      ? `sin cargo por la visita${call.noChargeReason ? `: ${call.noChargeReason}` : ""}`
      : `cargo por visita de ${formatMoney(call.cents, { cents: "always" })} pagado ${words.paymentMethod[call.method]}`;
  return `${outcome}; ${paid}`;
}

function endedUnrepairedStatus(outcome: FieldStatus | null): "needs-part" | "cant-fix" | null {
  return outcome === "needs-part" || outcome === "cant-fix" ? outcome : null;
}

/** A visit that ended without the repair, in the words its line ends with; null otherwise. */
function endedUnrepaired(outcome: FieldStatus | null): string | null {
  if (outcome === "needs-part") return "needed a part";
  return outcome === "cant-fix" ? "could not be repaired" : null;
}

/** Where the request's current visit stands, in the words its line ends with. */
function currentOutcome(row: ServiceRequestRow, locale: Locale): string {
  if (locale === "es") {
    const words = requestPageWords.es;
    const ended = endedUnrepairedStatus(row.fieldStatus);
    if (ended) return withSpanishServiceCall(words.outcome[ended], recordedServiceCall(row));
    if (row.status === "completed") return words.outcome.done;
    return words.visitState[row.status === "scheduled" ? "confirmed" : "requested"];
  }
  const ended = endedUnrepaired(row.fieldStatus);
  // A service call on the request is this visit's: the next one starts without (./next-visit.ts).
  if (ended) return withServiceCall(ended, recordedServiceCall(row));
  if (row.status === "completed") return "done";
  return row.status === "scheduled" ? "confirmed" : "requested";
}

/** What the request's current visit is called beside the earlier ones. */
export function currentVisitLabel(row: ServiceRequestRow, locale: Locale = "en"): string {
  const words = requestPageWords[locale];
  if (!row.warrantyCallback) return words.visitLabel(row.visitNumber);
  // New work estimated on it is charged: the visit is the warranty's, not free of charge then.
  return row.jobStartedOnVisit === row.visitNumber
    ? words.warrantyVisit
    : words.warrantyVisitNoCharge;
}

/** Every visit of `row`, oldest first, the current one last (when it has a day). */
export async function visitHistoryOf(
  q: Database | Transaction,
  row: ServiceRequestRow,
): Promise<VisitRecord[]> {
  return visitRecordsOf(row, await earlierVisitsOf(q, row));
}

function visitRecordsOf(
  row: ServiceRequestRow,
  earlierVisits: EarlierVisit[],
  locale: Locale = "en",
): VisitRecord[] {
  const { timeZoneLabel } = profileForState(row.office);
  const earlier = earlierVisits.map((visit) => earlierVisitRecord(visit, timeZoneLabel, locale));
  const current = visitOf(row);
  if (!current) return earlier;
  return [
    ...earlier,
    {
      label: currentVisitLabel(row, locale),
      text: formatVisit(current.date, current.window, timeZoneLabel, {
        spanish: locale === "es",
      }),
      outcome: currentOutcome(row, locale),
    },
  ];
}

/**
 * The receipt's visits: every visit as listed (in `locale`, the receipt's language), and the one
 * whose repair was paid.
 */
export async function receiptVisitsOf(
  q: Database | Transaction,
  row: ServiceRequestRow,
  locale: Locale = "en",
): Promise<{ visits: VisitRecord[]; repaired: RepairedVisit | null }> {
  const earlier = await earlierVisitsOf(q, row);
  return { visits: visitRecordsOf(row, earlier, locale), repaired: repairedVisitOf(row, earlier) };
}
