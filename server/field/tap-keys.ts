/**
 * What every tap on My day (the field taps, the estimate, its answer, the payment) checks first:
 * the visit is the technician's own, and the key the tap carries (My day's forms, the phone's
 * offline queue) is claimed in the tap's own transaction, so a tap sent twice counts once and a
 * key reused for another tap is refused. A transaction that rolls back gives its key back.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";

import type { Transaction } from "../db/database";
import { fieldTaps, requestVisits, serviceRequests, type FieldStateBefore } from "../db/schema";
import type { StaffMember } from "../desk/staff-accounts.server";

/**
 * The visit is this technician's, in one of their offices, and not erased (for a query made with
 * `fromRequests`, which joins the current visit).
 */
export function ownVisit(requestId: string, staff: Pick<StaffMember, "id" | "offices">) {
  return and(
    eq(serviceRequests.id, requestId),
    eq(requestVisits.technicianId, staff.id),
    inArray(serviceRequests.office, staff.offices),
    isNull(serviceRequests.erasedAt),
  );
}

/** "fresh": the tap is new; "replay": this very tap was taken before; "reused": another was. */
export type TapKeyClaim = "fresh" | "replay" | "reused";

export async function claimTapKey(
  tx: Transaction,
  tap: {
    technicianId: string;
    key: string;
    requestId: string;
    action: string;
    /** The app's clock (a test's may differ from the database's): Undo's seconds count from it. */
    createdAt: Date;
    /** For a tap that can be undone: the visit's field state before it. */
    before?: FieldStateBefore;
  },
): Promise<TapKeyClaim> {
  const [fresh] = await tx
    .insert(fieldTaps)
    .values(tap)
    .onConflictDoNothing()
    .returning({ key: fieldTaps.key });
  if (fresh) return "fresh";
  const [earlier] = await tx
    .select({ requestId: fieldTaps.requestId, action: fieldTaps.action })
    .from(fieldTaps)
    .where(and(eq(fieldTaps.technicianId, tap.technicianId), eq(fieldTaps.key, tap.key)));
  return earlier?.requestId === tap.requestId && earlier.action === tap.action
    ? "replay"
    : "reused";
}
