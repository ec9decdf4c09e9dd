// Long on purpose: the group commit (one transaction for the leads that arrived together) and
// every row it writes, the lead, its emails, its window's place, its repeat and its notification,
// read in one place, so that what one transaction holds is visible at once.
import { and, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";

import type { Database, Transaction } from "../db/database";
import { insertJsonRows, returnedRows } from "../db/json-rows";
import { newLeadsChannel } from "../db/notifications";
import {
  contactMessages,
  idempotencyKeys,
  outbox,
  payments,
  serviceRequests,
  texts,
  type NewContactMessage,
  type NewOutboxRow,
  type NewServiceRequest,
  type NewText,
} from "../db/schema";
import { noPlaceHeldMessage, repeatRequestMessage } from "~/lib/form-result";

import { joinCustomers } from "../customers/customer-keys";
import {
  appendRepeatedRequest,
  findRepeatedRequest,
  lockKeys,
  type FirstRequest,
  type RepeatKey,
} from "../requests/repeats";
import { capacityOf, forcePlace, takePlace, type Place } from "../requests/windows";
import { sameRequest, type IdempotencyScope, type SubmissionAnswer } from "./idempotency";

const placesPerClientWindowMs = 24 * 60 * 60 * 1000;

/** Everything one accepted lead writes: its row, its emails and its answer. */
export interface LeadWrite {
  scope: IdempotencyScope | null;
  answer: SubmissionAnswer;
  serviceRequest?: NewServiceRequest;
  contactMessage?: NewContactMessage;
  emails: NewOutboxRow[];
  /** The texts it causes (the homeowner ticked the box): written with it, or not at all. */
  texts?: NewText[];
  /** The arrival window a service request asks for: a place is taken in the lead's transaction. */
  place?: Place;
  /** The office books the window full or not (a phone booking with a reason): the place is taken. */
  overbook?: boolean;
  /** A service request of the same phone and appliance since then is updated instead. */
  repeatOf?: RepeatKey;
  /** The emails a repeat causes (to the office, and the first request's link to its own email). */
  repeatEmails?: (first: FirstRequest) => NewOutboxRow[];
}

export type WriteResult =
  | { kind: "stored"; answer: SubmissionAnswer; replayed: boolean }
  /** No place was left in the window: nothing was stored (and no idempotency key recorded). */
  | { kind: "window-full"; place: Place }
  /** The idempotency key was recorded for another request: nothing was stored. */
  | { kind: "key-reused" };

interface QueuedWrite {
  write: LeadWrite;
  resolve(result: WriteResult): void;
  reject(error: unknown): void;
}

function scopeKey(scope: Pick<IdempotencyScope, "endpoint" | "key">): string {
  return `${scope.endpoint}\n${scope.key}`;
}

/**
 * Group commit for leads. Writes that arrive while a transaction is running wait and are
 * written together in the next one: one commit and a few multi-row statements for many leads,
 * instead of five statements and a commit each. The embedded database runs one statement at a
 * time, so this is what keeps latency flat under load; a write arriving at an idle writer waits
 * only for the requests already read to join it (see `#pump`). Idempotency holds as in
 * `storeOnce`: a key is recorded in the same transaction, and a key that is already recorded (by
 * another process, or earlier in the batch) gets the stored answer and writes nothing.
 */
export class LeadWriter {
  readonly #db: Database;
  readonly #maxConcurrentBatches: number;
  readonly #maxBatchSize: number;
  #queue: QueuedWrite[] = [];
  #running = 0;
  #pumpScheduled = false;
  #lastWriteAt = Number.NEGATIVE_INFINITY;

  readonly #places: PlaceRules;

  constructor(
    db: Database,
    { maxConcurrentBatches = 1, maxBatchSize = 100, defaultCapacity = 4, placesPerClient = 3 } = {},
  ) {
    this.#db = db;
    this.#places = { defaultCapacity, placesPerClient };
    this.#maxConcurrentBatches = maxConcurrentBatches;
    this.#maxBatchSize = maxBatchSize;
  }

  /**
   * Whether visitors' leads are being written or were in the last `quietMs`: the outbox worker
   * waits (a bounded time) for a quiet moment, so its statements, which on the embedded
   * database hold the event loop, do not sit between visitors and their answers.
   */
  isBusy(quietMs = 20): boolean {
    return (
      this.#queue.length > 0 || this.#running > 0 || performance.now() - this.#lastWriteAt < quietMs
    );
  }

  write(write: LeadWrite): Promise<WriteResult> {
    this.#lastWriteAt = performance.now();
    return new Promise((resolve, reject) => {
      this.#queue.push({ write, resolve, reject });
      this.#pump();
    });
  }

  /**
   * Starts batches after the event loop's current I/O phase rather than at once. The embedded
   * database runs each statement synchronously on this thread, so a transaction begun straight
   * away would finish before the next request's body was even read, and every batch would hold
   * one lead. Waiting for `setImmediate` lets the requests already received join the batch; an
   * idle server loses nothing measurable.
   */
  #pump(): void {
    if (this.#pumpScheduled) return;
    this.#pumpScheduled = true;
    setImmediate(() => {
      this.#pumpScheduled = false;
      this.#startBatches();
    });
  }

  #startBatches(): void {
    while (this.#running < this.#maxConcurrentBatches && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#maxBatchSize);
      this.#running += 1;
      void this.#run(batch).finally(() => {
        this.#running -= 1;
        this.#pump();
      });
    }
  }

  async #run(batch: QueuedWrite[]): Promise<void> {
    try {
      const results = await this.#writeBatch(batch.map((queued) => queued.write));
      batch.forEach((queued, index) => queued.resolve(results[index]!));
    } catch (error) {
      if (!isDataError(error)) {
        // The database is unreachable or failing: the writes waiting for it would wait out the
        // same time-out in turn, so each visitor is answered now (a 503) and can retry.
        for (const queued of [...batch, ...this.#queue.splice(0)]) queued.reject(error);
        return;
      }
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One failing lead must not fail the others: each is tried alone.
      for (const queued of batch) {
        try {
          const [result] = await this.#writeBatch([queued.write]);
          queued.resolve(result!);
        } catch (singleError) {
          queued.reject(singleError);
        }
      }
    }
  }

  #writeBatch(writes: readonly LeadWrite[]): Promise<WriteResult[]> {
    return this.#db.transaction(async (tx) => {
      const firstWithScope = new Map<string, LeadWrite>();
      for (const write of writes) {
        if (write.scope && !firstWithScope.has(scopeKey(write.scope))) {
          firstWithScope.set(scopeKey(write.scope), write);
        }
      }
      const fresh = await recordKeys(tx, [...firstWithScope.values()]);
      const accepted = writes.filter(
        (write) =>
          !write.scope ||
          (firstWithScope.get(scopeKey(write.scope)) === write && fresh.has(scopeKey(write.scope))),
      );
      const settled = await settleServiceRequests(tx, accepted, this.#places);
      const stored = accepted.filter((write) => !isSettledAside(settled.get(write)));
      await insertLeads(tx, stored, settled);
      // A repeat changes its first request through the door, which tells that request's office.
      await applyRepeats(tx, settled);
      await notifyOffices(
        tx,
        stored.map((write) => write.serviceRequest?.office ?? write.contactMessage?.office),
      );
      await settleKeys(tx, settled);
      const acceptedSet = new Set(accepted);
      const replayed = writes.filter((write) => !acceptedSet.has(write));
      const storedAnswers = await answersFor(tx, replayed);
      return writes.map((write): WriteResult => {
        const settlement = settled.get(write);
        if (settlement?.kind === "full") return { kind: "window-full", place: settlement.place };
        if (settlement) return { kind: "stored", answer: settlement.answer, replayed: false };
        if (acceptedSet.has(write))
          return { kind: "stored", answer: write.answer, replayed: false };
        const recorded = write.scope ? storedAnswers.get(scopeKey(write.scope)) : undefined;
        if (!recorded) throw new Error("A replayed idempotency key has no stored answer");
        if (!sameRequest(recorded.requestHash, write.scope?.requestHash)) {
          return { kind: "key-reused" };
        }
        return { kind: "stored", answer: recorded.answer, replayed: true };
      });
    });
  }
}

/**
 * Whether PostgreSQL refused the data of a write (SQLSTATE class 22, a value, or 23, a
 * constraint), as opposed to failing whatever was written: a lost connection, a time-out.
 */
function isDataError(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === "string" && /^2[23]/.test(code)) return true;
  }
  return false;
}

/** Records the answers under their keys; returns the keys that were not recorded before. */
async function recordKeys(tx: Transaction, writes: readonly LeadWrite[]): Promise<Set<string>> {
  // A fixed order, so two processes recording overlapping keys cannot deadlock.
  const rows = writes
    .flatMap((write) =>
      write.scope
        ? [
            {
              endpoint: write.scope.endpoint,
              key: write.scope.key,
              requestHash: write.scope.requestHash,
              statusCode: write.answer.statusCode,
              response: write.answer.body,
            },
          ]
        : [],
    )
    .sort((a, b) => scopeKey(a).localeCompare(scopeKey(b)));
  if (rows.length === 0) return new Set();
  const recorded = returnedRows<IdempotencyScope>(
    await tx.execute(
      insertJsonRows(idempotencyKeys, rows, sql`on conflict do nothing returning endpoint, key`),
    ),
  );
  return new Set(recorded.map(scopeKey));
}

/** What became of a service request that is not stored as asked. */
type Settlement =
  /** Its window had no place left: nothing is stored. */
  | { kind: "full"; place: Place }
  /** It repeats an open request: that one is updated, no lead is made. */
  | {
      kind: "repeat";
      /** The request it repeats: stored before, or earlier in this batch. */
      firstId: string;
      request: NewServiceRequest;
      answer: SubmissionAnswer;
    }
  /** Its client holds enough places: it is stored and sent like any lead, holding none. */
  | { kind: "no-place"; answer: SubmissionAnswer };

/** Whether a settlement keeps the write from being stored as a new lead. */
function isSettledAside(settlement: Settlement | undefined): boolean {
  return settlement?.kind === "full" || settlement?.kind === "repeat";
}

/**
 * The service requests' rules that need the database, in the batch's transaction and in its
 * order: the same phone and appliance within a day updates the first request; one client holds
 * at most `placesPerClient` window places a day (a request past that is stored and sent, but
 * holds none: a stranger cannot fill a day); and a requested window must still have a place,
 * taken here. A lock per phone and appliance and per client, so two processes cannot both pass
 * a rule. Returns the writes that are not stored as asked.
 */
interface PlaceRules {
  /** Places per window where an owner has not set the weekday (`WINDOW_CAPACITY`). */
  defaultCapacity: number;
  /** Places one client may hold in a day (`PLACES_PER_CLIENT`); 0: no limit. */
  placesPerClient: number;
}

async function settleServiceRequests(
  tx: Transaction,
  writes: readonly LeadWrite[],
  { defaultCapacity, placesPerClient }: PlaceRules,
): Promise<Map<LeadWrite, Settlement>> {
  const settled = new Map<LeadWrite, Settlement>();
  const requests = writes.filter((write) => write.serviceRequest);
  if (requests.length === 0) return settled;
  await lockKeys(
    tx,
    requests.flatMap((write) => [
      ...(write.repeatOf ? [`repeat/${write.repeatOf.key}`] : []),
      ...(placesPerClient > 0 && write.place && write.serviceRequest?.clientKey
        ? [`client/${write.serviceRequest.clientKey}`]
        : []),
    ]),
  );
  const placesHeld =
    placesPerClient > 0 ? await placesHeldByClients(tx, requests) : new Map<string, number>();
  const firstInBatch = new Map<string, string>();
  for (const write of requests) {
    const request = write.serviceRequest!;
    if (write.repeatOf) {
      const firstId =
        firstInBatch.get(write.repeatOf.key) ?? (await findRepeatedRequest(tx, write.repeatOf));
      if (firstId) {
        settled.set(write, {
          kind: "repeat",
          firstId,
          request,
          answer: {
            statusCode: 200,
            body: { success: true, duplicate: true, message: repeatRequestMessage },
          },
        });
        continue;
      }
    }
    const clientKey = request.clientKey;
    const overClientLimit =
      placesPerClient > 0 && clientKey && (placesHeld.get(clientKey) ?? 0) >= placesPerClient;
    if (write.place && overClientLimit) {
      settled.set(write, {
        kind: "no-place",
        answer: {
          statusCode: write.answer.statusCode,
          body: {
            success: true,
            id: request.id,
            ...(request.reference ? { reference: request.reference } : {}),
            placeHeld: false,
            message: noPlaceHeldMessage,
          },
        },
      });
    } else if (write.place && write.overbook) {
      await forcePlace(tx, write.place);
    } else if (write.place) {
      const capacity = await capacityOf(tx, write.place, defaultCapacity);
      if (!(await takePlace(tx, write.place, capacity))) {
        settled.set(write, { kind: "full", place: write.place });
        continue;
      }
      if (clientKey) placesHeld.set(clientKey, (placesHeld.get(clientKey) ?? 0) + 1);
    }
    if (write.repeatOf) firstInBatch.set(write.repeatOf.key, request.id);
  }
  return settled;
}

/** The window places each client of these requests holds among its requests of the last day. */
async function placesHeldByClients(
  tx: Transaction,
  requests: readonly LeadWrite[],
): Promise<Map<string, number>> {
  const keys = [
    ...new Set(
      requests.flatMap((write) =>
        write.place && write.serviceRequest?.clientKey ? [write.serviceRequest.clientKey] : [],
      ),
    ),
  ];
  if (keys.length === 0) return new Map();
  const since = new Date(Date.now() - placesPerClientWindowMs);
  const rows = await tx
    .select({ clientKey: serviceRequests.clientKey, held: sql<number>`count(*)::int` })
    .from(serviceRequests)
    .where(
      and(
        inArray(serviceRequests.clientKey, keys),
        gte(serviceRequests.createdAt, since),
        isNotNull(serviceRequests.heldDate),
      ),
    )
    .groupBy(serviceRequests.clientKey);
  return new Map(rows.map((row) => [row.clientKey ?? "", Number(row.held)]));
}

/**
 * Adds the repeated requests' details to the first ones and queues the emails a repeat causes;
 * returns the first requests' offices.
 */
async function applyRepeats(
  tx: Transaction,
  settled: ReadonlyMap<LeadWrite, Settlement>,
): Promise<void> {
  const emails: NewOutboxRow[] = [];
  for (const [write, settlement] of settled) {
    if (settlement.kind !== "repeat") continue;
    const first = await appendRepeatedRequest(tx, settlement.firstId, settlement.request);
    emails.push(...(write.repeatEmails?.(first) ?? []));
  }
  if (emails.length > 0) await tx.execute(insertJsonRows(outbox, emails));
}

/**
 * A full window's answer is not kept under its idempotency key (the visitor picks another window
 * and sends again); a repeat's answer, or one that holds no place, replaces the one recorded.
 */
async function settleKeys(
  tx: Transaction,
  settled: ReadonlyMap<LeadWrite, Settlement>,
): Promise<void> {
  for (const [write, settlement] of settled) {
    if (!write.scope) continue;
    const key = and(
      eq(idempotencyKeys.endpoint, write.scope.endpoint),
      eq(idempotencyKeys.key, write.scope.key),
    );
    if (settlement.kind === "full") await tx.delete(idempotencyKeys).where(key);
    else {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: settlement.answer.statusCode, response: settlement.answer.body })
        .where(key);
    }
  }
}

async function insertLeads(
  tx: Transaction,
  writes: readonly LeadWrite[],
  settled: ReadonlyMap<LeadWrite, Settlement>,
): Promise<void> {
  // Each request joins its customer (made here for a new phone and email) before it is written;
  // a customer with a paid job before is a returning customer, whatever ad brought them back.
  const joined = await joinCustomers(
    tx,
    writes.flatMap((write) =>
      write.serviceRequest
        ? [
            write.place && !settled.has(write)
              ? {
                  ...write.serviceRequest,
                  heldDate: write.place.date,
                  heldWindow: write.place.window,
                }
              : write.serviceRequest,
          ]
        : [],
    ),
  );
  const returning = await customersWithPaidJobs(
    tx,
    joined.flatMap((request) => (request.customerId ? [request.customerId] : [])),
  );
  const requests = joined.map((request) =>
    request.customerId && returning.has(request.customerId) && !request.takenById
      ? { ...request, source: "returning-customer" as const, sourceDetail: null }
      : request,
  );
  const contacts = writes.flatMap((write) => (write.contactMessage ? [write.contactMessage] : []));
  const emails = writes.flatMap((write) => write.emails);
  const textRows = writes.flatMap((write) => write.texts ?? []);
  if (requests.length > 0) await tx.execute(insertJsonRows(serviceRequests, requests));
  if (contacts.length > 0) await tx.execute(insertJsonRows(contactMessages, contacts));
  if (emails.length > 0) await tx.execute(insertJsonRows(outbox, emails));
  if (textRows.length > 0) await tx.execute(insertJsonRows(texts, textRows));
}

/** Delivered when the transaction commits, to every process listening (the open desks). */
async function notifyOffices(
  tx: Transaction,
  leadOffices: readonly (string | undefined)[],
): Promise<void> {
  const offices = [...new Set(leadOffices.filter((office) => office !== undefined))];
  if (offices.length > 0) {
    const rows = sql.join(
      offices.map((office) => sql`(${office})`),
      sql`, `,
    );
    await tx.execute(
      sql`select pg_notify(${newLeadsChannel}, office) from (values ${rows}) as notified(office)`,
    );
  }
}

interface RecordedAnswer {
  answer: SubmissionAnswer;
  requestHash: string | null;
}

async function answersFor(
  tx: Transaction,
  writes: readonly LeadWrite[],
): Promise<Map<string, RecordedAnswer>> {
  const keys = [...new Set(writes.flatMap((write) => (write.scope ? [write.scope.key] : [])))];
  if (keys.length === 0) return new Map();
  const rows = await tx.select().from(idempotencyKeys).where(inArray(idempotencyKeys.key, keys));
  return new Map(
    rows.map((row) => [
      scopeKey(row),
      {
        answer: { statusCode: row.statusCode, body: row.response },
        requestHash: row.requestHash,
      },
    ]),
  );
}

/** Which of `customerIds` had a job paid before (more than nothing): returning customers. */
async function customersWithPaidJobs(
  tx: Transaction,
  customerIds: readonly string[],
): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ customerId: serviceRequests.customerId })
    .from(serviceRequests)
    .innerJoin(payments, eq(payments.requestId, serviceRequests.id))
    .where(
      and(
        inArray(serviceRequests.customerId, [...new Set(customerIds)]),
        eq(payments.settles, true),
        inArray(payments.state, ["paid", "refunded"]),
      ),
    );
  return new Set(rows.flatMap((row) => (row.customerId ? [row.customerId] : [])));
}
