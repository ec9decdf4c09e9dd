/**
 * The server's own bookkeeping on a service request, written inside a change the door
 * (./request-door.ts) is making, by what that change's news does: the window place the request
 * holds, the calendar's SEQUENCE, the review request's time and technician. No person sees these
 * columns change, so they move without a version or a timeline line. A module of its own, with no
 * import of the door, so that the door's news can reach it without an import cycle.
 */
import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";

import type { Transaction } from "../db/database";
import { serviceRequests } from "../db/schema";

/** The bookkeeping columns `writeBookkeeping` may write (the SEQUENCE has its own function). */
export type RequestBookkeeping = Pick<
  PgUpdateSetSource<typeof serviceRequests>,
  "heldDate" | "heldWindow" | "reviewRequestAt" | "reviewTechnicianId" | "reviewTechnician"
>;

/** Writes `set`, bookkeeping of the request `requestId` (locked by the change being made). */
export async function writeBookkeeping(
  tx: Transaction,
  requestId: string,
  set: RequestBookkeeping,
): Promise<void> {
  await tx.update(serviceRequests).set(set).where(eq(serviceRequests.id, requestId));
}

/** Raises the calendar SEQUENCE: every update sent to the homeowner's calendar needs a higher one. */
export async function nextCalendarSequence(tx: Transaction, requestId: string): Promise<number> {
  const [row] = await tx
    .update(serviceRequests)
    .set({ calendarSequence: sql`${serviceRequests.calendarSequence} + 1` })
    .where(eq(serviceRequests.id, requestId))
    .returning({ sequence: serviceRequests.calendarSequence });
  if (!row) throw new Error(`Service request ${requestId} is gone`);
  return row.sequence;
}
