/**
 * What a staff member changes on a lead's page (routes/office.lead.tsx): its status (a booking
 * moves the visit's place and the homeowner's calendar), a note, an email sent again. Each
 * change is checked against the lead's version, so two people never overwrite each other.
 * Past 250 lines: a status change and what it means for the visit are one transaction.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";

import type { StateSlug } from "~/content/states";
import { leadStatusLabels, statusesAfter, type LeadKind, type LeadStatus } from "~/domain/leads";
import {
  cantFixCallSchema,
  noteSchema,
  statusChangeSchema,
  type StatusChange,
} from "~/domain/lead-view";
import { textKindLabels } from "~/domain/texts";
import { callbackPending } from "~/domain/warranty";
import type { PostedForm } from "~/lib/bounded-body.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import type { FormResult } from "~/lib/form-result";

import type { Database, Transaction } from "../db/database";
import { contactMessages, leadEvents, outbox, texts } from "../db/schema";
import { bookableDayRefusal } from "../requests/bookable-days";
import type { HomeownerNews } from "../requests/homeowner-news";
import {
  changeRequest,
  lockRequest,
  staffActor,
  writeTimelineEvent,
  type TimelineEvent,
} from "../requests/request-door";
import { cancelPendingCallback, freshFieldColumns, startNextVisit } from "../requests/next-visit";
import type { ServiceRequestRow, VisitContext } from "../requests/visit-changes";
import { isTimeSlotId } from "../requests/windows";
import { bookReturnVisit, returnVisitChoiceOf } from "../field/return-visits.server";
import { afterCantFix } from "../field/service-call";
import { officeTechnicians, type OfficeTechnician } from "../field/technicians";
import type { DeskServices } from "./desk-services";
import {
  bookOfficeWarrantyCallback,
  officeCallbackChoiceOf,
} from "./office-warranty-callbacks.server";
import {
  findLead,
  officeTime,
  purposeOf,
  uuidPattern,
  visitText,
  type Query,
} from "./leads.server";
import { refundFromLeadPage } from "./refunds.server";
import { changeRequestSource } from "./source-changes.server";
import type { StaffMember } from "./staff-accounts.server";

/** The lead page's forms' answer: which form, and why it was refused (a change redirects). */
export type LeadPageResult = FormResult<
  | "status"
  | "confirm"
  | "return"
  | "note"
  | "email"
  | "text"
  | "cant-fix-call"
  | "warranty-callback"
  | "refund"
  | "source"
>;

/**
 * The lead page's form posts. A change that worked redirects to the page (so a reload does not
 * post it again); a refusal answers the form that posted; another office's lead is a 404.
 */
export async function leadPageAction(
  form: PostedForm,
  { db, visits, cards }: Pick<DeskServices, "db" | "visits" | "cards">,
  staff: StaffMember,
  leadId: string,
) {
  const refuse = (result: LeadPageResult, status: number) => data(result, { status });
  const intent = form.text("intent");
  let outcome: LeadChangeOutcome;
  switch (intent) {
    case "status": {
      const parsed = statusChangeSchema.safeParse(form.fields());
      if (!parsed.success) {
        return refuse(
          { form: "status", status: "invalid", fieldErrors: fieldErrorsOf(parsed.error) },
          400,
        );
      }
      outcome = await changeLeadStatus(db, staff, leadId, parsed.data, visits);
      break;
    }
    case "confirm-visit":
      return confirmVisit(db, staff, leadId, form, visits);
    case "return-visit": {
      const booked = await bookReturnVisit(db, staff, leadId, returnVisitChoiceOf(form), visits);
      // Booked, the page shows it (and no longer offers the form): a redirect, like a status change.
      if (booked.ok) throw redirect(`/office/leads/${leadId}`);
      if (booked.reason === "not-found") throw data("Not found", { status: 404 });
      return booked.reason === "invalid"
        ? refuse({ form: "return", status: "invalid", fieldErrors: booked.fieldErrors }, 400)
        : refuse(
            { form: "return", status: "invalid", message: booked.message },
            booked.reason === "conflict" ? 409 : 400,
          );
    }
    case "warranty-callback": {
      const booked = await bookOfficeWarrantyCallback(
        db,
        staff,
        leadId,
        officeCallbackChoiceOf(form),
        visits,
      );
      if (booked.ok) throw redirect(`/office/leads/${leadId}`);
      if (booked.reason === "not-found") throw data("Not found", { status: 404 });
      return booked.reason === "invalid"
        ? refuse(
            { form: "warranty-callback", status: "invalid", fieldErrors: booked.fieldErrors },
            400,
          )
        : refuse(
            { form: "warranty-callback", status: "invalid", message: booked.message },
            booked.reason === "conflict" ? 409 : 400,
          );
    }
    case "note": {
      const parsed = noteSchema.safeParse(form.fields());
      if (!parsed.success) {
        return refuse(
          { form: "note", status: "invalid", fieldErrors: fieldErrorsOf(parsed.error) },
          400,
        );
      }
      outcome = await addLeadNote(db, staff, leadId, parsed.data.note, visits);
      break;
    }
    case "cant-fix-call":
      return cantFixCallAnswer(db, staff, leadId, form, visits);
    case "refund": {
      const refunded = await refundFromLeadPage({ db, cards }, staff, leadId, form);
      if (refunded.ok) throw redirect(`/office/leads/${leadId}`);
      if (refunded.reason === "not-found") throw data("Not found", { status: 404 });
      return refunded.reason === "invalid"
        ? refuse({ form: "refund", status: "invalid", fieldErrors: refunded.fieldErrors }, 400)
        : refuse({ form: "refund", status: "invalid", message: refunded.message }, 409);
    }
    case "source": {
      const changed = await changeRequestSource(db, staff, leadId, form, visits);
      if (changed.ok) throw redirect(`/office/leads/${leadId}`);
      if (changed.reason === "not-found") throw data("Not found", { status: 404 });
      return changed.reason === "invalid"
        ? refuse({ form: "source", status: "invalid", fieldErrors: changed.fieldErrors }, 400)
        : refuse({ form: "source", status: "invalid", message: changed.message }, 409);
    }
    case "send-again":
      outcome = await sendEmailAgain(db, staff, leadId, form.text("emailId"), visits);
      break;
    case "send-text-again":
      outcome = await sendTextAgain(db, staff, leadId, form.text("textId"), visits);
      break;
    default:
      return refuse({ form: "status", status: "invalid", message: "Unknown action" }, 400);
  }
  if (outcome.ok) throw redirect(`/office/leads/${leadId}`);
  if (outcome.reason === "not-found") throw data("Not found", { status: 404 });
  const formName =
    intent === "note"
      ? "note"
      : intent === "send-again"
        ? "email"
        : intent === "send-text-again"
          ? "text"
          : "status";
  if (outcome.reason === "invalid") {
    return refuse(
      { form: formName, status: "invalid", fieldErrors: { [outcome.field]: outcome.message } },
      400,
    );
  }
  return refuse(
    { form: formName, status: "invalid", message: outcome.message },
    outcome.reason === "conflict" ? 409 : 400,
  );
}

/** What the booking form says when its booking was already the visit's: nothing was sent. */
export const sameBookingMessage =
  "Nothing changed: the visit was already booked like this, and nothing was sent.";

/**
 * The lead page's one booking form ("Confirm requested visit", "Book the visit", its Change):
 * a day, a window and a technician chosen from the office's technicians (their account, so the
 * visit shows on their My day). Answered on the page, not redirected, so it says "Saved" (or that
 * the same booking sent again changed nothing).
 */
async function confirmVisit(
  db: Database,
  staff: StaffMember,
  leadId: string,
  form: PostedForm,
  visits: VisitContext,
): Promise<ReturnType<typeof data<LeadPageResult>>> {
  const lead = await findLead(db, staff, leadId);
  if (!lead || lead.kind !== "service-request") throw data("Not found", { status: 404 });
  const technicianId = form.text("technicianId");
  const technician = (await officeTechnicians(db, lead.row.office)).find(
    (candidate) => candidate.id === technicianId,
  );
  const parsed = statusChangeSchema.safeParse({
    ...form.fields(),
    status: "scheduled",
    technician: technician?.name ?? "",
  });
  if (!parsed.success || !technician) {
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    delete fieldErrors.technician;
    if (!technician) fieldErrors.technicianId = "Choose the technician";
    return data<LeadPageResult>(
      { form: "confirm", status: "invalid", fieldErrors },
      { status: 400 },
    );
  }
  const outcome = await changeLeadStatus(
    db,
    staff,
    leadId,
    { ...parsed.data, technicianId: technician.id },
    visits,
  );
  if (outcome.ok) {
    return data<LeadPageResult>({
      form: "confirm",
      status: "success",
      message: outcome.unchanged ? sameBookingMessage : "Saved",
    });
  }
  if (outcome.reason === "not-found") throw data("Not found", { status: 404 });
  if (outcome.reason === "invalid") {
    return data<LeadPageResult>(
      { form: "confirm", status: "invalid", fieldErrors: { [outcome.field]: outcome.message } },
      { status: 400 },
    );
  }
  return data<LeadPageResult>(
    { form: "confirm", status: "invalid", message: outcome.message },
    { status: outcome.reason === "conflict" ? 409 : 400 },
  );
}

export type LeadChangeOutcome =
  /** `unchanged`: the booking asked for was the visit's already; nothing was written or sent. */
  | { ok: true; unchanged?: boolean }
  | { ok: false; reason: "not-found" }
  /** What was typed in one of the form's fields cannot be: `message` goes under it. */
  | { ok: false; reason: "invalid"; field: "scheduledDate" | "technicianId"; message: string }
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

/**
 * A status change. A booking is for a technician of the lead's office, by their account
 * (`technicianId`: the booking form's and the dispatch board's choice) or, without one, by a name
 * that is an office technician's (their account then); any other name is refused ("Choose the
 * technician"): a visit nobody's My day shows is never booked. A booking is for a day from the
 * office's today to the booking horizon (server/requests/bookable-days.ts). A booking after the
 * technician's Can't fix is another visit (`bookAnotherVisit`), never the same booking again.
 */
export async function changeLeadStatus(
  db: Database,
  staff: StaffMember,
  id: string,
  change: StatusChange & { technicianId?: string },
  visits: VisitContext,
): Promise<LeadChangeOutcome> {
  return db.transaction(async (tx): Promise<LeadChangeOutcome> => {
    const lead = await findLead(tx, staff, id);
    if (!lead) return { ok: false, reason: "not-found" };
    if (lead.kind === "contact-message") return changeMessageStatus(tx, staff, lead.row, change);
    const scheduling = change.status === "scheduled";
    let technician: OfficeTechnician | undefined;
    if (scheduling) {
      const refusal = bookableDayRefusal(
        change.scheduledDate,
        lead.row.office,
        visits.now(),
        visits.config.BOOKING_DAYS_AHEAD,
      );
      if (refusal) {
        return { ok: false, reason: "invalid", field: "scheduledDate", message: refusal };
      }
      technician = await bookedTechnician(tx, lead.row.office, change);
      if (!technician) {
        return {
          ok: false,
          reason: "invalid",
          field: "technicianId",
          message: "Choose the technician",
        };
      }
    }
    const row = await lockRequest(tx, lead.row.id);
    if (!row) return { ok: false, reason: "not-found" };
    // The visit ended with Can't fix: any booking now is another visit, even on the same day,
    // window and technician.
    const anotherVisit = technician !== undefined && afterCantFix(row);
    const sameBooking =
      technician !== undefined &&
      !anotherVisit &&
      row.status === "scheduled" &&
      row.scheduledDate === change.scheduledDate &&
      row.scheduledWindow === change.scheduledWindow &&
      row.technicianId === technician.id &&
      row.technician === technician.name;
    // The booking as it stands, again (Confirm pressed twice, a form sent again, even from a page
    // that had not seen the first): nothing changes, nothing is sent, and a visit under way keeps
    // its field state.
    if (sameBooking) return { ok: true, unchanged: true };
    if (row.version !== change.version) {
      return {
        ok: false,
        reason: "conflict",
        message: await conflictMessage(tx, row.office, row.id),
      };
    }
    const refused = refusedTransition(lead.kind, row.status, change.status);
    if (refused) return refused;
    if (anotherVisit && technician) {
      return bookAnotherVisit(tx, staff, row, change, technician, visits);
    }
    if (change.status === "cancelled" && callbackPending(row)) {
      // Only the warranty visit is called off: the paid repair stays completed and guaranteed.
      const ended = await cancelPendingCallback(tx, row, staffActor(staff), visits, {
        detail: "Warranty callback cancelled",
        by: "office",
      });
      if (ended.ok) return { ok: true };
      return {
        ok: false,
        reason: "conflict",
        message: await conflictMessage(tx, row.office, row.id),
      };
    }
    const changed = await changeRequest(
      tx,
      row,
      {
        expectedVersion: change.version,
        set: {
          status: change.status,
          // A new booking, a reopened or cancelled request starts the field afresh; a
          // completion keeps what the technician recorded.
          ...(change.status !== "completed" ? freshFieldColumns : {}),
          ...(scheduling && technician
            ? {
                scheduledDate: change.scheduledDate,
                scheduledWindow: change.scheduledWindow,
                technician: technician.name,
                technicianId: technician.id,
              }
            : {}),
        },
        event: {
          kind: "status",
          fromStatus: row.status,
          toStatus: change.status,
          detail:
            scheduling && technician
              ? `${visitText(change.scheduledDate, change.scheduledWindow)}, technician ${technician.name}`
              : "",
        },
        news: newsOfStatus(change.status),
      },
      staffActor(staff),
      visits,
    );
    if (!changed.ok) {
      return {
        ok: false,
        reason: "conflict",
        message: await conflictMessage(tx, row.office, row.id),
      };
    }
    return { ok: true };
  });
}

/**
 * The booking the office makes after the technician's Can't fix (the call agreed another visit):
 * the next visit, as a return visit starts (../requests/next-visit.ts). The Can't-fix visit is kept
 * as it ended, with its reason; the request's booking becomes the new visit, numbered after it,
 * its field state blank, a window place and a calendar event of its own. The part an earlier
 * visit needed is not what this one brings.
 */
async function bookAnotherVisit(
  tx: Transaction,
  staff: StaffMember,
  row: ServiceRequestRow,
  booking: StatusChange,
  technician: OfficeTechnician,
  visits: VisitContext,
): Promise<LeadChangeOutcome> {
  const { scheduledDate, scheduledWindow } = booking;
  // The booking's schema only lets a window of the office's through.
  if (!isTimeSlotId(scheduledWindow)) throw new Error(`Not a window: ${scheduledWindow}`);
  const started = await startNextVisit(
    tx,
    row,
    {
      date: scheduledDate,
      window: scheduledWindow,
      technician: { id: technician.id, name: technician.name },
      ended: { outcome: "cant-fix", detail: row.cantFixReason ?? "" },
      placeTaken: false,
      set: { partNeeded: null },
      event: {
        kind: "status",
        fromStatus: row.status,
        toStatus: "scheduled",
        detail: `Another visit ${visitText(scheduledDate, scheduledWindow)}, technician ${technician.name}`,
      },
      expectedVersion: booking.version,
    },
    staffActor(staff),
    visits,
  );
  if (started.ok) return { ok: true };
  return {
    ok: false,
    reason: "conflict",
    message: await conflictMessage(tx, row.office, row.id),
  };
}

/**
 * The technician a booking names, if they are an active technician of `office`: by their account
 * when the form chose one, else by their name as typed (any case).
 */
async function bookedTechnician(
  tx: Transaction,
  office: StateSlug,
  change: StatusChange & { technicianId?: string },
): Promise<OfficeTechnician | undefined> {
  const technicians = await officeTechnicians(tx, office);
  if (change.technicianId !== undefined) {
    return technicians.find((candidate) => candidate.id === change.technicianId);
  }
  const typed = change.technician.toLowerCase();
  return technicians.find((candidate) => candidate.name.toLowerCase() === typed);
}

function refusedTransition(
  kind: LeadKind,
  from: LeadStatus,
  to: LeadStatus,
): LeadChangeOutcome | null {
  if (statusesAfter(kind, from).includes(to)) return null;
  return {
    ok: false,
    reason: "not-allowed",
    message: `A ${leadStatusLabels[from].toLowerCase()} lead cannot become ${leadStatusLabels[to].toLowerCase()}.`,
  };
}

/** A contact message's status: a lead that is no request, with no visit and no homeowner's page. */
async function changeMessageStatus(
  tx: Transaction,
  staff: StaffMember,
  row: typeof contactMessages.$inferSelect,
  change: StatusChange,
): Promise<LeadChangeOutcome> {
  if (row.version !== change.version) {
    return {
      ok: false,
      reason: "conflict",
      message: await conflictMessage(tx, row.office, row.id),
    };
  }
  const refused = refusedTransition("contact-message", row.status, change.status);
  if (refused) return refused;
  const changed = await tx
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
  await writeTimelineEvent(
    tx,
    row.id,
    { kind: "status", fromStatus: row.status, toStatus: change.status, detail: "" },
    staffActor(staff),
  );
  return { ok: true };
}

/**
 * What a status change means for the homeowner's visit: a booking moves its place and updates
 * their calendar (with a reminder the evening before), a cancellation gives the place back and
 * cancels the calendar event, a reopened request takes its requested window again.
 */
function newsOfStatus(status: LeadStatus): HomeownerNews {
  switch (status) {
    case "scheduled":
      return { kind: "visit-booked" };
    case "cancelled":
      return { kind: "visit-cancelled", by: "office" };
    case "spam":
      return { kind: "visit-cancelled", by: "spam" };
    case "completed":
      return { kind: "reminders-stopped", why: "Not needed: the repair was completed" };
    case "new":
    case "contacted":
      return { kind: "reopened" };
  }
}

/** A note on the lead's timeline: the request itself does not change. */
export async function addLeadNote(
  db: Database,
  staff: StaffMember,
  id: string,
  note: string,
  visits: VisitContext,
): Promise<LeadChangeOutcome> {
  return db.transaction(async (tx): Promise<LeadChangeOutcome> => {
    const lead = await findLead(tx, staff, id);
    if (!lead) return { ok: false, reason: "not-found" };
    await recordOnLead(tx, lead, { kind: "note", detail: note }, staff, visits);
    return { ok: true };
  });
}

/** A message of a person whose data was erased goes nowhere, whoever asks. */
const nobodyToSendTo: LeadChangeOutcome = {
  ok: false,
  reason: "not-allowed",
  message: "This person's data was erased: there is no one to send it to.",
};

/**
 * Puts an email that was given up on, or held by its address's daily limit, back in the outbox,
 * to be sent at once. The office chose to send it, so it counts in the office's budget for the
 * address (../outbox/customer-limit.ts): however often it is clicked, an address gets no more
 * than that limit a day, and a click on an email already waiting changes nothing.
 */
export async function sendEmailAgain(
  db: Database,
  staff: StaffMember,
  id: string,
  emailId: string,
  visits: VisitContext,
): Promise<LeadChangeOutcome> {
  if (!uuidPattern.test(emailId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx): Promise<LeadChangeOutcome> => {
    const lead = await findLead(tx, staff, id);
    if (!lead) return { ok: false, reason: "not-found" };
    // The request before its email: the order an erasure takes them in, so the two never deadlock.
    const erasedAt =
      lead.kind === "service-request"
        ? ((await lockRequest(tx, lead.row.id))?.erasedAt ?? null)
        : lead.row.erasedAt;
    if (erasedAt) return nobodyToSendTo;
    const [email] = await tx
      .update(outbox)
      .set({
        status: "pending",
        cause: "office",
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lockedUntil: null,
        lastError: null,
      })
      .where(
        and(
          eq(outbox.id, emailId),
          eq(outbox.subjectId, lead.row.id),
          sql`${outbox.status} in ('dead', 'held')`,
        ),
      )
      .returning();
    if (!email) {
      return {
        ok: false,
        reason: "not-allowed",
        message: "That email is not waiting to be sent again.",
      };
    }
    const detail = `${purposeOf(email.kind)} (${email.message.to})`;
    await recordOnLead(tx, lead, { kind: "email-resent", detail }, staff, visits);
    return { ok: true };
  });
}

/**
 * Puts a text held by its number's daily limit back in the queue, to be sent at once, as the
 * office's (../texts/text-worker.ts counts it in the office's budget for the number, and still
 * checks the consent, a STOP and the quiet hours when it goes). Only a request's own held text.
 */
export async function sendTextAgain(
  db: Database,
  staff: StaffMember,
  id: string,
  textId: string,
  visits: VisitContext,
): Promise<LeadChangeOutcome> {
  if (!uuidPattern.test(textId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx): Promise<LeadChangeOutcome> => {
    const lead = await findLead(tx, staff, id);
    if (!lead || lead.kind !== "service-request") return { ok: false, reason: "not-found" };
    const row = await lockRequest(tx, lead.row.id);
    if (!row) return { ok: false, reason: "not-found" };
    if (row.erasedAt) return nobodyToSendTo;
    const [text] = await tx
      .update(texts)
      .set({
        status: "pending",
        cause: "office",
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lockedUntil: null,
        lastError: null,
      })
      .where(and(eq(texts.id, textId), eq(texts.requestId, row.id), eq(texts.status, "held")))
      .returning();
    if (!text) {
      return { ok: false, reason: "not-allowed", message: "That text is not held." };
    }
    const detail = `${textKindLabels[text.kind] ?? text.kind} (${text.to})`;
    await changeRequest(
      tx,
      row,
      { event: { kind: "text-resent", detail } },
      staffActor(staff),
      visits,
    );
    return { ok: true };
  });
}

/**
 * A line on a lead's timeline that changes nothing else: through the door for a request (whose
 * open views hear of it), straight to the timeline for a contact message.
 */
async function recordOnLead(
  tx: Transaction,
  lead: NonNullable<Awaited<ReturnType<typeof findLead>>>,
  event: TimelineEvent,
  staff: StaffMember,
  visits: VisitContext,
) {
  if (lead.kind === "contact-message") {
    await writeTimelineEvent(tx, lead.row.id, event, staffActor(staff));
    return;
  }
  const row = await lockRequest(tx, lead.row.id);
  if (row) await changeRequest(tx, row, { event }, staffActor(staff), visits);
}

/** "Record the call" after Can't fix: the note is required; recorded, the page reloads without the panel. */
async function cantFixCallAnswer(
  db: Database,
  staff: StaffMember,
  leadId: string,
  form: PostedForm,
  visits: VisitContext,
) {
  const parsed = cantFixCallSchema.safeParse(form.fields());
  if (!parsed.success) {
    return data<LeadPageResult>(
      { form: "cant-fix-call", status: "invalid", fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400 },
    );
  }
  const outcome = await recordCantFixCall(db, staff, leadId, parsed.data.note, visits);
  if (outcome.ok) throw redirect(`/office/leads/${leadId}`);
  if (outcome.reason === "not-found") throw data("Not found", { status: 404 });
  return data<LeadPageResult>(
    { form: "cant-fix-call", status: "invalid", message: outcome.message },
    { status: 409 },
  );
}

/**
 * The office called the homeowner after the technician's Can't fix: what was agreed goes in the
 * timeline (a note: an erasure blanks it like every note) and the inbox's flag is cleared, in one
 * change through the door. Only while the call is owed: recorded already (by someone else at
 * once, say) or not after a Can't fix, nothing changes.
 */
export async function recordCantFixCall(
  db: Database,
  staff: StaffMember,
  id: string,
  note: string,
  visits: VisitContext,
): Promise<LeadChangeOutcome> {
  return db.transaction(async (tx): Promise<LeadChangeOutcome> => {
    const lead = await findLead(tx, staff, id);
    if (!lead || lead.kind !== "service-request") return { ok: false, reason: "not-found" };
    const row = await lockRequest(tx, lead.row.id);
    if (!row) return { ok: false, reason: "not-found" };
    if (row.status !== "scheduled" || row.fieldStatus !== "cant-fix") {
      return {
        ok: false,
        reason: "not-allowed",
        message: "No call is owed: the technician's Can't fix is not where this visit stands.",
      };
    }
    if (row.cantFixCallRecordedAt) {
      return {
        ok: false,
        reason: "conflict",
        message: `The call was already recorded, ${officeTime(row.office, row.cantFixCallRecordedAt)}: see the timeline.`,
      };
    }
    await changeRequest(
      tx,
      row,
      {
        set: { cantFixCallRecordedAt: visits.now() },
        event: { kind: "note", detail: `Called the customer after Can't fix: ${note}` },
      },
      staffActor(staff),
      visits,
    );
    return { ok: true };
  });
}
