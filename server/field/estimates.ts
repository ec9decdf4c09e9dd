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
  type PaymentMethod,
} from "~/domain/after-the-job";
import {
  decidedBySchema,
  decisionSummary,
  estimateSummary,
  paymentSchema,
  paymentSummary,
  parseEstimateForm,
  type RequestAfterTheJob,
  type VisitAfterTheJob,
} from "~/domain/estimate";
import { formatMoney } from "~/domain/money";
import type { PostedForm } from "~/lib/bounded-body.server";
import { isoDateIn } from "~/lib/dates";
import { fieldErrorsOf } from "~/lib/field-errors";

import type { Database, Transaction } from "../db/database";
import { serviceRequests } from "../db/schema";
import type { StaffMember } from "../desk/staff-accounts";
import { pricePolicyFor, serviceCallFor } from "../prices/price-policy";
import { changeRequest, staffActor, type Actor } from "../requests/request-door";
import { addDays } from "../requests/windows";
import type { VisitContext } from "../requests/visit-changes";
import { uuidPattern } from "../desk/leads";
import { estimateVersionOf, estimateViewOf, receiptViewOf, whenIn } from "./receipts";
import { claimTapKey, ownVisit } from "./tap-keys";

type Row = typeof serviceRequests.$inferSelect;

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
  alreadyAnswered: (decision: EstimateDecision, name: string | null) =>
    `This estimate was already ${decision}${name ? ` by ${name}` : ""}.`,
  paymentNotYet: "Record the payment after Done.",
  paymentRecorded: "The payment is already recorded.",
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
): Promise<EstimateTapOutcome> {
  const intent = form.text("intent");
  const requestId = form.text("requestId");
  if (staff.role !== "technician" || !isEstimateIntent(intent) || !uuidPattern.test(requestId)) {
    return { ok: false, reason: "not-found" };
  }
  const [assigned] = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(ownVisit(requestId, staff));
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
      change = (tx, row) => recordPayment(tx, row, staff, parsed.data, visits);
      break;
    }
  }
  return db
    .transaction(async (tx): Promise<EstimateTapOutcome> => {
      const [row] = await tx
        .select()
        .from(serviceRequests)
        .where(ownVisit(requestId, staff))
        .for("update");
      if (!row) return { ok: false, reason: "not-found" };
      const claim = await claimTapKey(tx, {
        technicianId: staff.id,
        key,
        requestId,
        action: intent,
      });
      if (claim === "replay") return { ok: true, replayed: true };
      if (claim === "reused") throw new Refused(estimateMessages.outOfDate);
      await change(tx, row);
      return { ok: true, replayed: false };
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) {
        return { ok: false, reason: "refused", message: error.reason } as const;
      }
      throw error;
    });
}

/** After Arrived (or Done), until the estimate is answered or the payment recorded. */
function estimateRefusal(row: Row): string | null {
  if (row.paidAt) return estimateMessages.paid;
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
  const written = await changeRequest(
    tx,
    row,
    {
      set: { estimateLines: lines, estimateAt: visits.now() },
      event: { kind: "estimate", detail: estimateSummary(lines) },
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
  if (!row.estimateLines || row.estimateLines.length === 0 || row.paidAt || !open) {
    return { ok: false, reason: "refused", message: estimateMessages.noEstimate };
  }
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

async function recordPayment(
  tx: Transaction,
  row: Row,
  staff: StaffMember,
  payment: { method: PaymentMethod; amount: number },
  visits: VisitContext,
) {
  if (row.paidAt) throw new Refused(estimateMessages.paymentRecorded);
  if (row.status !== "completed" || row.fieldStatus !== "done") {
    throw new Refused(estimateMessages.paymentNotYet);
  }
  if (row.estimateLines && row.estimateLines.length > 0 && !row.estimateDecision) {
    throw new Refused(estimateMessages.waitingAnswer);
  }
  const now = visits.now();
  const office = profileForState(row.office);
  const policy = await pricePolicyFor(tx, row.office);
  const warrantyDays = policy?.warrantyDays ?? defaultWarrantyDays;
  const warrantyEnds = addDays(isoDateIn(now, office.timeZone), warrantyDays);
  const paid = await changeRequest(
    tx,
    row,
    {
      set: {
        paymentMethod: payment.method,
        paymentCents: payment.amount,
        paidAt: now,
        warrantyDays,
        warrantyEnds,
      },
      event: { kind: "payment", detail: paymentSummary(payment.method, payment.amount) },
      news: { kind: "payment-recorded" },
    },
    staffActor(staff),
    visits,
  );
  if (!paid.ok) throw new Refused(estimateMessages.outOfDate);
}

/** What a visit's card on My day shows and offers of the estimate and the payment. */
export function visitAfterTheJob(row: Row, serviceCallCents: number | null): VisitAfterTheJob {
  const estimate = estimateViewOf(row, serviceCallCents);
  const suggestedCents =
    row.estimateDecision === "approved" && estimate
      ? estimate.totalCents
      : row.estimateDecision === "declined"
        ? serviceCallCents
        : row.amountChargedCents;
  return {
    estimate,
    estimateKey: estimateRefusal(row) === null ? randomUUID() : null,
    decisionKey: estimate && !estimate.decision && !row.paidAt ? randomUUID() : null,
    paymentKey:
      !row.paidAt && row.status === "completed" && row.fieldStatus === "done" ? randomUUID() : null,
    suggestedAmount:
      suggestedCents === null ? "" : formatMoney(suggestedCents, { cents: "always", field: true }),
    payment:
      row.paidAt && row.paymentMethod && row.paymentCents !== null
        ? `${paymentSummary(row.paymentMethod, row.paymentCents)}, ${whenIn(row.paidAt, row)}`
        : null,
  };
}

/** The receipt of the request `row`, for its page (null: not paid yet). */
export async function receiptFor(db: Database | Transaction, row: Row) {
  if (!row.paidAt) return null;
  return receiptViewOf(row, (await serviceCallFor(db, row))?.serviceCallCents ?? null);
}

/** What the homeowner's private page shows of the estimate and the receipt. */
export async function requestAfterTheJob(
  db: Database | Transaction,
  row: Row,
): Promise<RequestAfterTheJob> {
  if (!row.estimateLines && !row.paidAt) return { estimate: null, canAnswer: false, receipt: null };
  const fee = (await serviceCallFor(db, row))?.serviceCallCents ?? null;
  const estimate = estimateViewOf(row, fee);
  const receipt = receiptViewOf(row, fee);
  return {
    estimate,
    canAnswer:
      estimate !== null &&
      !estimate.decision &&
      !row.paidAt &&
      (row.status === "scheduled" || row.status === "completed"),
    receipt: receipt
      ? {
          payment: `${receipt.payment.amount} by ${receipt.payment.method.toLowerCase()} on ${receipt.payment.date}`,
          warranty: receipt.warranty,
        }
      : null,
  };
}
