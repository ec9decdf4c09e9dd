import { randomUUID } from "node:crypto";

import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { stateBySlug, type StateSlug } from "~/content/states";
import { leadStatusLabels, statusesAfter } from "~/domain/leads";
import { deskVisitStyle, formatVisit } from "~/domain/visit";
import {
  type LeadEmailView,
  type LeadField,
  type LeadView,
  type StatusChange,
} from "~/domain/lead-view";

import type { Database, Transaction } from "../db/database";
import { contactMessages, leadEvents, outbox, serviceRequests } from "../db/schema";
import {
  cancelReminders,
  heldPlaceOf,
  movePlace,
  holdsNoPlace,
  visitCancelled,
  visitOf,
  visitScheduled,
  type ServiceRequestRow,
  type VisitContext,
} from "../requests/visit-changes";
import { photoBytes, photosOfRequest } from "../requests/homeowner-requests";
import { isBookableInTime } from "../requests/windows";
import type { StaffMember } from "./staff-accounts";

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A photo a homeowner added to a request of the person's offices, or null. */
export function leadPhoto(
  db: Database,
  staff: StaffMember,
  leadId: string,
  photoId: string,
): Promise<{ contentType: string; data: Buffer } | null> {
  return uuidPattern.test(leadId) && uuidPattern.test(photoId)
    ? photoBytes(db, leadId, photoId, staff.offices)
    : Promise.resolve(null);
}

type Query = Database | Transaction;

type FoundLead =
  | { kind: "service-request"; row: typeof serviceRequests.$inferSelect }
  | { kind: "contact-message"; row: typeof contactMessages.$inferSelect };

/** A lead of one of the person's offices, or null: another office's lead does not exist for them. */
async function findLead(db: Query, staff: StaffMember, id: string): Promise<FoundLead | null> {
  if (!uuidPattern.test(id) || staff.offices.length === 0) return null;
  const [request] = await db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.id, id), inArray(serviceRequests.office, staff.offices)));
  if (request) return { kind: "service-request", row: request };
  const [message] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.id, id), inArray(contactMessages.office, staff.offices)));
  return message ? { kind: "contact-message", row: message } : null;
}

function officeTime(office: StateSlug, instant: Date) {
  const profile = profileForState(office);
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone: profile.timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(instant);
  return `${text} ${profile.timeZoneLabel}`;
}

/** A visit as the desk writes it: "July 15, 2031, morning (8:00 AM - 12:00 PM)". */
function visitText(date: string | null, window: string | null) {
  return formatVisit(date, window, null, deskVisitStyle);
}

function fieldsOf(lead: FoundLead): LeadField[] {
  if (lead.kind === "contact-message") {
    const { row } = lead;
    return [
      { label: "Name", value: `${row.name} ${row.lastName}` },
      { label: "Email", value: row.email },
      { label: "Phone", value: row.phone },
      { label: "Subject", value: row.subject },
      { label: "Message", value: row.message },
    ];
  }
  const { row } = lead;
  return [
    { label: "Appliance", value: row.selectedAppliance },
    { label: "Name", value: row.name },
    { label: "Email", value: row.email },
    { label: "Phone", value: row.phone },
    { label: "Address", value: row.address },
    { label: "ZIP code", value: row.zipCode },
    {
      label: "Requested visit",
      value: `${visitText(row.preferredDate, row.preferredTime)}${holdsNoPlace(row) ? " (no place held: call to confirm a time)" : ""}`,
    },
    { label: "Brand", value: row.brand },
    { label: "Model", value: row.model },
    { label: "Serial number", value: row.serialNumber },
    { label: "Problem", value: row.description },
    { label: "Notes from the customer", value: row.notes },
    ...(row.scheduledDate
      ? [
          {
            label: "Booked visit",
            value: `${visitText(row.scheduledDate, row.scheduledWindow)}, technician ${row.technician ?? ""}`,
          },
        ]
      : []),
  ];
}

function purposeOf(kind: string) {
  if (kind.endsWith(".company")) return "To the office";
  if (kind.endsWith(".customer") || kind.endsWith(".visitor")) return "To the customer";
  return kind;
}

function emailState(office: StateSlug, email: typeof outbox.$inferSelect): string {
  switch (email.status) {
    case "sent":
      return `Sent ${email.sentAt ? officeTime(office, email.sentAt) : ""}`.trim();
    case "cancelled":
      return email.lastError ?? "Not needed";
    case "dead":
      return `Given up after ${email.attempts} attempt${email.attempts === 1 ? "" : "s"}`;
    case "sending":
      return "Sending";
    case "pending":
      return email.attempts === 0
        ? "Waiting"
        : `Failed ${email.attempts} time${email.attempts === 1 ? "" : "s"}; trying again ${officeTime(office, email.nextAttemptAt)}`;
  }
}

export async function leadView(
  db: Database,
  staff: StaffMember,
  id: string,
): Promise<LeadView | null> {
  const lead = await findLead(db, staff, id);
  if (!lead) return null;
  const { row } = lead;
  const [emails, events, photos] = await Promise.all([
    db.select().from(outbox).where(eq(outbox.subjectId, row.id)).orderBy(asc(outbox.createdAt)),
    db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, row.id))
      .orderBy(asc(leadEvents.at), asc(leadEvents.id)),
    lead.kind === "service-request" ? photosOfRequest(db, row.id, staff.offices) : [],
  ]);
  const emailViews: LeadEmailView[] = emails.map((email) => ({
    id: email.id,
    purpose: purposeOf(email.kind),
    to: email.message.to,
    subject: email.message.subject,
    state: emailState(row.office, email),
    lastError: email.status === "cancelled" ? null : email.lastError,
    canSendAgain: email.status === "dead",
  }));
  const title =
    lead.kind === "service-request"
      ? `${lead.row.name}: ${lead.row.selectedAppliance}`
      : `${lead.row.name} ${lead.row.lastName}: ${lead.row.subject}`;
  const scheduled =
    lead.kind === "service-request"
      ? {
          date: lead.row.scheduledDate ?? "",
          window: lead.row.scheduledWindow ?? "",
          technician: lead.row.technician ?? "",
        }
      : { date: "", window: "", technician: "" };
  return {
    id: row.id,
    kind: lead.kind,
    title,
    status: row.status,
    version: row.version,
    officeName: stateBySlug(row.office)?.name ?? row.office,
    receivedAt: officeTime(row.office, row.createdAt),
    fields: fieldsOf(lead),
    emails: emailViews,
    timeline: [
      {
        id: "received",
        at: officeTime(row.office, row.createdAt),
        who: "Website",
        what: lead.kind === "service-request" ? "Service request received" : "Message received",
      },
      ...events.map((event) => ({
        id: event.id,
        at: officeTime(row.office, event.at),
        who: event.actorName,
        what: describeEvent(event),
      })),
    ],
    nextStatuses: statusesAfter(lead.kind, row.status),
    scheduled,
    photos: photos.map((photo) => ({
      id: photo.id,
      url: `/office/leads/${row.id}/photos/${photo.id}`,
      width: photo.width,
      height: photo.height,
      size: `${Math.max(1, Math.round(photo.byteSize / 1024))} KB`,
    })),
  };
}

function describeEvent(event: typeof leadEvents.$inferSelect) {
  switch (event.kind) {
    case "status": {
      const from = event.fromStatus ? leadStatusLabels[event.fromStatus] : "";
      const to = event.toStatus ? leadStatusLabels[event.toStatus] : "";
      const change = from === to ? `Booked again: ${to}` : `Status: ${from} → ${to}`;
      return event.detail ? `${change} (${event.detail})` : change;
    }
    case "note":
      return `Note: ${event.detail}`;
    case "email-resent":
      return `Email sent again: ${event.detail}`;
    case "rescheduled":
      return event.toStatus
        ? `Moved by the customer, to be confirmed again (${event.detail})`
        : `Moved by the customer (${event.detail})`;
    case "photos":
      return `Photos: ${event.detail}`;
    case "repeated":
      return event.detail;
  }
}

export type LeadChangeOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; message: string }
  | { ok: false; reason: "conflict"; message: string };

async function conflictMessage(db: Query, office: StateSlug, leadId: string) {
  const [last] = await db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(desc(leadEvents.at), desc(leadEvents.id))
    .limit(1);
  const who = last
    ? `${last.actorName} changed this lead at ${officeTime(office, last.at)}`
    : "Someone changed this lead";
  return `${who} while you had it open. Nothing of yours was saved: look at the change, then try again.`;
}

export async function changeLeadStatus(
  db: Database,
  staff: StaffMember,
  id: string,
  change: StatusChange,
  visits: VisitContext,
): Promise<LeadChangeOutcome> {
  return db.transaction(async (tx) => {
    const lead = await findLead(tx, staff, id);
    if (!lead) return { ok: false, reason: "not-found" };
    const { row } = lead;
    if (row.version !== change.version) {
      return {
        ok: false,
        reason: "conflict",
        message: await conflictMessage(tx, row.office, row.id),
      };
    }
    if (!statusesAfter(lead.kind, row.status).includes(change.status)) {
      return {
        ok: false,
        reason: "not-allowed",
        message: `A ${leadStatusLabels[row.status].toLowerCase()} lead cannot become ${leadStatusLabels[change.status].toLowerCase()}.`,
      };
    }
    const scheduling = change.status === "scheduled";
    const changed =
      lead.kind === "service-request"
        ? await tx
            .update(serviceRequests)
            .set({
              status: change.status,
              version: sql`${serviceRequests.version} + 1`,
              ...(scheduling
                ? {
                    scheduledDate: change.scheduledDate,
                    scheduledWindow: change.scheduledWindow,
                    technician: change.technician,
                  }
                : {}),
            })
            .where(and(eq(serviceRequests.id, row.id), eq(serviceRequests.version, change.version)))
            .returning()
        : await tx
            .update(contactMessages)
            .set({ status: change.status, version: sql`${contactMessages.version} + 1` })
            .where(and(eq(contactMessages.id, row.id), eq(contactMessages.version, change.version)))
            .returning({ id: contactMessages.id });
    if (changed.length === 0) {
      return {
        ok: false,
        reason: "conflict",
        message: await conflictMessage(tx, row.office, row.id),
      };
    }
    await tx.insert(leadEvents).values({
      id: randomUUID(),
      leadId: row.id,
      kind: "status",
      actorId: staff.id,
      actorName: staff.name,
      fromStatus: row.status,
      toStatus: change.status,
      detail: scheduling
        ? `${visitText(change.scheduledDate, change.scheduledWindow)}, technician ${change.technician}`
        : "",
    });
    if (lead.kind === "service-request") {
      await visitStatusChanged(tx, lead.row, changed[0] as ServiceRequestRow, visits);
    }
    return { ok: true };
  });
}

/**
 * What a status change means for the homeowner's visit: a booking moves its place and updates
 * their calendar (with a reminder the evening before), a cancellation gives the place back and
 * cancels the calendar event, a reopened request takes its requested window again.
 */
async function visitStatusChanged(
  tx: Transaction,
  before: ServiceRequestRow,
  after: ServiceRequestRow,
  visits: VisitContext,
) {
  switch (after.status) {
    case "scheduled":
      await visitScheduled(tx, after, visits);
      return;
    case "cancelled":
    case "spam":
      if (before.status !== "cancelled" && before.status !== "spam") {
        await visitCancelled(tx, before, after.status === "spam" ? "spam" : "office", visits);
      }
      return;
    case "completed":
      await cancelReminders(tx, after.id, "Not needed: the repair was completed");
      return;
    case "new":
    case "contacted": {
      const visit = visitOf(after);
      const place = visit ? { office: after.office, ...visit } : null;
      if (place && isBookableInTime(place, visits.now()) && !heldPlaceOf(after)) {
        await movePlace(tx, after, place);
      }
      return;
    }
  }
}

export async function addLeadNote(
  db: Database,
  staff: StaffMember,
  id: string,
  note: string,
): Promise<LeadChangeOutcome> {
  const lead = await findLead(db, staff, id);
  if (!lead) return { ok: false, reason: "not-found" };
  await db.insert(leadEvents).values({
    id: randomUUID(),
    leadId: lead.row.id,
    kind: "note",
    actorId: staff.id,
    actorName: staff.name,
    detail: note,
  });
  return { ok: true };
}

/** Puts an email that was given up on back in the outbox, to be sent at once. */
export async function sendEmailAgain(
  db: Database,
  staff: StaffMember,
  id: string,
  emailId: string,
): Promise<LeadChangeOutcome> {
  if (!uuidPattern.test(emailId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const lead = await findLead(tx, staff, id);
    if (!lead) return { ok: false, reason: "not-found" };
    const [email] = await tx
      .update(outbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(
        and(eq(outbox.id, emailId), eq(outbox.subjectId, lead.row.id), eq(outbox.status, "dead")),
      )
      .returning();
    if (!email) {
      return {
        ok: false,
        reason: "not-allowed",
        message: "That email is not waiting to be sent again.",
      };
    }
    await tx.insert(leadEvents).values({
      id: randomUUID(),
      leadId: lead.row.id,
      kind: "email-resent",
      actorId: staff.id,
      actorName: staff.name,
      detail: `${purposeOf(email.kind)} (${email.message.to})`,
    });
    return { ok: true };
  });
}
