/**
 * The next visit on a request, started in one place: the return visit the office books after a
 * technician's Needs a part (../field/return-visits.ts), and the warranty callback the homeowner
 * books after Done (./warranty-callbacks.ts). The visit that ended is kept in `request_visits` with
 * how it ended (its window place stays used), and the request's booking becomes the next visit:
 * one more visit number, its day, window and technician, the field state blank again, a window
 * place of its own. It is a change like any other: it passes through the door (./request-door.ts),
 * which writes its timeline line, tells every listener, and books the homeowner's calendar event,
 * texts and reminder for it (a new UID per visit). A service call recorded after the ended visit's
 * Can't fix goes with that visit, and the request's payment is blank again: the next visit is
 * estimated and paid on its own, and a second Can't fix records a service call of its own.
 */
import { and, eq } from "drizzle-orm";

import type { FieldStatus } from "~/domain/field";
import type { TimeSlotId } from "~/domain/time-slots";

import type { Transaction } from "../db/database";
import { requestVisits, type VisitServiceCall } from "../db/schema";
import { recordedServiceCall } from "../field/service-call";
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

/** No payment recorded: the next visit's, once the ended visit has taken its service call. */
const unpaidColumns = {
  paymentMethod: null,
  paymentCents: null,
  paidAt: null,
  paymentFor: null,
  noChargeReason: null,
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
  const serviceCall = recordedServiceCall(locked);
  const outcome = await changeRequest(
    tx,
    locked,
    {
      set: {
        // What went wrong before a warranty callback is that visit's: its own `set` says it again.
        callbackProblem: null,
        callbackPhotoId: null,
        ...next.set,
        ...freshFieldColumns,
        ...(serviceCall ? unpaidColumns : {}),
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
    await archiveEndedVisit(tx, locked, next.ended.outcome, next.ended.detail, serviceCall);
  }
  return outcome;
}

/**
 * Cancels the warranty callback `locked` waits for (locked in this transaction), and only it: the
 * repair it followed is the request's visit again, completed, paid and guaranteed as before, so
 * its receipt, its review and a new callback are there as they were. The callback's place is
 * given back and its calendar event cancelled (the door's visit-cancelled news, told of the
 * callback as it stood); its line in the timeline says it was called off.
 */
export async function cancelPendingCallback(
  tx: Transaction,
  locked: ServiceRequestRow,
  actor: Actor,
  context: VisitContext,
  { detail, by }: { detail: string; by: "customer" | "office" },
): Promise<ChangeOutcome> {
  const where = and(
    eq(requestVisits.requestId, locked.id),
    eq(requestVisits.number, locked.visitNumber - 1),
  );
  const [repair] = await tx.select().from(requestVisits).where(where);
  if (!repair) throw new Error(`Service request ${locked.id} has no visit before its callback`);
  const outcome = await changeRequest(
    tx,
    locked,
    {
      set: {
        ...freshFieldColumns,
        status: "completed",
        fieldStatus: repair.outcome,
        warrantyCallback: false,
        callbackProblem: null,
        callbackPhotoId: null,
        visitNumber: repair.number,
        scheduledDate: repair.date,
        scheduledWindow: repair.window,
        technician: repair.technician,
        technicianId: repair.technicianId,
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
  // The repair is the current visit again: its row leaves the earlier visits.
  if (outcome.ok) await tx.delete(requestVisits).where(where);
  return outcome;
}

/**
 * Keeps the visit that ended (`row`'s booking as it stood) in `request_visits`, with how it ended,
 * the technician's words and the service call recorded for it. A request never booked has no
 * visit to keep.
 */
async function archiveEndedVisit(
  tx: Transaction,
  row: ServiceRequestRow,
  outcome: FieldStatus,
  detail: string,
  serviceCall: VisitServiceCall | null,
): Promise<void> {
  if (!row.scheduledDate || !row.scheduledWindow) return;
  await tx.insert(requestVisits).values({
    requestId: row.id,
    number: row.visitNumber,
    date: row.scheduledDate,
    window: row.scheduledWindow,
    technicianId: row.technicianId,
    technician: row.technician ?? "",
    outcome,
    detail,
    serviceCall,
  });
}
