/**
 * The warranty callback booked by the office: the homeowner calls ("the same noise again") and the
 * dispatcher books the no-charge visit from the lead page (one click from the customer's history),
 * as the homeowner could on their own page (../requests/warranty-callbacks.ts). The same rules: the
 * repair is done and paid with a warranty that runs today, no callback is booked yet. Booked as the
 * office books a return visit: a day, a window and a technician (the one who did the repair comes
 * first), the window's place taken as the office's bookings take it, the homeowner's confirmation
 * with its calendar event, texts and reminder; the office is not emailed about its own booking.
 */
import type { TimeSlotId } from "~/domain/time-slots";
import { callbackPending, maxCallbackProblemLength } from "~/domain/warranty";
import type { PostedForm } from "~/lib/bounded-body.server";

import type { Database } from "../db/database";
import { nextVisitChoiceErrors } from "../field/return-visits.server";
import { officeTechnicians } from "../field/technicians";
import { startNextVisit } from "../requests/next-visit";
import { lockRequest, staffActor } from "../requests/request-door";
import type { VisitContext } from "../requests/visit-changes";
import { offersOfficeCallback } from "../requests/warranty-callbacks";
import { findLead, visitText } from "./leads.server";
import type { StaffMember } from "./staff-accounts.server";

export interface OfficeCallbackChoice {
  version: number;
  date: string;
  window: string;
  technicianId: string;
  problem: string;
}

export type OfficeCallbackOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; fieldErrors: Partial<Record<string, string>> }
  | { ok: false; reason: "not-allowed" | "conflict"; message: string };

export function officeCallbackChoiceOf(form: PostedForm): OfficeCallbackChoice {
  const version = Number(form.text("version"));
  return {
    version: Number.isInteger(version) ? version : -1,
    date: form.text("scheduledDate"),
    window: form.text("scheduledWindow"),
    technicianId: form.text("technicianId"),
    problem: form.text("problem"),
  };
}

const conflictMessage =
  "This request changed while you had it open. Nothing of yours was saved: look at the change, then try again.";

export async function bookOfficeWarrantyCallback(
  db: Database,
  staff: StaffMember,
  requestId: string,
  choice: OfficeCallbackChoice,
  visits: VisitContext,
): Promise<OfficeCallbackOutcome> {
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
    "Choose the callback's date",
  );
  const problem = choice.problem.trim();
  if (problem === "") fieldErrors.problem = "Say what went wrong this time";
  else if (problem.length > maxCallbackProblemLength) {
    fieldErrors.problem = "Use at most 1,000 characters";
  }
  if (Object.keys(fieldErrors).length > 0 || !technician) {
    return { ok: false, reason: "invalid", fieldErrors };
  }
  const window = choice.window as TimeSlotId;

  return db.transaction(async (tx): Promise<OfficeCallbackOutcome> => {
    const row = await lockRequest(tx, lead.row.id);
    if (!row) return { ok: false, reason: "not-found" };
    if (row.version !== choice.version) {
      return { ok: false, reason: "conflict", message: conflictMessage };
    }
    if (!offersOfficeCallback(row, visits.now())) {
      return {
        ok: false,
        reason: "not-allowed",
        message: callbackPending(row)
          ? "A warranty callback is booked already."
          : "This repair has no warranty running today.",
      };
    }
    const started = await startNextVisit(
      tx,
      row,
      {
        date: choice.date,
        window,
        technician: { id: technician.id, name: technician.name },
        ended: { outcome: "done", detail: row.workDone ?? "" },
        placeTaken: false,
        set: {
          status: "scheduled",
          warrantyCallback: true,
          partNeeded: null,
          callbackProblem: problem,
          callbackPhotoId: null,
        },
        event: {
          kind: "warranty-callback",
          fromStatus: row.status,
          toStatus: "scheduled",
          detail: `Warranty callback booked by the office: ${visitText(choice.date, window)}, technician ${technician.name}. What went wrong: ${problem}`,
        },
        expectedVersion: choice.version,
      },
      staffActor(staff),
      visits,
    );
    return started.ok ? { ok: true } : { ok: false, reason: "conflict", message: conflictMessage };
  });
}
