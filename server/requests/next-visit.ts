/**
 * The next visit on a request, started in one place: the return visit the office books after a
 * technician's Needs a part (../field/return-visits.server.ts), and the warranty callback the homeowner
 * books after Done (./warranty-callbacks.ts). The visit that ended keeps its row of
 * `request_visits` with how it ended (its window place stays used), and the next visit is a row of
 * its own, the request's current one: one more visit number, its day, window and technician, no
 * field state yet, a window place of its own. It is a change like any other: it passes through the door (./request-door.ts),
 * which writes its timeline line, tells every listener, and books the homeowner's calendar event,
 * texts and reminder for it (a new UID per visit). A service call recorded after the ended visit's
 * Can't fix goes with that visit, and the request's payment is blank again: the next visit is
 * estimated and paid on its own, and a second Can't fix records a service call of its own.
 */
import { and, eq } from "drizzle-orm";

import type { FieldStatus } from "~/domain/field";
import type { TimeSlotId } from "~/domain/time-slots";

import type { Transaction } from "../db/database";
import { requestJobs, requestVisits } from "../db/schema";
import type { HomeownerNews } from "./homeowner-news";
import {
  changeRequest,
  type Actor,
  type ChangeOutcome,
  type RequestColumns,
  type TimelineEvent,
} from "./request-door";
import type { ServiceRequestRow, VisitContext } from "./visit-changes";

/** The field state a visit starts with: no tap yet. The desk's booking blanks it the same way. */
export const freshFieldColumns = {
  fieldStatus: null,
  arrivingAt: null,
  cantFixReason: null,
} as const satisfies RequestColumns;

export interface NextVisit {
  date: string;
  window: TimeSlotId;
  /** Who goes; none when dispatch is still to assign one. */
  technician: { id: string; name: string } | null;
  /** How the visit that ended ended, and the technician's words about it (the part, the work). */
  ended: { outcome: FieldStatus; detail: string };
  /**
   * The caller already took the next visit's window place (within the window's capacity), which
   * the request now holds; otherwise the booking takes one, as the office's bookings do.
   */
  placeTaken: boolean;
  /** What else the next visit changes on the request (a callback's status, its flag). */
  set?: RequestColumns;
  /** Its one line in the timeline. */
  event: TimelineEvent;
  /** The version the change was made against (a form's hidden field). */
  expectedVersion?: number;
  /** What the homeowner (and the office) hear of it: by default the booked visit's news. */
  news?: HomeownerNews;
}

/**
 * Starts `next` on `locked` (locked in this transaction, its visit over), on behalf of `actor`.
 * A conflict changes nothing, the ended visit included.
 */
export async function startNextVisit(
  tx: Transaction,
  locked: ServiceRequestRow,
  next: NextVisit,
  actor: Actor,
  context: VisitContext,
): Promise<ChangeOutcome> {
  const outcome = await changeRequest(
    tx,
    locked,
    {
      set: {
        // The part it brings, and the work done so far (a warranty visit's email, the review and
        // My day read them), until the next visit's own taps write its own; a warranty visit's
        // return visit is the warranty's too (no charge, its own cancel).
        warrantyCallback: locked.warrantyCallback,
        partNeeded: locked.partNeeded,
        workDone: locked.workDone,
        partsUsed: locked.partsUsed,
        amountChargedCents: locked.amountChargedCents,
        doneAt: locked.doneAt,
        ...next.set,
        ...freshFieldColumns,
        visitNumber: locked.visitNumber + 1,
        scheduledDate: next.date,
        scheduledWindow: next.window,
        technician: next.technician?.name ?? null,
        technicianId: next.technician?.id ?? null,
        // The ended visit's place stays used: the next one holds the place just taken, or none
        // until the booking's news takes one.
        heldDate: next.placeTaken ? next.date : null,
        heldWindow: next.placeTaken ? next.window : null,
      },
      event: next.event,
      expectedVersion: next.expectedVersion,
      news: next.news ?? { kind: "visit-booked" },
    },
    actor,
    context,
  );
  if (outcome.ok) {
    await archiveEndedVisit(tx, locked, next.ended.outcome, next.ended.detail);
  }
  return outcome;
}

/**
 * Cancels the warranty callback `locked` waits for (locked in this transaction), and only it: the
 * repair it followed is the request's visit again, completed, paid and guaranteed as before, so
 * its receipt, its review and a new callback are there as they were. The callback's place is
 * given back and its calendar event cancelled (the door's visit-cancelled news, told of the
 * callback as it stood); its line in the timeline says it was called off. New work its technician
 * had estimated on it (../field/warranty-work.ts) is called off with it.
 */
export async function cancelPendingCallback(
  tx: Transaction,
  locked: ServiceRequestRow,
  actor: Actor,
  context: VisitContext,
  { detail, by }: { detail: string; by: "customer" | "office" },
): Promise<ChangeOutcome> {
  const [repair] = await tx
    .select({ number: requestVisits.number })
    .from(requestVisits)
    .where(
      and(eq(requestVisits.requestId, locked.id), eq(requestVisits.number, locked.visitNumber - 1)),
    );
  if (!repair) throw new Error(`Service request ${locked.id} has no visit before its callback`);
  // New work its technician estimated goes with it (unpaid: the visit was not done).
  const newWork = locked.jobStartedOnVisit === locked.visitNumber && locked.paidAt === null;
  const outcome = await changeRequest(
    tx,
    locked,
    {
      // The repair's row holds its day, technician and field state as they were.
      set: {
        status: "completed",
        visitNumber: repair.number,
        ...(newWork ? { jobNumber: locked.jobNumber - 1 } : {}),
      },
      event: {
        kind: "warranty-callback",
        fromStatus: locked.status,
        toStatus: "completed",
        detail,
      },
      news: { kind: "visit-cancelled", by },
    },
    actor,
    context,
  );
  // The callback that never happened leaves the visits, and its new work the jobs.
  if (outcome.ok) {
    await tx
      .delete(requestVisits)
      .where(
        and(eq(requestVisits.requestId, locked.id), eq(requestVisits.number, locked.visitNumber)),
      );
    if (newWork) {
      await tx
        .delete(requestJobs)
        .where(and(eq(requestJobs.requestId, locked.id), eq(requestJobs.number, locked.jobNumber)));
    }
  }
  return outcome;
}

/**
 * Writes how the visit that ended (`row`'s current visit as it stood) ended on its row: the
 * outcome and the technician's words (its service call is the ledger's row of that visit).
 */
async function archiveEndedVisit(
  tx: Transaction,
  row: ServiceRequestRow,
  outcome: FieldStatus,
  detail: string,
): Promise<void> {
  await tx
    .update(requestVisits)
    .set({ fieldStatus: outcome, detail })
    .where(and(eq(requestVisits.requestId, row.id), eq(requestVisits.number, row.visitNumber)));
}
