/**
 * The request's ledger (`payments`): what a change adds to it or changes in it, written by the
 * door (./request-door.ts) in the change's transaction, and what the app reads of it: the rows of
 * a job, what was paid.
 */
import { randomUUID } from "node:crypto";

import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";

import { paidEffect, type LedgerKind, type LedgerState } from "~/domain/payments";

import type { Database, Transaction } from "../db/database";
import { payments, requestJobs } from "../db/schema";

export type LedgerRow = typeof payments.$inferSelect;

/**
 * A row the change adds: to the request's current job and visit unless it names them (a refund:
 * its payment's visit).
 */
export type NewLedgerRow = Omit<
  typeof payments.$inferInsert,
  "id" | "requestId" | "jobNumber" | "visitNumber"
> & {
  id?: string;
  jobNumber?: number;
  visitNumber?: number;
};

/** What a change does to the ledger: adds a row, or moves one to another state. */
export type LedgerChange =
  | { add: NewLedgerRow }
  | {
      settle: {
        id: string;
        state: LedgerState;
        cardLast4?: string | null;
        stripePaymentIntentId?: string | null;
        stripeRefundId?: string | null;
        /** Paid, it settles its job (../db/schema/payments.ts). */
        settles?: boolean;
      };
    };

/**
 * Writes `changes` for the request `requestId`, whose current job and visit are `current`'s
 * `jobNumber` and `visitNumber`.
 */
export async function writeLedger(
  tx: Transaction,
  requestId: string,
  current: { jobNumber: number; visitNumber: number },
  changes: readonly LedgerChange[],
  now: Date,
): Promise<void> {
  for (const change of changes) {
    if ("add" in change) {
      const number = change.add.jobNumber ?? current.jobNumber;
      const visitNumber =
        change.add.visitNumber ??
        (change.add.refundOf
          ? await visitOfPayment(tx, requestId, change.add.refundOf)
          : current.visitNumber);
      // A job's row is made by its first write: a payment asked for before anything was estimated.
      await tx
        .insert(requestJobs)
        .values({ requestId, number })
        .onConflictDoNothing({ target: [requestJobs.requestId, requestJobs.number] });
      await tx.insert(payments).values({
        ...change.add,
        id: change.add.id ?? randomUUID(),
        requestId,
        jobNumber: number,
        visitNumber,
        settledAt: change.add.settledAt ?? (change.add.state === "pending" ? null : now),
      });
    } else {
      const { id, state, cardLast4, stripePaymentIntentId, stripeRefundId, settles } =
        change.settle;
      const [written] = await tx
        .update(payments)
        .set({
          state,
          // A payment refunded in full keeps when it was paid (its refund row says when it went).
          ...(state === "refunded" ? {} : { settledAt: now }),
          ...(cardLast4 !== undefined ? { cardLast4 } : {}),
          ...(stripePaymentIntentId !== undefined ? { stripePaymentIntentId } : {}),
          ...(stripeRefundId !== undefined ? { stripeRefundId } : {}),
          ...(settles !== undefined ? { settles } : {}),
        })
        .where(and(eq(payments.id, id), eq(payments.requestId, requestId)))
        .returning({ id: payments.id });
      if (!written) throw new Error(`No payment ${id} on service request ${requestId}`);
    }
  }
}

/** The visit the payment `paymentId` of the request `requestId` was made on. */
async function visitOfPayment(tx: Transaction, requestId: string, paymentId: string) {
  const [payment] = await tx
    .select({ visitNumber: payments.visitNumber })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.requestId, requestId)));
  if (!payment) throw new Error(`No payment ${paymentId} on service request ${requestId}`);
  return payment.visitNumber;
}

/** The ledger's rows for the request's job `jobNumber` (every job's when omitted), oldest first. */
export async function ledgerOf(
  db: Database | Transaction,
  requestId: string,
  jobNumber?: number,
): Promise<LedgerRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.requestId, requestId),
        jobNumber === undefined ? undefined : eq(payments.jobNumber, jobNumber),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/**
 * The ledger's net paid for the payments `where` picks (SQL over `p`), as SQL: payments paid (or
 * later refunded) less the refunds made; a refund asked and not made takes nothing off.
 */
export function netPaid(where: SQL): SQL {
  return sql`coalesce((
    select sum(case
      when p.kind = 'refund' then case when p.state = 'paid' then -p.amount_cents else 0 end
      when p.state in ('paid', 'refunded') then p.amount_cents
      else 0 end)
    from ${payments} p where ${where}
  ), 0)`;
}

/** What `rows` paid, refunds taken away, in cents; `kind` counts only those rows (and their refunds). */
export function paidCents(
  rows: readonly LedgerRow[],
  kind?: Exclude<LedgerKind, "refund">,
): number {
  const counted = new Set(
    rows.filter((row) => kind === undefined || row.kind === kind).map((row) => row.id),
  );
  return rows.reduce((sum, row) => {
    const counts =
      row.kind === "refund"
        ? row.refundOf !== null && counted.has(row.refundOf)
        : counted.has(row.id);
    return counts ? sum + paidEffect(row) : sum;
  }, 0);
}

/** What of the payment `paymentId` may still be refunded: its amount less refunds paid or asked. */
export function refundableCents(rows: readonly LedgerRow[], paymentId: string): number {
  const payment = rows.find((row) => row.id === paymentId);
  if (!payment || payment.kind === "refund" || payment.state !== "paid") return 0;
  const refunded = rows
    .filter(
      (row) =>
        row.kind === "refund" &&
        row.refundOf === paymentId &&
        (row.state === "paid" || row.state === "pending"),
    )
    .reduce((sum, row) => sum + row.amountCents, 0);
  return Math.max(0, payment.amountCents - refunded);
}

/** The open Checkout Session rows of a job: a pay link still payable. */
export function openCardRows(rows: readonly LedgerRow[], now: Date): LedgerRow[] {
  return rows.filter(
    (row) =>
      row.method === "card" &&
      row.kind !== "refund" &&
      row.state === "pending" &&
      row.stripeSessionId !== null &&
      (row.expiresAt === null || row.expiresAt > now),
  );
}

/** The payment a Checkout Session is, found by the session's id (the webhook's key). */
export async function ledgerRowOfSession(
  db: Database | Transaction,
  sessionId: string,
): Promise<LedgerRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.stripeSessionId, sessionId));
  return row ?? null;
}

/** Every paid card payment of a PaymentIntent (a refund's webhook names the intent). */
export async function ledgerRowsOfPaymentIntent(
  db: Database | Transaction,
  paymentIntentId: string,
): Promise<LedgerRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(eq(payments.stripePaymentIntentId, paymentIntentId), sql`${payments.kind} <> 'refund'`),
    );
}

/** What `rows` (one job's) paid in part deposits, their refunds taken off. */
export function depositPaidCents(rows: readonly LedgerRow[]): number {
  const deposits = new Set(rows.filter((row) => row.kind === "deposit").map((row) => row.id));
  return rows
    .filter(
      (row) =>
        row.kind === "deposit" ||
        (row.kind === "refund" && row.refundOf !== null && deposits.has(row.refundOf)),
    )
    .reduce((sum, row) => sum + paidEffect(row), 0);
}

/**
 * What each of `requests` (their current jobs) paid in part deposits, refunds taken off: one read
 * for a list (the board's requests waiting for a part).
 */
export async function depositsPaidOf(
  db: Database | Transaction,
  requests: readonly { id: string; jobNumber: number }[],
): Promise<Map<string, number>> {
  if (requests.length === 0) return new Map();
  const jobs = new Map(requests.map((request) => [request.id, request.jobNumber]));
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.requestId, [...jobs.keys()]),
        eq(payments.paymentFor, "repair"),
        inArray(payments.kind, ["deposit", "refund"]),
      ),
    );
  const paid = new Map<string, number>();
  for (const [requestId, jobNumber] of jobs) {
    const ofJob = rows.filter((row) => row.requestId === requestId && row.jobNumber === jobNumber);
    if (ofJob.length > 0) paid.set(requestId, depositPaidCents(ofJob));
  }
  return paid;
}
