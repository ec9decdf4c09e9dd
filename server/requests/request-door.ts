/**
 * The one door through which every change to a service request passes. A feature (the desk, the
 * field, the homeowner's page, reviews, prices) parses and authorises what was asked, locks the
 * request with `lockRequest`, decides what changes, and calls `changeRequest`, which:
 *
 * 1. checks the version the change was made against (a conflict changes nothing),
 * 2. writes the changed columns, the request's and its current visit's (./request-rows.ts), and
 *    its money (the ledger's rows, ./ledger.ts), and bumps the version (only here; the server's own bookkeeping of
 *    a change, such as the calendar's SEQUENCE, is ./request-bookkeeping.ts's),
 * 3. writes the change's one timeline event (only here: `writeTimelineEvent`),
 * 4. decides from the kind of change what the homeowner hears (./homeowner-news.ts; the words stay
 *    in mail/ and texts/),
 * 5. tells every listener: the desk's inbox and lead page, the board and My day (the office's
 *    channel) and the homeowner's open page (the request's channel).
 *
 * All of it in the caller's transaction, so a change and what it makes us send stand or fall
 * together.
 */
import { randomUUID } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";

import type { LeadStatus } from "~/domain/leads";

import type { Transaction } from "../db/database";
import { newLeadsChannel, requestChangesChannel } from "../db/notifications";
import { leadEvents, serviceRequests, type LeadEventKind } from "../db/schema";
import { tellHomeowner, type HomeownerNews } from "./homeowner-news";
import { writeLedger, type LedgerChange } from "./ledger";
import {
  lockRequestRow,
  readRequest,
  splitColumns,
  writeJob,
  writeVisit,
  type RequestColumns,
  type ServiceRequestRow,
} from "./request-rows";
import type { VisitContext } from "./visit-changes";

export type { RequestColumns } from "./request-rows";

/** Who made a change: a staff member (id and name as they were then), or the homeowner. */
export interface Actor {
  id: string | null;
  name: string;
}

/** The homeowner, acting through their private page, a repeated booking or a text. */
export const customer: Actor = { id: null, name: "Customer" };

/** A staff member as an actor. */
export function staffActor(staff: { id: string; name: string }): Actor {
  return { id: staff.id, name: staff.name };
}

/** The one line a change writes in the lead's timeline. */
export interface TimelineEvent {
  kind: LeadEventKind;
  detail: string;
  fromStatus?: LeadStatus | null;
  toStatus?: LeadStatus | null;
}

export interface RequestChange {
  /** The columns that change: the version goes up with them. None: the row stays as it is. */
  set?: RequestColumns;
  /** The change's one line in the timeline. */
  event: TimelineEvent;
  /** The version the change was made against (a form's hidden field): another is a conflict. */
  expectedVersion?: number;
  /** What the homeowner hears of it; nothing when absent. */
  news?: HomeownerNews;
  /** Money: rows the change adds to the request's ledger, or moves to another state. */
  ledger?: readonly LedgerChange[];
}

export type ChangeOutcome =
  | { ok: true; before: ServiceRequestRow; after: ServiceRequestRow }
  | { ok: false; reason: "conflict"; current: ServiceRequestRow };

/** The request, locked for the rest of the transaction, or null when there is none. */
export async function lockRequest(
  tx: Transaction,
  requestId: string,
): Promise<ServiceRequestRow | null> {
  return lockRequestRow(tx, requestId);
}

/**
 * Changes `locked` (a row `lockRequest` returned in this transaction) as `change` says, on behalf
 * of `actor`. A change made against another version is refused as a conflict, with nothing written.
 * `context` (the configuration, the private links, the clock) is needed only by a change with news.
 */
export async function changeRequest(
  tx: Transaction,
  locked: ServiceRequestRow,
  change: RequestChange,
  actor: Actor,
  context?: VisitContext,
): Promise<ChangeOutcome> {
  if (change.news && !context)
    throw new Error("A change with news for the homeowner needs its context");
  if (change.expectedVersion !== undefined && change.expectedVersion !== locked.version) {
    return { ok: false, reason: "conflict", current: locked };
  }
  let after = locked;
  const ledger = change.ledger ?? [];
  if ((change.set && Object.keys(change.set).length > 0) || ledger.length > 0) {
    const { request, visit, job } = splitColumns(change.set ?? {});
    const [written] = await tx
      .update(serviceRequests)
      .set({ ...request, version: sql`${serviceRequests.version} + 1` })
      .where(and(eq(serviceRequests.id, locked.id), eq(serviceRequests.version, locked.version)))
      .returning({
        visitNumber: serviceRequests.visitNumber,
        jobNumber: serviceRequests.jobNumber,
      });
    // Unreachable while the caller holds the lock `lockRequest` took: thrown, so that nothing the
    // caller wrote before calling the door is committed without its change.
    if (!written) throw new Error(`Service request ${locked.id} changed under its lock`);
    // The visit's columns are its row's: the current visit's, or the next visit's, begun here.
    if (Object.keys(visit).length > 0 || written.visitNumber !== locked.visitNumber) {
      await writeVisit(tx, locked.id, written.visitNumber, visit);
    }
    // The estimate's, the payment's and the warranty's columns are the current job's row.
    await writeJob(tx, locked.id, written.jobNumber, job);
    await writeLedger(tx, locked.id, written, ledger, context?.now() ?? new Date());
    const read = await readRequest(tx, locked.id);
    if (!read) throw new Error(`Service request ${locked.id} vanished under its lock`);
    after = read;
  }
  await writeTimelineEvent(tx, locked.id, change.event, actor);
  if (change.news && context) await tellHomeowner(tx, change.news, locked, after, context);
  // The homeowner's page shows the row and what was sent; a staff note or an owner's action on a
  // review changes neither, and stays between the office's views.
  await notifyListeners(tx, locked, { homeowner: after !== locked || change.news !== undefined });
  return { ok: true, before: locked, after };
}

/**
 * Writes one line of a lead's timeline. For a service request only the door calls it; a contact
 * message's status (a lead that is no request) is recorded through it too.
 */
export async function writeTimelineEvent(
  tx: Transaction,
  leadId: string,
  event: TimelineEvent,
  actor: Actor,
): Promise<void> {
  await tx.insert(leadEvents).values({
    id: randomUUID(),
    leadId,
    kind: event.kind,
    actorId: actor.id,
    actorName: actor.name,
    fromStatus: event.fromStatus ?? null,
    toStatus: event.toStatus ?? null,
    detail: event.detail,
  });
}

/**
 * Every open view of the request hears of the change: the office's channel reaches the inbox, the
 * lead page, the board and My day of everyone in that office; the request's channel its
 * homeowner's page. Each reloads what it shows, so nothing but "something changed" travels.
 */
async function notifyListeners(
  tx: Transaction,
  request: ServiceRequestRow,
  { homeowner }: { homeowner: boolean },
) {
  await tx.execute(sql`select pg_notify(${newLeadsChannel}, ${request.office})`);
  if (homeowner) {
    await tx.execute(sql`select pg_notify(${requestChangesChannel}, ${request.id})`);
  }
}
