/**
 * The outbox worker: sends the emails stored with the leads and changes that caused them, with
 * retries, leases and row locks so that any number of processes share the work. At send time it
 * holds back what is past a customer address's daily limit for its cause, the website's or the
 * office's (./customer-limit.ts), cancels a review request the homeowner has answered since
 * (../reviews/review-requests.ts), and puts the homeowner's private link into the email
 * (../mail/private-links.ts), so the stored email never holds it. The poll, nudge, batches,
 * outage lines and close are the shared lease queue's (../jobs/lease-queue.ts). Past 250 lines:
 * claiming, sending and recording are one lifecycle of a row.
 */
import { hostname } from "node:os";

import { and, asc, count, eq, inArray, lt, lte, ne, or, sql } from "drizzle-orm";

import type { Database, Transaction } from "../db/database";
import { outbox } from "../db/schema";
import { LeaseQueue, retryDelayMs } from "../jobs/lease-queue";
import { nextDueInMs } from "../jobs/next-due";
import { needsPrivateLink, withPrivateLink } from "../mail/private-links";
import type { MailTransport } from "../mail/transport";
import { RequestLinks, requestLinkSecret } from "../requests/request-links";
import { answeredReason, answeredReviewRequests, reviewAskKinds } from "../reviews/review-requests";
import { holdOverDailyLimit } from "./customer-limit";

export interface OutboxSettings {
  /** How long a claimed row stays reserved for the worker that claimed it. */
  leaseSeconds: number;
  pollMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  batchSize?: number;
  /** How long a nudge waits, so the emails of a burst of leads go out in a few batches. */
  nudgeDelayMs?: number;
  /** Recorded on each row this worker sent; the host name and process id by default. */
  workerId?: string;
  /**
   * How long a poll may wait for `busy` to turn false before it claims anyway: emails wait at
   * most this long for visitors' requests, and keep going out under sustained load.
   */
  maxYieldMs?: number;
  /**
   * Emails to one customer address in 24 hours for each cause, the website's and the office's
   * (CUSTOMER_EMAILS_PER_DAY); past it they are held. Unset or 0: no limit.
   */
  customerEmailsPerDay?: number;
}

export interface OutboxWorkerOptions extends OutboxSettings {
  db: Database;
  transport: MailTransport;
  /** True while the process is busy answering visitors (leads being written): the worker yields. */
  busy?: () => boolean;
  /**
   * The clock deciding which rows are due (a reminder waits for its evening); the database's
   * own by default. Tests set it.
   */
  now?: () => Date;
}

type OutboxRow = typeof outbox.$inferSelect;

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const response = (error as Error & { response?: unknown }).response;
    return typeof response === "string" ? `${error.message} (${response})` : error.message;
  }
  return String(error);
}

/**
 * Sends the outbox. Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so any number of
 * processes can run a worker against one database; a row whose lease ran out (its process died
 * mid-send) is claimed again. A row is marked sent only after the mail server accepted it.
 */
export class OutboxWorker {
  readonly #db: Database;
  readonly #transport: MailTransport;
  readonly #settings: Required<OutboxSettings>;
  readonly #now: (() => Date) | undefined;
  readonly #queue: LeaseQueue;
  /** The link secret, read once like every part of the process reads it (rotation restarts). */
  #links: Promise<RequestLinks> | undefined;
  /**
   * The last batch sent nothing and something failed: the mail server is likely down or stuck,
   * so each poll tries one email, rather than a whole batch whose every message would wait out
   * a time-out, until one goes through.
   */
  #probing = false;

  constructor({ db, transport, busy = () => false, now, ...settings }: OutboxWorkerOptions) {
    this.#db = db;
    this.#now = now;
    this.#transport = transport;
    this.#settings = {
      batchSize: 50,
      nudgeDelayMs: 50,
      maxYieldMs: 1_000,
      customerEmailsPerDay: 0,
      workerId: `${hostname()}:${process.pid}`,
      ...settings,
    };
    this.#queue = new LeaseQueue({
      runBatch: () => this.runOnce(),
      nextDueInMs: () => this.#nextDueInMs(),
      batchSize: this.#settings.batchSize,
      pollMs: this.#settings.pollMs,
      nudgeDelayMs: this.#settings.nudgeDelayMs,
      busy,
      maxYieldMs: this.#settings.maxYieldMs,
      failureLine: (error) => `Outbox: cannot read the outbox: ${describeError(error)}`,
      recoveryLine: "Outbox: the database answers again",
    });
  }

  /** Starts polling. */
  start(): void {
    this.#queue.start();
  }

  /** Looks at the outbox soon rather than at the next poll (called after an enqueue). */
  nudge(): void {
    this.#queue.nudge();
  }

  /** Claims and sends one batch of due rows; returns how many it claimed (held back or not). */
  async runOnce(): Promise<number> {
    const claim = await this.#claim(this.#probing ? 1 : this.#settings.batchSize);
    const { claimed } = claim;
    const rows = await this.#withoutAnswered(claim.rows);
    const results = await Promise.allSettled(rows.map((row) => this.#deliver(row)));
    const sentIds = rows
      .filter((_row, index) => {
        const result = results[index];
        return result?.status === "fulfilled" && result.value === "sent";
      })
      .map((row) => row.id);
    if (rows.length > 0) this.#setProbing(sentIds.length === 0);
    // One statement for the whole batch: the outbox shares the database with every request.
    if (sentIds.length > 0) {
      await this.#db
        .update(outbox)
        .set({
          status: "sent",
          sentAt: sql`now()`,
          sentBy: this.#settings.workerId,
          lockedUntil: null,
          lastError: null,
        })
        .where(inArray(outbox.id, sentIds));
    }
    const failure = results.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
    return claimed;
  }

  /** Sends until nothing is due (tests and the bench). */
  drain(): Promise<void> {
    return this.#queue.drain();
  }

  async counts(): Promise<{ pending: number; dead: number }> {
    const rows = await this.#db
      .select({ status: outbox.status, total: count() })
      .from(outbox)
      // A reminder waiting for its evening is not a backlog.
      .where(
        and(
          inArray(outbox.status, ["pending", "sending", "dead"]),
          or(ne(outbox.status, "pending"), lte(outbox.nextAttemptAt, sql`now()`)),
        ),
      )
      .groupBy(outbox.status);
    const total = (status: OutboxRow["status"]) =>
      rows.find((row) => row.status === status)?.total ?? 0;
    return { pending: total("pending") + total("sending"), dead: total("dead") };
  }

  /** Stops polling and waits for the batch being sent. */
  close(): Promise<void> {
    return this.#queue.close();
  }

  #setProbing(probing: boolean): void {
    if (probing === this.#probing) return;
    this.#probing = probing;
    if (probing) console.warn("Outbox: nothing goes through; trying one email per poll");
    else console.warn("Outbox: emails go through again");
  }

  /** Claims due rows: how many, and those to send (not held back by the customer limit). */
  async #claim(batchSize: number): Promise<{ claimed: number; rows: OutboxRow[] }> {
    const limit = this.#settings.customerEmailsPerDay;
    if (limit <= 0) {
      const rows = await this.#claimIn(this.#db, batchSize);
      return { claimed: rows.length, rows };
    }
    return this.#db.transaction(async (tx) => {
      const rows = await this.#claimIn(tx, batchSize);
      const held = await holdOverDailyLimit(tx, rows, limit);
      return { claimed: rows.length, rows: rows.filter((row) => !held.has(row.id)) };
    });
  }

  /** The instant a pending row is due by: the worker's clock's, or the database's own. */
  #dueBy() {
    return this.#now ? sql`${this.#now().toISOString()}::timestamptz` : sql`now()`;
  }

  /**
   * How soon the next email falls due (../jobs/next-due.ts). While probing, one email at a time
   * at its back-off's end: the emails due already wait for the poll (../jobs/lease-queue.ts)
   * rather than each wait out a time-out in turn.
   */
  #nextDueInMs(): Promise<number | null> {
    return nextDueInMs(this.#db, outbox, this.#dueBy());
  }

  async #claimIn(db: Database | Transaction, batchSize: number): Promise<OutboxRow[]> {
    const { leaseSeconds } = this.#settings;
    const dueBy = this.#dueBy();
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        or(
          and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, dueBy)),
          and(eq(outbox.status, "sending"), lt(outbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(outbox)
      .set({
        status: "sending",
        attempts: sql`${outbox.attempts} + 1`,
        lockedUntil: sql`now() + ${leaseSeconds} * interval '1 second'`,
      })
      .where(inArray(outbox.id, due))
      .returning();
  }

  /**
   * The send-time guard: a review request or reminder whose homeowner answered since it was
   * written is cancelled, not sent. The answer cancels only rows still pending; one claimed a
   * moment before the answer (or put back after a failed attempt, or whose lease ran out) is
   * caught here, just before the mail server is asked.
   */
  async #withoutAnswered(rows: OutboxRow[]): Promise<OutboxRow[]> {
    const asks = rows.filter((row) => reviewAskKinds.has(row.kind));
    if (asks.length === 0) return rows;
    const answered = await answeredReviewRequests(
      this.#db,
      asks.map((row) => row.subjectId),
    );
    const cancelled = asks.filter((row) => answered.has(row.subjectId)).map((row) => row.id);
    if (cancelled.length === 0) return rows;
    await this.#db
      .update(outbox)
      .set({ status: "cancelled", lockedUntil: null, lastError: answeredReason })
      .where(and(inArray(outbox.id, cancelled), eq(outbox.status, "sending")));
    return rows.filter((row) => !cancelled.includes(row.id));
  }

  /** The message as it goes out: with the homeowner's private link in place of its placeholder. */
  async #outgoing(row: OutboxRow) {
    if (!needsPrivateLink(row.message, row.subjectId)) return row.message;
    this.#links ??= requestLinkSecret(this.#db).then((secret) => new RequestLinks(secret, ""));
    const links = await this.#links.catch((error: unknown) => {
      this.#links = undefined;
      throw error;
    });
    return withPrivateLink(row.message, row.subjectId, links.tokenFor(row.subjectId));
  }

  async #deliver(row: OutboxRow): Promise<"sent" | "failed"> {
    try {
      await this.#transport.send(await this.#outgoing(row), row.id);
      return "sent";
    } catch (error) {
      await this.#recordFailure(row, describeError(error));
      return "failed";
    }
  }

  async #recordFailure(row: OutboxRow, reason: string): Promise<void> {
    const { maxAttempts, backoffBaseMs, backoffMaxMs } = this.#settings;
    const lastError = reason.slice(0, 2000);
    if (row.attempts >= maxAttempts) {
      console.error(
        `Outbox: gave up on ${row.kind} ${row.id} (about ${row.subjectId}) to ${row.message.to} after ${row.attempts} attempts: ${reason}`,
      );
      await this.#db
        .update(outbox)
        .set({ status: "dead", lockedUntil: null, lastError })
        .where(eq(outbox.id, row.id));
      return;
    }
    const delayMs = retryDelayMs(row.attempts, backoffBaseMs, backoffMaxMs);
    console.warn(
      `Outbox: ${row.kind} ${row.id} attempt ${row.attempts} failed, retrying in ${Math.ceil(delayMs / 1000)} s: ${reason}`,
    );
    await this.#db
      .update(outbox)
      .set({
        status: "pending",
        lockedUntil: null,
        lastError,
        // On the clock that decides what is due (the database's, or the worker's given one).
        nextAttemptAt: sql`${this.#dueBy()} + ${delayMs} * interval '1 millisecond'`,
      })
      .where(eq(outbox.id, row.id));
  }
}
