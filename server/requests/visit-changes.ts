import { and, eq, gt, inArray } from "drizzle-orm";

import { profileForState } from "~/content/company";
import type { StateSlug } from "~/content/states";
import { firstName } from "~/domain/names";
import type { TimeSlotId } from "~/domain/time-slots";

import type { ServerConfig } from "../config";
import type { Transaction } from "../db/database";
import { outbox, reviews, texts } from "../db/schema";
import { mailContextFor } from "../mail/context";
import type { OutgoingEmail } from "../mail/message";
import { wallTimeToInstant } from "../mail/time-zone";
import {
  officeVisitChangeEmail,
  visitCancelledEmail,
  visitReminderEmail,
  visitRescheduledEmail,
  visitScheduledEmail,
  type VisitEmail,
} from "../mail/visit-emails";
import { outboxRows } from "../outbox/enqueue";
import { serviceCallFor } from "../prices/price-policy";
import { reviewTextKinds } from "../reviews/review-requests";
import { cancelTexts, enqueueText, textReminderKind, textsTurnedOffReason } from "../texts/enqueue";
import { textBodies } from "../texts/messages";
import { nextCalendarSequence, writeBookkeeping } from "./request-bookkeeping";
import type { RequestLinks } from "./request-links";
import { addDays, forcePlace, isTimeSlotId, releasePlace, type Place } from "./windows";

import type { ServiceRequestRow } from "./request-rows";

export type { ServiceRequestRow } from "./request-rows";

/** What every change to a visit needs besides the request. */
export interface VisitContext {
  config: ServerConfig;
  links: RequestLinks;
  now: () => Date;
}

export const reminderKind = "visit.reminder.customer";

/**
 * The visit as it stands: the office's booking once scheduled (and once done: the visit as it
 * happened, not as it was asked for), else what the homeowner asked.
 */
export function visitOf(row: ServiceRequestRow): { date: string; window: TimeSlotId } | null {
  const booked = row.status === "scheduled" || row.status === "completed";
  if (booked && row.scheduledDate && isTimeSlotId(row.scheduledWindow)) {
    return { date: row.scheduledDate, window: row.scheduledWindow };
  }
  if (row.preferredDate && isTimeSlotId(row.preferredTime)) {
    return { date: row.preferredDate, window: row.preferredTime };
  }
  return null;
}

/**
 * An open request that asked for a window but holds none of its places: its client already held
 * as many as one client may (`PLACES_PER_CLIENT`), so the office must call to confirm a time.
 */
export function holdsNoPlace(row: ServiceRequestRow): boolean {
  return (
    row.preferredDate !== null &&
    row.preferredTime !== "" &&
    row.heldDate === null &&
    row.scheduledDate === null &&
    (row.status === "new" || row.status === "contacted")
  );
}

export function heldPlaceOf(row: ServiceRequestRow): Place | null {
  return row.heldDate && isTimeSlotId(row.heldWindow)
    ? { office: row.office, date: row.heldDate, window: row.heldWindow }
    : null;
}

function visitEmailOf(
  row: ServiceRequestRow,
  visit: { date: string; window: TimeSlotId } | null,
  sequence: number,
  links: RequestLinks,
): VisitEmail {
  return {
    requestId: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    appliance: row.selectedAppliance,
    address: row.address,
    date: visit?.date ?? null,
    window: visit?.window ?? null,
    technician: row.status === "scheduled" ? row.technician : null,
    sequence,
    visitNumber: row.visitNumber,
    part: row.partNeeded,
    warrantyCallback: row.warrantyCallback,
    reference: row.reference,
    language: row.language,
    requestUrl: links.urlFor(row.id),
  };
}

/** What every text about the request names: its office, appliance and reference. */
function textFactsOf(row: ServiceRequestRow) {
  return {
    office: profileForState(row.office),
    appliance: row.selectedAppliance,
    reference: row.reference,
    language: row.language,
  };
}

/** The evening before the visit, 18:00 in the office's time zone. */
export function reminderTime(office: StateSlug, date: string): Date {
  const profile = profileForState(office);
  return wallTimeToInstant(addDays(date, -1), "18:00", profile.timeZone);
}

/** Reminders not sent yet, emails and texts, are not needed any more (the visit was cancelled or moved). */
export async function cancelReminders(tx: Transaction, requestId: string, why: string) {
  // A booking text held overnight (quiet hours) would name the old time by morning.
  await cancelTexts(tx, requestId, [textReminderKind, "text.booked"], why);
  await tx
    .update(outbox)
    .set({ status: "cancelled", lastError: why })
    .where(
      and(
        eq(outbox.subjectId, requestId),
        eq(outbox.kind, reminderKind),
        eq(outbox.status, "pending"),
      ),
    );
}

async function enqueue(
  tx: Transaction,
  requestId: string,
  emails: readonly OutgoingEmail[],
  notBefore?: Date,
) {
  if (emails.length === 0) return;
  await tx
    .insert(outbox)
    .values(
      outboxRows(requestId, emails).map((row) =>
        notBefore ? { ...row, nextAttemptAt: notBefore } : row,
      ),
    );
}

/** Moves the request's place to `place` (or gives it back when null). */
export async function movePlace(
  tx: Transaction,
  row: ServiceRequestRow,
  place: Place | null,
  take: (place: Place) => Promise<boolean> = async (next) => {
    await forcePlace(tx, next);
    return true;
  },
): Promise<boolean> {
  const held = heldPlaceOf(row);
  const same = held && place && held.date === place.date && held.window === place.window;
  if (same) return true;
  if (place && !(await take(place))) return false;
  if (held) await releasePlace(tx, held);
  await writeBookkeeping(tx, row.id, {
    heldDate: place?.date ?? null,
    heldWindow: place?.window ?? null,
  });
  return true;
}

/**
 * The office booked the visit (`row` as it is now, status "scheduled"): its place moves to the
 * booked window, the homeowner's calendar gets the update, and the evening-before reminder
 * replaces any earlier one.
 */
export async function visitScheduled(
  tx: Transaction,
  row: ServiceRequestRow,
  context: VisitContext,
) {
  const visit = visitOf(row);
  await movePlace(tx, row, visit ? { office: row.office, ...visit } : null);
  await cancelReminders(tx, row.id, "Not needed: the visit was booked again");
  if (!visit) return;
  const now = context.now();
  const office = profileForState(row.office);
  const remindAt = reminderTime(row.office, visit.date);
  const facts = textFactsOf(row);
  await enqueueText(tx, row, {
    kind: "text.booked",
    body: textBodies.booked(facts, {
      ...visit,
      technician: firstName(row.technician) || null,
      kind: row.warrantyCallback ? "warranty" : row.visitNumber > 1 ? "return" : "repair",
    }),
  });
  if (remindAt.getTime() > now.getTime()) {
    await enqueueText(tx, row, {
      kind: textReminderKind,
      body: textBodies.reminder(facts, visit),
      notBefore: remindAt,
    });
  }
  if (row.email === "") return;
  const mail = mailContextFor(context.config, office, now);
  const sequence = await nextCalendarSequence(tx, row.id);
  // The booked visit and its reminder name the fee the booking was shown, as the confirmation did.
  const serviceCall = await serviceCallFor(tx, row);
  const email = {
    ...visitEmailOf(row, visit, sequence, context.links),
    serviceCall,
  };
  await enqueue(tx, row.id, [visitScheduledEmail(email, mail)]);
  if (remindAt.getTime() > now.getTime()) {
    await enqueue(tx, row.id, [visitReminderEmail(email, mail)], remindAt);
  }
}

/**
 * The homeowner turned texts on again (`row` as it is now): what turning them off cancelled and
 * is still ahead comes back. The evening-before reminder of a booked visit is written anew (the
 * visit may have moved while texts were off); the review request and its reminder, where not
 * answered, wait again for their time.
 */
export async function textsTurnedOn(
  tx: Transaction,
  row: ServiceRequestRow,
  context: VisitContext,
) {
  const now = context.now();
  const visit = row.status === "scheduled" ? visitOf(row) : null;
  if (visit) {
    const remindAt = reminderTime(row.office, visit.date);
    const [waiting] = await tx
      .select({ id: texts.id })
      .from(texts)
      .where(
        and(
          eq(texts.requestId, row.id),
          eq(texts.kind, textReminderKind),
          eq(texts.status, "pending"),
        ),
      );
    if (remindAt.getTime() > now.getTime() && !waiting) {
      await enqueueText(tx, row, {
        kind: textReminderKind,
        body: textBodies.reminder(textFactsOf(row), visit),
        notBefore: remindAt,
      });
    }
  }
  const [answered] = await tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(eq(reviews.requestId, row.id));
  if (answered) return;
  await tx
    .update(texts)
    .set({ status: "pending", lastError: null })
    .where(
      and(
        eq(texts.requestId, row.id),
        inArray(texts.kind, [reviewTextKinds.request, reviewTextKinds.reminder]),
        eq(texts.status, "cancelled"),
        eq(texts.lastError, textsTurnedOffReason),
        gt(texts.nextAttemptAt, now),
      ),
    );
}

/**
 * The request was cancelled (`row` as it was before) by the homeowner or the office, or marked
 * spam: its place is given back, reminders stop, and a real visit's calendar event is cancelled.
 */
export async function visitCancelled(
  tx: Transaction,
  row: ServiceRequestRow,
  by: "customer" | "office" | "spam",
  context: VisitContext,
) {
  await movePlace(tx, row, null);
  await cancelReminders(tx, row.id, "Not needed: the request was cancelled");
  if (by === "spam") return;
  const now = context.now();
  const mail = mailContextFor(context.config, profileForState(row.office), now);
  const visit = visitOf(row);
  const emails: OutgoingEmail[] = [];
  const sequence = await nextCalendarSequence(tx, row.id);
  const email = visitEmailOf(row, visit, sequence, context.links);
  if (row.email !== "") emails.push(visitCancelledEmail(email, mail, by));
  if (by === "customer") emails.push(officeVisitChangeEmail(email, mail, "cancelled"));
  await enqueue(tx, row.id, emails);
}

/**
 * The homeowner moved the visit (`row` as it is now): the calendar gets the new time (tentative
 * until the office confirms) and the office an email; the place was moved by the caller.
 */
export async function visitRescheduled(
  tx: Transaction,
  row: ServiceRequestRow,
  context: VisitContext,
) {
  await cancelReminders(tx, row.id, "Not needed: the visit was moved");
  const now = context.now();
  const mail = mailContextFor(context.config, profileForState(row.office), now);
  const sequence = await nextCalendarSequence(tx, row.id);
  const email = visitEmailOf(row, visitOf(row), sequence, context.links);
  const emails: OutgoingEmail[] = [officeVisitChangeEmail(email, mail, "rescheduled")];
  if (row.email !== "") emails.unshift(visitRescheduledEmail(email, mail));
  await enqueue(tx, row.id, emails);
}

/** The office told of photos the homeowner added. */
export async function photosAdded(tx: Transaction, row: ServiceRequestRow, context: VisitContext) {
  const mail = mailContextFor(context.config, profileForState(row.office), context.now());
  const email = visitEmailOf(row, visitOf(row), row.calendarSequence, context.links);
  await enqueue(tx, row.id, [officeVisitChangeEmail(email, mail, "photos")]);
}
