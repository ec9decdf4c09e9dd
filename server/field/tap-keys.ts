/**
 * The key a technician's tap carries (My day's forms, the phone's offline queue): claimed in the
 * tap's own transaction, so a tap sent twice counts once and a key reused for another tap is
 * refused. A transaction that rolls back gives its key back.
 */
import { and, eq } from "drizzle-orm";

import type { Transaction } from "../db/database";
import { fieldTaps } from "../db/schema";

/** "fresh": the tap is new; "replay": this very tap was taken before; "reused": another was. */
export type TapKeyClaim = "fresh" | "replay" | "reused";

export async function claimTapKey(
  tx: Transaction,
  tap: { technicianId: string; key: string; requestId: string; action: string },
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
