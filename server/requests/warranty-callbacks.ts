/**
 * The warranty, self-served ("Same problem again?"): while a paid repair is guaranteed, the
 * homeowner books a no-charge callback visit on the same request from their private page. The
 * visit that ended is kept in `request_visits` (as a return visit keeps it), the callback holds a
 * window place of its own, has its own calendar event and reminder, and the office is told at once.
 * The budget, the link and the lock are the page's (homeowner-requests.ts); this is what is booked.
 */
import { formatCalendarDate } from "~/domain/after-the-job";
import type { OpenWindow } from "~/domain/availability";
import { timeSlots, type TimeSlotId } from "~/domain/time-slots";
import { formatVisit, formatVisitDay } from "~/domain/visit";
import { callbackPending, warrantyMessages, type WarrantyView } from "~/domain/warranty";
import { isoDateIn } from "~/lib/dates";

import type { Database, Transaction } from "../db/database";
import { officeTechnicians } from "../field/technicians";
import { startNextVisit } from "./next-visit";
import { customer } from "./request-door";
import { officeOf, rescheduleDays } from "./request-view";
import type { ServiceRequestRow, VisitContext } from "./visit-changes";
import { availability, capacityOf, isBookableInTime, takePlace } from "./windows";

export type WarrantyCallbackOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid" | "not-allowed" | "booked" | "ended"; message: string }
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

function todayOf(row: ServiceRequestRow, now: Date): string {
  return isoDateIn(now, officeOf(row).timeZone);
}

/** What the private page's warranty section shows; null while the repair is not done. */
export async function warrantyView(
  db: Database,
  row: ServiceRequestRow,
  { now, defaultCapacity }: { now: Date; defaultCapacity: number },
): Promise<WarrantyView | null> {
  const ends = row.warrantyEnds ? formatCalendarDate(row.warrantyEnds) : null;
  if (callbackPending(row)) return { state: "booked", ends };
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
              label: formatVisit(day.date, window.id, office.timeZoneLabel),
            },
          ]
        : [],
    ),
  );
  return { state: "open", ends, options };
}

/**
 * Books the callback in `choice` for `row`, the request locked by the caller's transaction. Of
 * any number of posts at once, the lock lets one through: the others find it booked.
 */
export async function bookWarrantyCallback(
  tx: Transaction,
  row: ServiceRequestRow,
  choice: { date: string; window: TimeSlotId },
  context: VisitContext,
): Promise<WarrantyCallbackOutcome> {
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
  const started = await startNextVisit(
    tx,
    row,
    {
      ...choice,
      technician: technician ? { id: technician.id, name: technician.name } : null,
      ended: { outcome: "done", detail: row.workDone ?? "" },
      placeTaken: true,
      set: { status: "scheduled", warrantyCallback: true, partNeeded: null },
      event: {
        kind: "warranty-callback",
        fromStatus: row.status,
        toStatus: "scheduled",
        detail: `Warranty callback booked by the customer: ${formatVisitDay(choice.date)}, ${slot?.label.toLowerCase() ?? choice.window}`,
      },
      // The homeowner's confirmation with its own calendar event, texts and reminder; the office's email.
      news: { kind: "warranty-callback-booked" },
    },
    customer,
    context,
  );
  return started.ok ? { ok: true } : { ok: false, reason: "not-found" };
}
