/**
 * The return visit: a technician tapped Needs a part, and the office books the visit that brings
 * it (from the lead page or the dispatch board). The visit that ended is kept in `request_visits`
 * with the window place it took; the request's booking becomes the return visit, with a place of
 * its own, its own calendar event (a new UID) and its own reminder (../requests/next-visit.ts).
 */
import { profileForState } from "~/content/company";
import type { StateSlug } from "~/content/states";
import { isValidIsoDate } from "~/domain/service-request";
import type { TimeSlotId } from "~/domain/time-slots";
import type { PostedForm } from "~/lib/bounded-body.server";
import { isoDateIn } from "~/lib/dates";

import type { Database } from "../db/database";
import { findLead, visitText } from "../desk/leads.server";
import type { StaffMember } from "../desk/staff-accounts.server";
import { bookableDayRefusal } from "../requests/bookable-days";
import { startNextVisit } from "../requests/next-visit";
import { lockRequest, staffActor } from "../requests/request-door";
import type { VisitContext } from "../requests/visit-changes";
import { isTimeSlotId } from "../requests/windows";
import { officeTechnicians, type OfficeTechnician } from "./technicians";

export interface ReturnVisitChoice {
  version: number;
  date: string;
  window: string;
  technicianId: string;
}

export type ReturnVisitOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; fieldErrors: Partial<Record<string, string>> }
  | { ok: false; reason: "not-allowed" | "conflict"; message: string };

/** What the lead page's and the board's forms post. */
export function returnVisitChoiceOf(form: PostedForm, day?: string): ReturnVisitChoice {
  const version = Number(form.text("version"));
  return {
    version: Number.isInteger(version) ? version : -1,
    date: day ?? form.text("scheduledDate"),
    window: form.text("scheduledWindow") || form.text("window"),
    technicianId: form.text("technicianId"),
  };
}

/**
 * What is wrong with the office's choice of a next visit (a return visit, a warranty callback):
 * a bookable day from today on, a window, one of the office's technicians.
 */
export function nextVisitChoiceErrors(
  choice: Pick<ReturnVisitChoice, "date" | "window">,
  office: StateSlug,
  technician: OfficeTechnician | undefined,
  visits: VisitContext,
  dateMessage: string,
): Partial<Record<string, string>> {
  const today = isoDateIn(visits.now(), profileForState(office).timeZone);
  const fieldErrors: Partial<Record<string, string>> = {};
  if (!isValidIsoDate(choice.date)) fieldErrors.scheduledDate = dateMessage;
  else if (choice.date < today) fieldErrors.scheduledDate = "Choose today or a later day";
  else {
    const horizon = visits.config.BOOKING_DAYS_AHEAD;
    const refusal = bookableDayRefusal(choice.date, office, visits.now(), horizon);
    if (refusal) fieldErrors.scheduledDate = refusal;
  }
  if (!isTimeSlotId(choice.window)) fieldErrors.scheduledWindow = "Choose a window";
  if (!technician) fieldErrors.technicianId = "Choose the technician";
  return fieldErrors;
}

/** A form made against an older version: the conflict comes first, whatever else changed. */
const conflictMessage =
  "This request changed while you had it open. Nothing of yours was saved: look at the change, then try again.";

export async function bookReturnVisit(
  db: Database,
  staff: StaffMember,
  requestId: string,
  choice: ReturnVisitChoice,
  visits: VisitContext,
): Promise<ReturnVisitOutcome> {
  const lead = await findLead(db, staff, requestId);
  if (!lead || lead.kind !== "service-request") return { ok: false, reason: "not-found" };
  const office = lead.row.office;
  const technician = (await officeTechnicians(db, office)).find(
    (candidate) => candidate.id === choice.technicianId,
  );
  const fieldErrors = nextVisitChoiceErrors(
    choice,
    office,
    technician,
    visits,
    "Choose the return visit's date",
  );
  if (Object.keys(fieldErrors).length > 0 || !technician) {
    return { ok: false, reason: "invalid", fieldErrors };
  }
  const window = choice.window as TimeSlotId;

  return db.transaction(async (tx): Promise<ReturnVisitOutcome> => {
    const found = await findLead(tx, staff, requestId);
    if (!found || found.kind !== "service-request") return { ok: false, reason: "not-found" };
    const row = await lockRequest(tx, found.row.id);
    if (!row) return { ok: false, reason: "not-found" };
    if (row.version !== choice.version)
      return { ok: false, reason: "conflict", message: conflictMessage };
    if (
      row.status !== "scheduled" ||
      row.fieldStatus !== "needs-part" ||
      row.erasedAt !== null ||
      !row.scheduledDate ||
      !row.scheduledWindow
    ) {
      return {
        ok: false,
        reason: "not-allowed",
        message: "This request is not waiting for a part.",
      };
    }
    // The visit that ended keeps its place: it was used. The return visit takes one of its own.
    const started = await startNextVisit(
      tx,
      row,
      {
        date: choice.date,
        window,
        technician: { id: technician.id, name: technician.name },
        ended: { outcome: "needs-part", detail: row.partNeeded ?? "" },
        placeTaken: false,
        event: {
          kind: "status",
          fromStatus: row.status,
          toStatus: "scheduled",
          detail: `Return visit ${visitText(choice.date, window)}, technician ${technician.name}`,
        },
        expectedVersion: choice.version,
      },
      staffActor(staff),
      visits,
    );
    return started.ok ? { ok: true } : { ok: false, reason: "conflict", message: conflictMessage };
  });
}
