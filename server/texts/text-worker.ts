/**
 * Sends the texts table, as the outbox worker sends emails: rows claimed with a lease and
 * `FOR UPDATE SKIP LOCKED`, so several processes share the work. At the moment of sending it
 * checks what may have changed since the text was written: the number opted out (cancelled),
 * the homeowner turned texts off or answered the review request (cancelled), the office's quiet
 * hours (it waits for 8:00), and last the number's daily limit for the text's cause (held): the
 * website's texts and the office's are counted apart, so texts a stranger causes by booking
 * with someone else's number never leave that person's real visit unannounced.
 *
 * Never a duplicate: a text is tried again only when the provider certainly took nothing
 * (./provider.ts); one whose answer was lost, or whose sender died mid-request (its lease ran
 * out while "sending"), is "unknown" and stays so until a delivery callback says otherwise.
 *
 * The poll, nudge, batches, outage line and close are the shared lease queue's
 * (../jobs/lease-queue.ts). Past 250 lines: the checks at send time and the outcomes are one
 * lifecycle of a text.
 */
import { and, asc, eq, gte, inArray, lt, lte, ne, sql } from "drizzle-orm";

import type { Database } from "../db/database";
import { serviceRequests, textOptOuts, texts } from "../db/schema";
import type { MessageCause } from "../mail/message";
import { privateLinkIn } from "../mail/private-links";
import { answeredReason, answeredReviewRequests, reviewAskKinds } from "../reviews/review-requests";
import { RequestLinks, requestLinkSecret } from "../requests/request-links";
import { LeaseQueue, retryDelayMs } from "../jobs/lease-queue";
import { nextDueInMs } from "../jobs/next-due";
import { textsTurnedOffReason } from "./enqueue";
import type { TextOutcome, TextProvider } from "./provider";
import { askedInPersonKinds, quietUntil } from "./quiet-hours";

type TextRow = typeof texts.$inferSelect;

export interface TextWorkerOptions {
  db: Database;
  provider: TextProvider;
  /** `{SITE_URL}/api/sms/status`: where the provider reports delivery; none for files. */
  statusCallbackUrl?: string;
  leaseSeconds: number;
  pollMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /**
   * Texts to one number in 24 hours for each cause, the website's and the office's (replies
   * aside); 0: no limit.
   */
  perNumberPerDay?: number;
  batchSize?: number;
  /** The clock for what is due and for quiet hours; the real one by default. Tests set it. */
  now?: () => Date;
}

/** Why a text does not go now: cancelled for good, waiting until an instant, or nothing (null). */
type HoldBack = { cancel: string } | { until: Date } | null;

const causeWords: Record<MessageCause, string> = {
  website: "from the website (bookings and request pages)",
  office: "from the office and the technicians",
};

export function heldTextReason(limit: number, cause: MessageCause): string {
  return `Held: this number had ${limit} texts ${causeWords[cause]} in 24 hours`;
}

/** A text handed to the provider (or that may have been): what a number's day counts. */
const handedOverStatuses = [
  "sending",
  "queued",
  "sent",
  "delivered",
  "undelivered",
  "failed",
  "unknown",
] as const;

/** Replies to a keyword go at once: the person just wrote to us. */
export function isReply(kind: string): boolean {
  return kind.startsWith("text.reply.");
}

export class TextWorker {
  readonly #options: Required<Omit<TextWorkerOptions, "statusCallbackUrl">> &
    Pick<TextWorkerOptions, "statusCallbackUrl">;
  readonly #queue: LeaseQueue;
  #links: Promise<RequestLinks> | undefined;

  constructor(options: TextWorkerOptions) {
    this.#options = { batchSize: 20, perNumberPerDay: 0, now: () => new Date(), ...options };
    this.#queue = new LeaseQueue({
      runBatch: () => this.runOnce(),
      nextDueInMs: () => this.#nextDueInMs(),
      batchSize: this.#options.batchSize,
      pollMs: this.#options.pollMs,
      nudgeDelayMs: 20,
      failureLine: (error) =>
        `Texts: cannot send: ${error instanceof Error ? error.message : String(error)}`,
    });
  }

  start(): void {
    this.#queue.start();
  }

  /** Looks now rather than at the next poll (a reply to a keyword). */
  nudge(): void {
    this.#queue.nudge();
  }

  close(): Promise<void> {
    return this.#queue.close();
  }

  /** Sends until nothing is due (tests). */
  drain(): Promise<void> {
    return this.#queue.drain();
  }

  /** Claims and sends one batch of due texts; returns how many it claimed. */
  async runOnce(): Promise<number> {
    const { db } = this.#options;
    // A sender that died mid-request may have handed its text over: unknown, not sent again.
    await db
      .update(texts)
      .set({
        status: "unknown",
        lockedUntil: null,
        lastError: "The sender stopped while handing the text over",
      })
      .where(and(eq(texts.status, "sending"), lt(texts.lockedUntil, sql`now()`)));
    const rows = await this.#claim();
    // One number's texts one after another (its daily count must see each), numbers side by side.
    const byNumber = new Map<string, TextRow[]>();
    for (const row of rows) byNumber.set(row.to, [...(byNumber.get(row.to) ?? []), row]);
    await Promise.all(
      [...byNumber.values()].map(async (numberTexts) => {
        for (const row of numberTexts) await this.#deliver(row);
      }),
    );
    return rows.length;
  }

  /**
   * How soon the next text falls due, a pending one's attempt (a back-off, quiet hours' end) or a
   * lost lease's end, in milliseconds; null when none waits.
   */
  #nextDueInMs(): Promise<number | null> {
    return nextDueInMs(
      this.#options.db,
      texts,
      sql`${this.#options.now().toISOString()}::timestamptz`,
    );
  }

  async #claim(): Promise<TextRow[]> {
    const { db, leaseSeconds, batchSize, now } = this.#options;
    const due = db
      .select({ id: texts.id })
      .from(texts)
      .where(
        and(
          eq(texts.status, "pending"),
          lte(texts.nextAttemptAt, sql`${now().toISOString()}::timestamptz`),
        ),
      )
      .orderBy(asc(texts.nextAttemptAt), asc(texts.createdAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(texts)
      .set({
        status: "sending",
        lockedUntil: sql`now() + ${leaseSeconds} * interval '1 second'`,
      })
      .where(inArray(texts.id, due))
      .returning();
  }

  /** Why the text must not go now: cancelled for good, or waiting until an instant. */
  async #holdBack(row: TextRow): Promise<HoldBack> {
    const { db, now } = this.#options;
    if (isReply(row.kind)) return null;
    const [optedOut] = await db.select().from(textOptOuts).where(eq(textOptOuts.phone, row.to));
    if (optedOut) return { cancel: `The number replied ${optedOut.keyword}` };
    if (row.requestId) {
      const [request] = await db
        .select({ off: serviceRequests.textsOffAt, erased: serviceRequests.erasedAt })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, row.requestId));
      if (!request || request.erased) return { cancel: "The request was erased" };
      if (request.off) return { cancel: textsTurnedOffReason };
      // The answer cancels only what still waits; this one was claimed a moment before it.
      if (
        reviewAskKinds.has(row.kind) &&
        (await answeredReviewRequests(db, [row.requestId])).size > 0
      ) {
        return { cancel: answeredReason };
      }
    }
    const until = askedInPersonKinds.has(row.kind) ? null : quietUntil(row.office, now());
    // An arrival time is stale by morning: an On my way in quiet hours is not sent at all.
    if (until && row.kind === "text.on-the-way") {
      return { cancel: "Quiet hours: the arrival time would be old by 8:00" };
    }
    if (until) return { until };
    return null;
  }

  /**
   * The last check: admits the text under its number's daily limit for its cause, or holds it.
   * Under a lock on the number, so that texts several workers send at once are counted one after
   * another; an admitted text counts from this moment (its `sentAt`), before the provider answers.
   */
  async #admit(row: TextRow): Promise<boolean> {
    const { db, perNumberPerDay } = this.#options;
    if (perNumberPerDay <= 0 || isReply(row.kind)) return true;
    const mine = and(eq(texts.id, row.id), eq(texts.status, "sending"));
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`text-number ${row.to}`}, 0))`,
      );
      const [spent] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(texts)
        .where(
          and(
            eq(texts.to, row.to),
            eq(texts.cause, row.cause),
            ne(texts.id, row.id),
            sql`${texts.kind} not like 'text.reply.%'`,
            inArray(texts.status, [...handedOverStatuses]),
            gte(texts.sentAt, sql`now() - interval '1 day'`),
          ),
        );
      if ((spent?.count ?? 0) >= perNumberPerDay) {
        await tx
          .update(texts)
          .set({
            status: "held",
            lockedUntil: null,
            lastError: heldTextReason(perNumberPerDay, row.cause),
          })
          .where(mine);
        return false;
      }
      await tx
        .update(texts)
        .set({ sentAt: sql`now()` })
        .where(mine);
      return true;
    });
  }

  async #body(row: TextRow): Promise<string> {
    if (!row.requestId || !row.body.includes("{link:")) return row.body;
    this.#links ??= requestLinkSecret(this.#options.db).then(
      (secret) => new RequestLinks(secret, ""),
    );
    const links = await this.#links;
    return privateLinkIn(row.body, row.requestId, links.tokenFor(row.requestId));
  }

  async #deliver(row: TextRow): Promise<void> {
    const { db, provider, statusCallbackUrl } = this.#options;
    // Only this claim's row: a delivery callback that came first is not overwritten.
    const mine = and(eq(texts.id, row.id), eq(texts.status, "sending"));
    let body: string;
    let held: HoldBack;
    let admitted = false;
    try {
      held = await this.#holdBack(row);
      body = await this.#body(row);
      if (!held) admitted = await this.#admit(row);
    } catch (error) {
      // Nothing was handed over: the text waits for the next poll.
      this.#links = undefined;
      await db
        .update(texts)
        .set({
          status: "pending",
          lockedUntil: null,
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(mine);
      return;
    }
    if (held && "cancel" in held) {
      await db
        .update(texts)
        .set({ status: "cancelled", lockedUntil: null, lastError: held.cancel })
        .where(mine);
      return;
    }
    if (held) {
      await db
        .update(texts)
        .set({ status: "pending", lockedUntil: null, nextAttemptAt: held.until })
        .where(mine);
      return;
    }
    if (!admitted) return;
    const attempts = row.attempts + 1;
    const outcome: TextOutcome = await provider
      .send({
        id: row.id,
        to: row.to,
        body,
        ...(statusCallbackUrl ? { statusCallback: `${statusCallbackUrl}?text=${row.id}` } : {}),
      })
      .catch((error: unknown) => ({
        kind: "not-sent" as const,
        reason: error instanceof Error ? error.message : String(error),
      }));
    switch (outcome.kind) {
      case "accepted":
        await db
          .update(texts)
          .set({
            status: providerStatusOf(outcome.status) ?? "queued",
            providerId: outcome.providerId,
            attempts,
            lockedUntil: null,
            lastError: null,
            sentAt: sql`now()`,
          })
          .where(mine);
        return;
      case "unknown":
        console.warn(`Texts: ${row.kind} ${row.id}: the provider may have it: ${outcome.reason}`);
        await db
          .update(texts)
          .set({
            status: "unknown",
            attempts,
            lockedUntil: null,
            lastError: outcome.reason,
            // Counted in the number's day: it may have arrived.
            sentAt: sql`now()`,
          })
          .where(mine);
        return;
      case "not-sent": {
        const { maxAttempts, backoffBaseMs, backoffMaxMs } = this.#options;
        // The provider itself holds a STOP for the number (Twilio's 21610): so do we.
        if (outcome.code === 21610) {
          await db
            .insert(textOptOuts)
            .values({ phone: row.to, keyword: "STOP" })
            .onConflictDoNothing();
        }
        const dead = attempts >= maxAttempts || outcome.final === true;
        const delayMs = retryDelayMs(attempts, backoffBaseMs, backoffMaxMs);
        if (!dead) {
          console.warn(
            `Texts: ${row.kind} ${row.id} attempt ${attempts} failed, retrying in ${Math.ceil(delayMs / 1000)} s: ${outcome.reason}`,
          );
        }
        await db
          .update(texts)
          .set({
            status: dead ? "dead" : "pending",
            attempts,
            lockedUntil: null,
            lastError: outcome.reason.slice(0, 500),
            // Nothing was taken: it leaves the number's day.
            sentAt: null,
            // On the clock that decides what is due.
            nextAttemptAt: new Date(this.#options.now().getTime() + delayMs),
          })
          .where(mine);
      }
    }
  }
}

/** A provider's word for a message (Twilio's MessageStatus) as ours; null when it is not one. */
export function providerStatusOf(status: string): TextRow["status"] | null {
  switch (status) {
    case "accepted":
    case "scheduled":
    case "queued":
      return "queued";
    case "sending":
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "undelivered":
      return "undelivered";
    case "failed":
      return "failed";
    case "canceled":
      return "cancelled";
    default:
      return null;
  }
}
