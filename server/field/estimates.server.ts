/**
 * After the repair, on My day and the private page: the technician's estimate (lines of parts and
 * labour), the homeowner's answer (typed name, on the phone or on their page; final, one answer
 * wins), the payment (once) with its warranty, and what My day and the private page show of them.
 * Each change is one transaction through the request's door (../requests/request-door.ts), which
 * writes its timeline event, tells the desk, the homeowner's page and My day, and sends the receipt
 * (../requests/homeowner-news.ts). How the estimate and the receipt read is ./receipts.ts.
 */
import { randomUUID } from "node:crypto";

import { profileForState } from "~/content/company";
import {
  defaultWarrantyDays,
  type EstimateDecision,
  type EstimateDecisionPlace,
  type EstimateLine,
  type PaymentFor,
  type PaymentMethod,
} from "~/domain/after-the-job";
import {
  decidedBySchema,
  decisionSummary,
  estimateSummary,
  estimateTotalCents,
  paymentSchema,
  noChargeMethod,
  paymentSummary,
  parseEstimateForm,
  repairedLine,
  type RecordedPayment,
  type RequestAfterTheJob,
  type VisitAfterTheJob,
} from "~/domain/estimate";
import { formatMoney } from "~/domain/money";
import { firstName } from "~/domain/names";
import { callbackPending } from "~/domain/warranty";
import type { PostedForm } from "~/lib/bounded-body.server";
import { isoDateIn } from "~/lib/dates";
import { fieldErrorsOf } from "~/lib/field-errors";

import type { Database, Transaction } from "../db/database";
import type { StaffMember } from "../desk/staff-accounts.server";
import { pricePolicyFor, serviceCallFor } from "../prices/price-policy";
import { ledgerOf, paidCents, type LedgerChange } from "../requests/ledger";
import {
  changeRequest,
  staffActor,
  type Actor,
  type RequestColumns,
  type TimelineEvent,
} from "../requests/request-door";
import type { HomeownerNews } from "../requests/homeowner-news";
import { addDays } from "../requests/windows";
import { receiptVisitsOf } from "../requests/visit-history";
import type { ServiceRequestRow, VisitContext } from "../requests/visit-changes";
import { earlierPaidJobsOf, fromRequests, lockRequestRow } from "../requests/request-rows";
import { uuidPattern } from "../desk/leads.server";
import { estimateVersionOf, estimateViewOf, receiptViewOf, whenIn } from "./receipts";
import { afterCantFix, isServiceCallPayment, paymentSettled } from "./service-call";
import { estimateSentKinds, estimateToldPerVisit } from "./estimate-news";
import { countToldThisVisit } from "./field-news";
import { claimTapKey, ownVisit } from "./tap-keys";
import { newWorkDeclined, serviceCallOfJob, servesPaidRepair } from "./warranty-work";

type Row = ServiceRequestRow;

/** What My day's estimate, answer and payment forms post as `intent`. */
export const estimateIntents = ["estimate", "estimate-decision", "payment"] as const;
export type EstimateIntent = (typeof estimateIntents)[number];

export function isEstimateIntent(value: string): value is EstimateIntent {
  return (estimateIntents as readonly string[]).includes(value);
}

export type EstimateTapOutcome =
  | { ok: true; replayed: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; fieldErrors: Partial<Record<string, string>> }
  | { ok: false; reason: "refused"; message: string };

export type DecisionOutcome = { ok: true } | { ok: false; reason: "refused"; message: string };

const tapKeyPattern = /^.{8,100}$/;

export const estimateMessages = {
  notYet: "Write the estimate after Arrived.",
  decided: (decision: EstimateDecision) =>
    `This estimate was already ${decision}: it cannot be changed.`,
  paid: "The payment is recorded: the estimate cannot be changed.",
  noEstimate: "There is no estimate to answer yet.",
  cantFix:
    "The technician could not do this repair: there is no estimate to answer. The office will call you.",
  alreadyAnswered: (decision: EstimateDecision, name: string | null) =>
    `This estimate was already ${decision}${name ? ` by ${name}` : ""}.`,
  paymentNotYet: "Record the payment after Done.",
  paymentRecorded: "The payment is already recorded.",
  nothingOwed: "The customer declined the new work: the warranty visit is free, nothing to record.",
  warrantyVisitFree: "A warranty visit is free: there is no service call to record.",
  noChargeNotHere: "No charge is for the service call after Can't fix: record what was paid.",
  waitingAnswer: "The estimate waits for the customer's answer: record it first.",
  changed: "The estimate was changed since you opened this page: read it again, then answer.",
  outOfDate: "This visit has moved on since: reload My day.",
} as const;

/** Thrown inside a transaction to roll it back (the tap's key with it) and say why. */
class Refused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Records an estimate, a phone answer or a payment from My day. Another technician's visit (or
 * anyone but a technician) is a 404 before anything is read; a key seen before for the same
 * visit and action changes nothing again.
 */
export async function recordEstimateTap(
  db: Database,
  visits: VisitContext,
  staff: StaffMember,
  form: PostedForm,
  /**
   * Before a payment is recorded: the request's open card pay links are closed at Stripe
   * (../payments/card-payments.server.ts), so that a card cannot pay the job as well.
   */
  closeCardLinks: (requestId: string) => Promise<void> = async () => {},
): Promise<EstimateTapOutcome> {
  const intent = form.text("intent");
  const requestId = form.text("requestId");
  if (staff.role !== "technician" || !isEstimateIntent(intent) || !uuidPattern.test(requestId)) {
    return { ok: false, reason: "not-found" };
  }
  const [assigned] = await fromRequests(db).where(ownVisit(requestId, staff));
  if (!assigned) return { ok: false, reason: "not-found" };
  const key = form.text("tapKey").trim();
  if (!tapKeyPattern.test(key)) {
    return { ok: false, reason: "invalid", fieldErrors: { tapKey: estimateMessages.outOfDate } };
  }
  const fields = form.fields();
  let change: (tx: Transaction, row: Row) => Promise<void>;
  switch (intent) {
    case "estimate": {
      const parsed = parseEstimateForm(fields);
      if (!parsed.ok) return { ok: false, reason: "invalid", fieldErrors: parsed.fieldErrors };
      change = (tx, row) => writeEstimate(tx, row, staff, parsed.lines, visits);
      break;
    }
    case "estimate-decision": {
      const name = decidedBySchema.safeParse(fields.name ?? "");
      const decision = fields.decision;
      if (!name.success) {
        return {
          ok: false,
          reason: "invalid",
          fieldErrors: { name: fieldErrorsOf(name.error)[""] },
        };
      }
      if (decision !== "approved" && decision !== "declined") {
        return { ok: false, reason: "invalid", fieldErrors: { name: "Choose approve or decline" } };
      }
      change = async (tx, row) => {
        const outcome = await decideEstimate(
          tx,
          row,
          {
            decision,
            name: name.data,
            place: "phone",
            actor: staffActor(staff),
            now: visits.now(),
          },
          visits,
        );
        if (!outcome.ok) throw new Refused(outcome.message);
      };
      break;
    }
    case "payment": {
      const parsed = paymentSchema.safeParse(fields);
      if (!parsed.success) {
        return { ok: false, reason: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
      }
      // Outside the transaction: a call to Stripe for each open link (usually none).
      await closeCardLinks(requestId);
      change = (tx, row) => recordPayment(tx, row, staff, parsed.data, visits);
      break;
    }
  }
  return db
    .transaction(async (tx): Promise<EstimateTapOutcome> => {
      const row = await lockRequestRow(tx, requestId, ownVisit(requestId, staff));
      if (!row) return { ok: false, reason: "not-found" };
      const claim = await claimTapKey(tx, {
        technicianId: staff.id,
        key,
        requestId,
        action: intent,
        createdAt: visits.now(),
      });
      if (claim === "replay") return { ok: true, replayed: true };
      if (claim === "reused") throw new Refused(estimateMessages.outOfDate);
      await change(tx, row);
      return { ok: true, replayed: false };
    })
    .then(async (outcome) => {
      // A pay link made while the payment was being recorded is closed too.
      if (outcome.ok && intent === "payment") await closeCardLinks(requestId);
      return outcome;
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) {
        return { ok: false, reason: "refused", message: error.reason } as const;
      }
      throw error;
    });
}

/**
 * After Arrived (or Done), until the estimate is answered or the payment recorded. On a warranty
 * visit, once arrived, for new work (./warranty-work.ts): the paid repair's estimate stays closed.
 */
function estimateRefusal(row: Row): string | null {
  if (servesPaidRepair(row)) {
    return row.status === "scheduled" && row.fieldStatus === "arrived"
      ? null
      : estimateMessages.notYet;
  }
  if (paymentSettled(row)) return estimateMessages.paid;
  if (row.estimateDecision) return estimateMessages.decided(row.estimateDecision);
  const visitOpen =
    (row.status === "scheduled" && row.fieldStatus === "arrived") ||
    (row.status === "completed" && row.fieldStatus === "done");
  return visitOpen ? null : estimateMessages.notYet;
}

async function writeEstimate(
  tx: Transaction,
  row: Row,
  staff: StaffMember,
  lines: EstimateLine[],
  visits: VisitContext,
) {
  const refusal = estimateRefusal(row);
  if (refusal) throw new Refused(refusal);
  // The homeowner is told of each writing, up to a few a visit (./estimate-news.ts).
  const tell = (await countToldThisVisit(tx, row.id, estimateSentKinds)) < estimateToldPerVisit;
  // New work on a warranty visit begins the next job, under the warranty the repair gave.
  const newWork = servesPaidRepair(row);
  const summary = `${newWork ? "New work on the warranty visit: " : ""}${estimateSummary(lines)}`;
  const written = await changeRequest(
    tx,
    row,
    {
      set: {
        ...(newWork
          ? {
              jobNumber: row.jobNumber + 1,
              jobStartedOnVisit: row.visitNumber,
              warrantyDays: row.warrantyDays,
              warrantyEnds: row.warrantyEnds,
            }
          : {}),
        estimateLines: lines,
        estimateAt: visits.now(),
      },
      event: {
        kind: "estimate",
        detail: tell
          ? summary
          : `${summary}; not sent to the customer: told ${estimateToldPerVisit} times on this visit already`,
      },
      ...(tell
        ? { news: { kind: "estimate-sent", technician: firstName(staff.name) || staff.name } }
        : {}),
    },
    staffActor(staff),
    visits,
  );
  if (!written.ok) throw new Refused(estimateMessages.outOfDate);
}

/**
 * The homeowner's answer, on `row` locked by the caller: final, so of two answers at once the
 * first to hold the lock wins and the other is refused. Through the door, which tells everyone.
 */
export async function decideEstimate(
  tx: Transaction,
  row: Row,
  answer: {
    decision: EstimateDecision;
    name: string;
    place: EstimateDecisionPlace;
    actor: Actor;
    now: Date;
    /** The estimate's `version` the answer was given to, when the form said (the page's does). */
    shown?: string;
  },
  context: VisitContext,
): Promise<DecisionOutcome> {
  const open = row.status === "scheduled" || row.status === "completed";
  const settled = paymentSettled(row) && !newWorkDeclined(row);
  if (!row.estimateLines || row.estimateLines.length === 0 || settled || !open) {
    return { ok: false, reason: "refused", message: estimateMessages.noEstimate };
  }
  // Written before Can't fix, the estimate is for a repair that will not be made.
  if (afterCantFix(row)) return { ok: false, reason: "refused", message: estimateMessages.cantFix };
  if (row.estimateDecision) {
    return {
      ok: false,
      reason: "refused",
      message: estimateMessages.alreadyAnswered(row.estimateDecision, row.estimateDecidedBy),
    };
  }
  // The technician rewrote the estimate after the page showed it: no answer to lines not seen.
  if (answer.shown !== undefined && answer.shown !== estimateVersionOf(row)) {
    return { ok: false, reason: "refused", message: estimateMessages.changed };
  }
  const decided = await changeRequest(
    tx,
    row,
    {
      set: {
        estimateDecision: answer.decision,
        estimateDecidedBy: answer.name,
        estimateDecidedAt: answer.now,
        estimateDecidedOn: answer.place,
      },
      event: {
        kind: "estimate",
        detail: decisionSummary(answer.decision, answer.name, answer.place),
      },
      // Answered: a text still waiting to ask for the answer (quiet hours) is not sent.
      news: { kind: "estimate-answered" },
    },
    answer.actor,
    context,
  );
  if (!decided.ok) {
    return {
      ok: false,
      reason: "refused",
      message: estimateMessages.alreadyAnswered(answer.decision, null),
    };
  }
  return { ok: true };
}

/**
 * "Record payment": after Done, the repair's (with its warranty); after Can't fix, the service
 * call's, paid or no charge with a reason (no repair: no warranty; a paid one sends the receipt).
 */
async function recordPayment(
  tx: Transaction,
  row: Row,
  staff: StaffMember,
  payment: RecordedPayment,
  visits: VisitContext,
) {
  if (newWorkDeclined(row)) throw new Refused(estimateMessages.nothingOwed);
  if (paymentSettled(row)) throw new Refused(estimateMessages.paymentRecorded);
  if (afterCantFix(row)) {
    // A warranty visit is free, new work estimated on it or not: no service call, and the
    // warranty the job holds stays.
    if (row.warrantyCallback) throw new Refused(estimateMessages.warrantyVisitFree);
  } else {
    if (row.status !== "completed" || row.fieldStatus !== "done") {
      throw new Refused(estimateMessages.paymentNotYet);
    }
    if (payment.method === noChargeMethod) throw new Refused(estimateMessages.noChargeNotHere);
    if (row.estimateLines && row.estimateLines.length > 0 && !row.estimateDecision) {
      throw new Refused(estimateMessages.waitingAnswer);
    }
  }
  const paid =
    payment.method === noChargeMethod
      ? await changeRequest(
          tx,
          row,
          {
            set: {
              warrantyDays: null,
              warrantyEnds: null,
              visitNoChargeAt: visits.now(),
              visitNoChargeReason: payment.reason,
            },
            event: { kind: "payment", detail: `Service call: no charge (${payment.reason})` },
            // Not charged, the page says why; no receipt.
            ledger: await recordedPaymentLedger(tx, row, staff, null),
          },
          staffActor(staff),
          visits,
        )
      : await changeRequest(
          tx,
          row,
          {
            ...(await settlementOf(tx, row, {
              method: payment.method,
              // A repair's deposits count toward it: the job's payment is what was paid in all.
              cents: payment.amount + (afterCantFix(row) ? 0 : await repairPaidCents(tx, row)),
              now: visits.now(),
            })),
            ledger: await recordedPaymentLedger(tx, row, staff, {
              method: payment.method,
              amount: payment.amount,
              key: afterCantFix(row)
                ? `recorded:${row.id}:visit:${row.visitNumber}`
                : `recorded:${row.id}:job:${row.jobNumber}`,
            }),
          },
          staffActor(staff),
          visits,
        );
  if (!paid.ok) throw new Refused(estimateMessages.outOfDate);
}

/** What was paid toward the job's repair so far (its part deposits), refunds taken off. */
export async function repairPaidCents(db: Database | Transaction, row: Row): Promise<number> {
  return paidCents(
    (await ledgerOf(db, row.id, row.jobNumber)).filter((entry) => entry.paymentFor === "repair"),
  );
}

/**
 * What settling the job's payment changes, however it was paid (the technician's record, the
 * card's webhook): after Can't fix the service call (no warranty), else the repair with its
 * warranty from today. Paid, the receipt goes out.
 */
export async function settlementOf(
  tx: Transaction,
  row: Row,
  paid: { method: PaymentMethod; cents: number; now: Date; card?: string },
): Promise<{ set: RequestColumns; event: TimelineEvent; news: HomeownerNews }> {
  const summary = `${paymentSummary(paid.method, paid.cents)}${paid.card ? ` ····${paid.card}` : ""}`;
  if (afterCantFix(row)) {
    return {
      set: {
        warrantyDays: null,
        warrantyEnds: null,
      },
      event: { kind: "payment", detail: `Service call: ${summary}` },
      news: { kind: "payment-recorded" },
    };
  }
  const office = profileForState(row.office);
  const policy = await pricePolicyFor(tx, row.office);
  const warrantyDays = policy?.warrantyDays ?? defaultWarrantyDays;
  return {
    set: {
      warrantyDays,
      warrantyEnds: addDays(isoDateIn(paid.now, office.timeZone), warrantyDays),
    },
    event: { kind: "payment", detail: summary },
    news: { kind: "payment-recorded" },
  };
}

/**
 * What the job's payment is to be, in cents, and what for (the repair after Done, the service call
 * after Can't fix), while it is still to be recorded; null when nothing is owed now (not yet, paid,
 * free, waiting for the estimate's answer, or no amount known). The card's pay link charges this
 * less what was already paid on the job (a deposit).
 */
export function chargeOf(row: Row, fee: number | null): { cents: number; for: PaymentFor } | null {
  if (servesPaidRepair(row) || newWorkDeclined(row) || paymentSettled(row)) return null;
  const serviceCallCents = serviceCallOfJob(row, fee);
  if (afterCantFix(row)) {
    if (row.warrantyCallback || serviceCallCents === null || serviceCallCents <= 0) return null;
    return { cents: serviceCallCents, for: "service-call" };
  }
  if (row.status !== "completed" || row.fieldStatus !== "done") return null;
  if (row.estimateLines && row.estimateLines.length > 0 && !row.estimateDecision) return null;
  const cents = row.amountChargedCents ?? estimateChargeCents(row, serviceCallCents);
  return cents !== null && cents > 0 ? { cents, for: "repair" } : null;
}

/**
 * The ledger's part of a payment the technician recorded: its paid row (none for no charge), and
 * every pay link of the job still open, closed (Stripe's sessions were expired before the
 * transaction: ../payments/card-payments.server.ts), so that a card cannot pay it again.
 */
async function recordedPaymentLedger(
  tx: Transaction,
  row: Row,
  staff: StaffMember,
  paid: { method: PaymentMethod; amount: number; key: string } | null,
): Promise<LedgerChange[]> {
  const open = (await ledgerOf(tx, row.id, row.jobNumber)).filter(
    (entry) => entry.state === "pending",
  );
  return [
    ...open.map((entry) => ({ settle: { id: entry.id, state: "expired" as const } })),
    // A payment of nothing (the deposits covered it) is a row too: it is what settles the job.
    ...(paid
      ? [
          {
            add: {
              kind: "balance" as const,
              paymentFor: afterCantFix(row) ? ("service-call" as const) : ("repair" as const),
              method: paid.method,
              amountCents: paid.amount,
              state: "paid" as const,
              staffId: staff.id,
              staffName: staff.name,
              idempotencyKey: paid.key,
              settles: true,
            },
          },
        ]
      : []),
  ];
}

/** "Service call: Paid $89.00 by card, Nov 25, 3:10 PM Central": what My day says was recorded. */
function recordedPaymentText(
  row: Row,
  cardLast4: string | null,
  depositCents: number,
): string | null {
  if (!row.paidAt) return null;
  const when = whenIn(row.paidAt, row);
  if (isServiceCallPayment(row) && row.noChargeReason !== null) {
    return `Service call: no charge (${row.noChargeReason}), ${when}`;
  }
  if (!row.paymentMethod || row.paymentCents === null) return null;
  const card = row.paymentMethod === "card" && cardLast4 ? ` ····${cardLast4}` : "";
  if (depositCents > 0 && depositCents < row.paymentCents && !isServiceCallPayment(row)) {
    // "Paid $245.00: $107.00 by cash and the $138.00 deposit": the method paid the rest only.
    const money = (cents: number) => formatMoney(cents, { cents: "always" });
    return `Paid ${money(row.paymentCents)}: ${money(row.paymentCents - depositCents)} by ${row.paymentMethod}${card} and the ${money(depositCents)} deposit, ${when}`;
  }
  const paid = `${paymentSummary(row.paymentMethod, row.paymentCents)}${card}, ${when}`;
  return isServiceCallPayment(row) ? `Service call: ${paid}` : paid;
}

/**
 * What the estimate's answer says the repair costs: the approved total, or (declined) the service
 * call the office charges then; null without an answer (or a fee).
 */
function estimateChargeCents(row: Row, serviceCallCents: number | null): number | null {
  if (!row.estimateLines || row.estimateLines.length === 0) return null;
  if (row.estimateDecision === "approved") return estimateTotalCents(row.estimateLines);
  if (row.estimateDecision === "declined") return serviceCallCents;
  return null;
}

/**
 * What Done's "Amount charged" starts with on My day ("245.00"), or "" to be typed. A warranty
 * callback is free: the repair's old estimate is not charged again (new work approved on it is).
 */
export function doneAmountOf(row: Row, serviceCallCents: number | null): string {
  const cents =
    callbackPending(row) && servesPaidRepair(row)
      ? null
      : estimateChargeCents(row, serviceCallOfJob(row, serviceCallCents));
  return cents === null ? "" : formatMoney(cents, { cents: "always", field: true });
}

/** What a visit's card on My day shows and offers of the estimate and the payment. */
export function visitAfterTheJob(
  row: Row,
  fee: number | null,
  /** The card's last four digits when it was paid by card through Stripe. */
  cardLast4: string | null = null,
  paid: {
    /** What was paid toward the repair before its payment is recorded: not asked again. */
    beforeCents: number;
    /** Of it, the part deposits (a settled job's line names them). */
    depositCents: number;
  } = { beforeCents: 0, depositCents: 0 },
): VisitAfterTheJob {
  // A warranty visit shows only what is new on it: the paid repair's estimate and payment are done.
  if (servesPaidRepair(row)) {
    return {
      estimate: null,
      estimateKey: estimateRefusal(row) === null ? randomUUID() : null,
      decisionKey: null,
      paymentKey: null,
      serviceCall: afterCantFix(row),
      suggestedAmount: "",
      payment: null,
      receiptSent: false,
    };
  }
  const serviceCallCents = serviceCallOfJob(row, fee);
  const estimate = estimateViewOf(row, serviceCallCents);
  const settled = paymentSettled(row);
  // After Can't fix: the service call (the fee the booking was shown), or no charge.
  const serviceCall = afterCantFix(row);
  // After Done, what Done recorded as charged: the payment does not ask for it again.
  const chargedCents = row.amountChargedCents ?? estimateChargeCents(row, serviceCallCents);
  const suggestedCents = serviceCall
    ? serviceCallCents
    : chargedCents === null
      ? null
      : Math.max(0, chargedCents - paid.beforeCents);
  // After Can't fix on a warranty visit nothing is owed (new work estimated on it included).
  const payable =
    (serviceCall && !row.warrantyCallback) ||
    (row.status === "completed" && row.fieldStatus === "done");
  return {
    estimate,
    estimateKey: estimateRefusal(row) === null ? randomUUID() : null,
    decisionKey: estimate && !estimate.decision && !settled ? randomUUID() : null,
    paymentKey: !settled && payable ? randomUUID() : null,
    serviceCall,
    suggestedAmount:
      suggestedCents === null ? "" : formatMoney(suggestedCents, { cents: "always", field: true }),
    payment: settled ? recordedPaymentText(row, cardLast4, paid.depositCents) : null,
    receiptSent: settled && row.paymentMethod !== null,
  };
}

/**
 * The request's receipts, the latest paid job's first: the current job's once paid, then those of
 * the jobs before it (a repair paid before new work on a warranty visit). None before a payment.
 */
export async function receiptsFor(db: Database | Transaction, row: Row) {
  const paid = [...(row.paidAt ? [row] : []), ...(await earlierPaidJobsOf(db, row))];
  if (paid.length === 0) return [];
  const fee = (await serviceCallFor(db, row))?.serviceCallCents ?? null;
  const receipts = await Promise.all(paid.map((job) => paidJobReceipt(db, job, fee)));
  return receipts.flatMap(({ receipt }) => (receipt ? [receipt] : []));
}

/**
 * The receipt of the job `job` holds (a request's row as of that job), and its repaired visit,
 * in the homeowner's language (the receipt page and the private page are theirs).
 */
async function paidJobReceipt(db: Database | Transaction, job: Row, fee: number | null) {
  const [{ visits, repaired }, ledger] = await Promise.all([
    receiptVisitsOf(db, job, job.language),
    ledgerOf(db, job.id, job.jobNumber),
  ]);
  return {
    receipt: receiptViewOf(job, serviceCallOfJob(job, fee), visits, repaired, ledger, job.language),
    repaired,
  };
}

/**
 * What the homeowner's private page shows of the estimate (the current job's) and the receipt (the
 * latest paid job's: while new work from a warranty visit waits, the repair's).
 */
export async function requestAfterTheJob(
  db: Database | Transaction,
  row: Row,
): Promise<RequestAfterTheJob> {
  const lastPaid = row.paidAt ? row : (await earlierPaidJobsOf(db, row))[0];
  if (!row.estimateLines && !lastPaid) return { estimate: null, canAnswer: false, receipt: null };
  const fee = (await serviceCallFor(db, row))?.serviceCallCents ?? null;
  const estimate = estimateViewOf(row, serviceCallOfJob(row, fee), row.language);
  const { receipt, repaired } = lastPaid
    ? await paidJobReceipt(db, lastPaid, fee)
    : { receipt: null, repaired: null };
  return {
    estimate,
    canAnswer:
      estimate !== null &&
      !estimate.decision &&
      !paymentSettled(row) &&
      !afterCantFix(row) &&
      (row.status === "scheduled" || row.status === "completed"),
    receipt: receipt
      ? {
          payment:
            row.language === "es"
              ? `${receipt.payment.amount} el ${receipt.payment.date} (${receipt.payment.method.toLowerCase()})`
              : `${receipt.payment.amount} by ${receipt.payment.method.toLowerCase()} on ${receipt.payment.date}`,
          warranty: receipt.warranty,
          forServiceCall: receipt.forServiceCall,
          repaired: repaired?.date ? repairedLine(repaired.date, row.language) : null,
        }
      : null,
  };
}
