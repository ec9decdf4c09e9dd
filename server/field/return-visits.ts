/**
 * The return visit: a technician tapped Needs a part, and the office books the visit that brings
 * it (from the lead page or the dispatch board). The visit that ended is kept in `request_visits`
 * with the window place it took; the request's booking becomes the return visit, with a place of
 * its own, its own calendar event (a new UID) and its own reminder.
 */
import { randomUUID } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";

import { profileForState } from "~/content/company";
import type { FieldStatus } from "~/domain/field";
import { isValidIsoDate } from "~/domain/service-request";
import type { TimeSlotId } from "~/domain/time-slots";
import type { PostedForm } from "~/lib/bounded-body.server";
import { isoDateIn } from "~/lib/dates";

import type { Database, Transaction } from "../db/database";
import { newLeadsChannel } from "../db/notifications";
import { leadEvents, requestVisits, serviceRequests } from "../db/schema";
import { findLead, visitText } from "../desk/leads";
import type { StaffMember } from "../desk/staff-accounts";
import { notifyRequestChanged } from "../requests/request-streams";
import {
  visitScheduled,
  type ServiceRequestRow,
  type VisitContext,
} from "../requests/visit-changes";
import { isTimeSlotId } from "../requests/windows";
import { officeTechnicians } from "./technicians";

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
 * Keeps the visit that ended (the request's booking as it stands) in `request_visits`, with how it
 * ended and the technician's words, before the request's booking becomes the next visit: a return
 * visit after a part, or a warranty callback after Done. Its window place stays used.
 */
export async function archiveEndedVisit(
  tx: Transaction,
  row: ServiceRequestRow,
  outcome: FieldStatus,
  detail: string,
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
  });
}

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
  const today = isoDateIn(visits.now(), profileForState(office).timeZone);
  const fieldErrors: Partial<Record<string, string>> = {};
  if (!isValidIsoDate(choice.date)) fieldErrors.scheduledDate = "Choose the return visit's date";
  else if (choice.date < today) fieldErrors.scheduledDate = "Choose today or a later day";
  if (!isTimeSlotId(choice.window)) fieldErrors.scheduledWindow = "Choose a window";
  if (!technician) fieldErrors.technicianId = "Choose the technician";
  if (Object.keys(fieldErrors).length > 0 || !technician) {
    return { ok: false, reason: "invalid", fieldErrors };
  }
  const window = choice.window as TimeSlotId;

  return db.transaction(async (tx): Promise<ReturnVisitOutcome> => {
    const found = await findLead(tx, staff, requestId);
    if (!found || found.kind !== "service-request") return { ok: false, reason: "not-found" };
    const { row } = found;
    if (row.version !== choice.version) {
      return {
        ok: false,
        reason: "conflict",
        message:
          "This request changed while you had it open. Nothing of yours was saved: look at the change, then try again.",
      };
    }
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
    const [after] = await tx
      .update(serviceRequests)
      .set({
        visitNumber: row.visitNumber + 1,
        scheduledDate: choice.date,
        scheduledWindow: window,
        technician: technician.name,
        technicianId: technician.id,
        fieldStatus: null,
        arrivingAt: null,
        cantFixReason: null,
        heldDate: null,
        heldWindow: null,
        version: sql`${serviceRequests.version} + 1`,
      })
      .where(and(eq(serviceRequests.id, row.id), eq(serviceRequests.version, choice.version)))
      .returning();
    if (!after) {
      return {
        ok: false,
        reason: "conflict",
        message:
          "This request changed while you had it open. Nothing of yours was saved: look at the change, then try again.",
      };
    }
    await archiveEndedVisit(tx, row, "needs-part", row.partNeeded ?? "");
    await tx.insert(leadEvents).values({
      id: randomUUID(),
      leadId: row.id,
      kind: "status",
      actorId: staff.id,
      actorName: staff.name,
      fromStatus: row.status,
      toStatus: "scheduled",
      detail: `Return visit ${visitText(choice.date, window)}, technician ${technician.name}`,
    });
    await visitScheduled(tx, after, visits);
    await tx.execute(sql`select pg_notify(${newLeadsChannel}, ${row.office})`);
    await notifyRequestChanged(tx, row.id);
    return { ok: true };
  });
}
