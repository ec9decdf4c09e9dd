/**
 * Undo on My day: for `undoSeconds` after On my way, Arrived or Needs a part (and a grace for a
 * slow network), the technician's card offers Undo. It puts the visit's field state back as the
 * tap found it (kept with the tap's key in `field_taps`), through the request's door, whose news
 * calls off what the tap wrote for the homeowner: that waits until Undo can no longer come
 * (./field-news.ts), so an undone tap has told the homeowner nothing. Only the technician's own
 * last tap on the visit, once; an Undo sent again is answered as the first was.
 */
import { and, desc, eq, gt, inArray, isNull } from "drizzle-orm";

import { isUndoable, undoLabels, undoSeconds, type FieldVisit } from "~/domain/field";
import type { PostedForm } from "~/lib/bounded-body.server";

import type { Database } from "../db/database";
import { fieldTaps, type FieldStateBefore } from "../db/schema";
import type { StaffMember } from "../desk/staff-accounts.server";
import { uuidPattern } from "../desk/leads.server";
import { ledgerOf } from "../requests/ledger";
import { changeRequest, staffActor } from "../requests/request-door";
import { lockRequestRow } from "../requests/request-rows";
import type { VisitContext } from "../requests/visit-changes";
import { NewsAlreadySent, undoGraceMs } from "./field-news";
import { ownVisit } from "./tap-keys";

export const undoMessages = {
  tooLate: "Too late to undo: the customer has been told. Tap again to correct it.",
  movedOn: "This visit has moved on since: reload My day.",
  depositAsked:
    "The customer has the deposit's pay link already: the office corrects the part instead.",
} as const;

export type UndoOutcome =
  | { ok: true; replayed: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "too-late"; message: string };

class UndoRefused extends Error {
  constructor(readonly why: string) {
    super("The tap cannot be undone");
  }
}

export async function undoFieldTap(
  db: Database,
  visits: VisitContext,
  staff: StaffMember,
  form: PostedForm,
): Promise<UndoOutcome> {
  const requestId = form.text("requestId");
  const key = form.text("tapKey");
  if (
    staff.role !== "technician" ||
    !uuidPattern.test(requestId) ||
    key.length < 8 ||
    key.length > 100
  ) {
    return { ok: false, reason: "not-found" };
  }
  const now = visits.now();
  return db
    .transaction(async (tx): Promise<UndoOutcome> => {
      const row = await lockRequestRow(tx, requestId, ownVisit(requestId, staff));
      if (!row) return { ok: false, reason: "not-found" };
      const [tap] = await tx
        .select()
        .from(fieldTaps)
        .where(
          and(
            eq(fieldTaps.technicianId, staff.id),
            eq(fieldTaps.key, key),
            eq(fieldTaps.requestId, requestId),
          ),
        );
      if (!tap || !isUndoable(tap.action) || !tap.before) return { ok: false, reason: "not-found" };
      if (tap.undoneAt) return { ok: true, replayed: true };
      if (now.getTime() - tap.createdAt.getTime() > undoSeconds * 1000 + undoGraceMs) {
        throw new UndoRefused(undoMessages.tooLate);
      }
      // Only the visit's last tap: one after it (Arrived after On my way, the estimate) stands on it.
      const [later] = await tx
        .select({ key: fieldTaps.key })
        .from(fieldTaps)
        .where(
          and(
            eq(fieldTaps.requestId, requestId),
            gt(fieldTaps.createdAt, tap.createdAt),
            isNull(fieldTaps.undoneAt),
          ),
        )
        .limit(1);
      if (later || row.status !== "scheduled") throw new UndoRefused(undoMessages.movedOn);
      // The tap was another visit's (the return visit was booked since): this one is not its.
      if (!isTapOfVisit(tap.before, row.visitNumber)) throw new UndoRefused(undoMessages.movedOn);
      // A deposit's pay link made since (a QR shown, the page's button tapped) stands: money may
      // be on its way. Undo would leave it paying a part no longer asked.
      if (
        tap.action === "needs-part" &&
        (await ledgerOf(tx, requestId, row.jobNumber)).some(
          (entry) => entry.kind === "deposit" && entry.createdAt >= tap.createdAt,
        )
      ) {
        throw new UndoRefused(undoMessages.depositAsked);
      }
      const before = tap.before;
      const changed = await changeRequest(
        tx,
        row,
        {
          set: {
            fieldStatus: before.fieldStatus,
            arrivingAt: before.arrivingAt ? new Date(before.arrivingAt) : null,
            partNeeded: before.partNeeded,
            ...(before.depositCents === undefined
              ? {}
              : {
                  partPriceCents: before.partPriceCents ?? null,
                  depositCents: before.depositCents,
                }),
          },
          event: {
            kind: "field",
            detail: `Undid ${undoLabels[tap.action]}: the customer was not told`,
          },
          news: { kind: "tap-undone", action: tap.action, tapAt: tap.createdAt },
        },
        staffActor(staff),
        visits,
      );
      if (!changed.ok) throw new UndoRefused(undoMessages.movedOn);
      await tx
        .update(fieldTaps)
        .set({ undoneAt: now })
        .where(and(eq(fieldTaps.technicianId, staff.id), eq(fieldTaps.key, key)));
      return { ok: true, replayed: false };
    })
    .catch((error: unknown): UndoOutcome => {
      if (error instanceof UndoRefused)
        return { ok: false, reason: "too-late", message: error.why };
      if (error instanceof NewsAlreadySent) {
        return { ok: false, reason: "too-late", message: undoMessages.tooLate };
      }
      throw error;
    });
}

/**
 * The tap was made on the request's visit `visitNumber` (a tap recorded before taps kept their
 * visit is taken to be the current visit's).
 */
function isTapOfVisit(before: FieldStateBefore | null, visitNumber: number): boolean {
  return before?.visitNumber === undefined || before.visitNumber === visitNumber;
}

/**
 * The Undo each of the technician's visits offers now: its last tap, when it can be undone, was
 * theirs, on the request's current visit, is not undone and is younger than `undoSeconds`.
 * `visits` maps each request's id to its current visit's number.
 */
export async function undoOffers(
  db: Database,
  staff: Pick<StaffMember, "id">,
  visits: ReadonlyMap<string, number>,
  now: Date,
): Promise<Map<string, NonNullable<FieldVisit["undo"]>>> {
  const offers = new Map<string, NonNullable<FieldVisit["undo"]>>();
  if (visits.size === 0) return offers;
  const since = new Date(now.getTime() - undoSeconds * 1000);
  const recent = await db
    .select()
    .from(fieldTaps)
    .where(and(inArray(fieldTaps.requestId, [...visits.keys()]), gt(fieldTaps.createdAt, since)))
    .orderBy(desc(fieldTaps.createdAt));
  const seen = new Set<string>();
  for (const tap of recent) {
    // An undone tap is as if it was never made: the one before it may be undone too.
    if (tap.undoneAt || seen.has(tap.requestId)) continue;
    seen.add(tap.requestId);
    if (tap.technicianId !== staff.id || !isUndoable(tap.action)) continue;
    const visitNumber = visits.get(tap.requestId);
    if (visitNumber === undefined || !isTapOfVisit(tap.before, visitNumber)) continue;
    offers.set(tap.requestId, {
      action: tap.action,
      key: tap.key,
      msLeft: tap.createdAt.getTime() + undoSeconds * 1000 - now.getTime(),
    });
  }
  return offers;
}
