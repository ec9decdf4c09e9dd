/**
 * The warranty, self-served ("Same problem again?"): while a paid repair is guaranteed, the
 * homeowner books a no-charge callback visit on the same request from their private page. The
 * visit that ended is kept in `request_visits` (as a return visit keeps it), the callback holds a
 * window place of its own, has its own calendar event and reminder, and the office is told at once.
 * The homeowner says what went wrong this time (and may send a photo of it): the words are kept
 * with the visit, said in its timeline line and shown on the technician's card.
 * The budget, the link and the lock are the page's (homeowner-requests.ts); this is what is booked.
 */
import { formatCalendarDate } from "~/domain/after-the-job";
import type { OpenWindow } from "~/domain/availability";
import { timeSlots, type TimeSlotId } from "~/domain/time-slots";
import { formatVisit, formatVisitDay } from "~/domain/visit";
import { callbackPending, warrantyMessages, type WarrantyView } from "~/domain/warranty";
import { displayDate, isoDateIn } from "~/lib/dates";

import type { Database, Transaction } from "../db/database";
import { officeTechnicians } from "../field/technicians";
import { startNextVisit } from "./next-visit";
import { storePhoto } from "./photo-store";
import type { PreparedPhoto } from "./photos";
import { customer } from "./request-door";
import { officeOf, rescheduleDays } from "./request-view";
import type { ServiceRequestRow, VisitContext } from "./visit-changes";
import { availability, capacityOf, isBookableInTime, takePlace } from "./windows";

export type WarrantyCallbackOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | {
      ok: false;
      reason: "invalid" | "not-allowed" | "booked" | "ended";
      message: string;
      /** The form's field the refusal is about (its words, its photo); none: the window. */
      field?: "problem" | "photo";
    }
  | { ok: false; reason: "full"; message: string; openWindows: OpenWindow[] };

/** The repair is done, paid with a warranty, and `today` (office time) is not past its last day. */
export function underWarranty(row: ServiceRequestRow, today: string): boolean {
  return (
    row.status === "completed" &&
    row.fieldStatus === "done" &&
    row.warrantyEnds !== null &&
    today <= row.warrantyEnds
  );
}

/** The lead page offers the callback: the repair is under warranty today and none is booked. */
export function offersOfficeCallback(row: ServiceRequestRow, now: Date): boolean {
  const today = todayOf(row, now);
  return row.erasedAt === null && !callbackPending(row) && underWarranty(row, today);
}

function todayOf(row: ServiceRequestRow, now: Date): string {
  return isoDateIn(now, officeOf(row).timeZone);
}

/** What the private page's warranty section shows; null while the repair is not done. */
export async function warrantyView(
  db: Database,
  row: ServiceRequestRow,
  { now, defaultCapacity }: { now: Date; defaultCapacity: number },
): Promise<WarrantyView | null> {
  const spanish = row.language === "es";
  const ends = row.warrantyEnds
    ? spanish
      ? displayDate(row.warrantyEnds, "es")
      : formatCalendarDate(row.warrantyEnds)
    : null;
  if (callbackPending(row)) return { state: "booked", ends, problem: row.callbackProblem };
  if (row.status !== "completed" || row.fieldStatus !== "done") return null;
  const today = todayOf(row, now);
  if (!underWarranty(row, today) || !ends) return { state: "ended", ends };
  const office = officeOf(row);
  const days = await availability(db, office, {
    from: today,
    days: rescheduleDays,
    now,
    defaultCapacity,
  });
  const options = days.flatMap((day) =>
    day.windows.flatMap((window) =>
      window.state === "open"
        ? [
            {
              date: day.date,
              window: window.id,
              label: formatVisit(day.date, window.id, office.timeZoneLabel, { spanish }),
            },
          ]
        : [],
    ),
  );
  return { state: "open", ends, options };
}

/** What the homeowner asks for: the window, what went wrong (checked words), and its photo. */
export interface CallbackRequest {
  date: string;
  window: TimeSlotId;
  problem: string;
  photo: PreparedPhoto | null;
}

/**
 * Books the callback `asked` for `row`, the request locked by the caller's transaction. Of any
 * number of posts at once, the lock lets one through: the others find it booked.
 */
export async function bookWarrantyCallback(
  tx: Transaction,
  row: ServiceRequestRow,
  asked: CallbackRequest,
  context: VisitContext,
): Promise<WarrantyCallbackOutcome> {
  const choice = { date: asked.date, window: asked.window };
  const now = context.now();
  if (row.status === "cancelled" || row.status === "spam") {
    return { ok: false, reason: "not-allowed", message: warrantyMessages.cancelled };
  }
  if (callbackPending(row)) {
    return { ok: false, reason: "booked", message: warrantyMessages.alreadyBooked };
  }
  if (row.status !== "completed" || row.fieldStatus !== "done" || !row.warrantyEnds) {
    return { ok: false, reason: "not-allowed", message: warrantyMessages.none };
  }
  if (!underWarranty(row, todayOf(row, now))) {
    return { ok: false, reason: "ended", message: warrantyMessages.ended(row.warrantyEnds) };
  }
  const place = { office: row.office, ...choice };
  const capacity = await capacityOf(tx, place, context.config.WINDOW_CAPACITY);
  // A Sunday, a closed day or a window about to start is never offered.
  if (capacity <= 0 || !isBookableInTime(place, now)) {
    return { ok: false, reason: "invalid", message: "Choose one of the open windows." };
  }
  // The place is taken first: refused, nothing else was written.
  if (!(await takePlace(tx, place, capacity))) {
    return { ok: false, reason: "full", message: "That window just filled up", openWindows: [] };
  }
  // The technician who did the repair goes back, while they still work the office; else dispatch assigns.
  const technician = row.technicianId
    ? (await officeTechnicians(tx, row.office)).find(
        (candidate) => candidate.id === row.technicianId,
      )
    : undefined;
  const slot = timeSlots.find((candidate) => candidate.id === choice.window);
  // In the booking's own transaction, once nothing refuses it any more.
  const photoId = asked.photo ? await storePhoto(tx, row.id, asked.photo) : null;
  const started = await startNextVisit(
    tx,
    row,
    {
      ...choice,
      technician: technician ? { id: technician.id, name: technician.name } : null,
      ended: { outcome: "done", detail: row.workDone ?? "" },
      placeTaken: true,
      set: {
        status: "scheduled",
        warrantyCallback: true,
        partNeeded: null,
        callbackProblem: asked.problem,
        callbackPhotoId: photoId,
      },
      event: {
        kind: "warranty-callback",
        fromStatus: row.status,
        toStatus: "scheduled",
        detail: `Warranty callback booked by the customer: ${formatVisitDay(choice.date)}, ${slot?.label.toLowerCase() ?? choice.window}. What went wrong: ${asked.problem}${photoId ? " (with a photo)" : ""}`,
      },
      // The homeowner's confirmation with its own calendar event, texts and reminder; the office's email.
      news: { kind: "warranty-callback-booked" },
    },
    customer,
    context,
  );
  return started.ok ? { ok: true } : { ok: false, reason: "not-found" };
}
