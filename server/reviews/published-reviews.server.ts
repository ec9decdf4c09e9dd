/**
 * The reviews as the desk and the site see them: every answer for the owners on
 * `/office/reviews` (with each technician's requests sent, answers and average), publishing and
 * unpublishing by an owner (never without the homeowner's permission: refused here, and the
 * database's `reviews_published_with_permission` check holds too), low ratings flagged until an
 * owner marks them handled with a note of what was done (counted on the inbox; the note goes into
 * the request's timeline through the door), and the published ones `/reviews` shows. Publishing
 * tells every server process to drop its kept `/reviews` pages.
 */

import { and, avg, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { stateBySlug, type StateSlug } from "~/content/states";
import {
  maxHandledNote,
  needsAttentionAtMost,
  publishedCaption,
  reviewWords,
} from "~/domain/reviews";

import type { Database, Transaction } from "../db/database";
import { reviews, serviceRequests } from "../db/schema";
import { uuidPattern } from "../desk/leads.server";
import { changeRequest, lockRequest, staffActor } from "../requests/request-door";
import type { ServiceRequestRow } from "../requests/visit-changes";
import { leadOffices, type StaffMember } from "../desk/staff-accounts.server";

/** `NOTIFY`'d when a review is published or unpublished: the kept `/reviews` pages are dropped. */
export const publishedReviewsChannel = "published_reviews";

/** The public page whose kept copies a change to the published reviews makes stale. */
export const reviewsPagePath = "/reviews";

/** "November 2026", in the office's time zone. */
function monthOf(instant: Date, office: StateSlug): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: profileForState(office).timeZone,
    month: "long",
    year: "numeric",
  }).format(instant);
}

export interface PublishedReview {
  id: string;
  rating: number;
  words: string;
  /** "Maria, Katy TX · Dryer · November 2026 · verified repair". */
  caption: string;
}

/** The published reviews, newest first, as `/reviews` shows them after the site's own. */
export async function publishedReviews(db: Database, limit = 100): Promise<PublishedReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(isNotNull(reviews.publishedAt), eq(reviews.mayPublish, true)))
    .orderBy(desc(reviews.answeredAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    words: row.words,
    caption: publishedCaption({
      firstName: row.firstName,
      city: row.city,
      stateAbbreviation: stateBySlug(row.office)?.abbreviation ?? "",
      appliance: row.appliance,
      month: monthOf(row.answeredAt, row.office),
    }),
  }));
}

export interface DeskReview {
  id: string;
  leadId: string;
  rating: number;
  words: string;
  firstName: string;
  city: string;
  office: string;
  appliance: string;
  technician: string;
  /** "Nov 26, 2026". */
  answered: string;
  mayPublish: boolean;
  published: boolean;
  /** 3 stars or fewer and no owner has handled it yet. */
  needsAttention: boolean;
  /** A low rating an owner handled: who, when ("Nov 26, 2026, 3:40 PM") and what they did. */
  handled: { by: string; at: string; note: string } | null;
  /** The homeowner's phone as they typed it, and the digits a `tel:` link dials ("" when erased). */
  phone: string;
  phoneDigits: string;
}

export interface TechnicianReviewCounts {
  technician: string;
  requestsSent: number;
  answers: number;
  /** "4.5", or null with no answer. */
  averageRating: string | null;
}

/** Every answer in the owner's offices, newest first, and each technician's counts. */
export async function deskReviews(
  db: Database,
  staff: Pick<StaffMember, "role" | "offices">,
  now: Date,
): Promise<{ reviews: DeskReview[]; technicians: TechnicianReviewCounts[] }> {
  const offices = leadOffices(staff);
  if (staff.role !== "owner" || offices.length === 0) return { reviews: [], technicians: [] };
  const [rows, sent, answered] = await Promise.all([
    db
      .select({ review: reviews, phone: serviceRequests.phone })
      .from(reviews)
      .innerJoin(serviceRequests, eq(serviceRequests.id, reviews.requestId))
      .where(inArray(reviews.office, offices))
      .orderBy(desc(reviews.answeredAt))
      .limit(500),
    db
      .select({ technician: serviceRequests.reviewTechnician, total: count() })
      .from(serviceRequests)
      .where(
        and(inArray(serviceRequests.office, offices), lte(serviceRequests.reviewRequestAt, now)),
      )
      .groupBy(serviceRequests.reviewTechnician),
    db
      .select({ technician: reviews.technician, total: count(), average: avg(reviews.rating) })
      .from(reviews)
      .where(inArray(reviews.office, offices))
      .groupBy(reviews.technician),
  ]);
  const names = new Set([
    ...sent.map((row) => row.technician ?? ""),
    ...answered.map((row) => row.technician),
  ]);
  const technicians = [...names]
    .sort((a, b) => a.localeCompare(b))
    .map((technician) => {
      const answers = answered.find((row) => row.technician === technician);
      return {
        technician: technician || "Not recorded",
        requestsSent: sent.find((row) => (row.technician ?? "") === technician)?.total ?? 0,
        answers: answers?.total ?? 0,
        averageRating: answers?.average ? Number(answers.average).toFixed(1) : null,
      };
    });
  return {
    reviews: rows.map(({ review: row, phone }) => {
      const timeZone = profileForState(row.office).timeZone;
      return {
        id: row.id,
        leadId: row.requestId,
        rating: row.rating,
        words: row.words,
        firstName: row.firstName,
        city: row.city,
        office: stateBySlug(row.office)?.name ?? row.office,
        appliance: row.appliance,
        technician: row.technician,
        answered: new Intl.DateTimeFormat("en-US", {
          timeZone,
          month: "short",
          day: "numeric",
          year: "numeric",
        }).format(row.answeredAt),
        mayPublish: row.mayPublish,
        published: row.publishedAt !== null,
        needsAttention: row.rating <= needsAttentionAtMost && row.handledAt === null,
        handled:
          row.handledAt === null
            ? null
            : {
                by: row.handledBy ?? "",
                at: new Intl.DateTimeFormat("en-US", {
                  timeZone,
                  month: "short",
                  day: "numeric",
                  year: "numeric",
                  hour: "numeric",
                  minute: "2-digit",
                }).format(row.handledAt),
                // Handled before notes were asked for: none.
                note: row.handledNote ?? "",
              },
        phone,
        phoneDigits: phone.replace(/[^\d+]/g, ""),
      };
    }),
    technicians,
  };
}

export type PublishOutcome =
  | { ok: true; changed: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; message: string };

/**
 * An owner publishes (or unpublishes) review `reviewId` of one of their offices. Refused
 * without the homeowner's permission, however the form was sent.
 */
export async function setReviewPublished(
  db: Database,
  staff: Pick<StaffMember, "id" | "name" | "role" | "offices">,
  reviewId: string,
  publish: boolean,
): Promise<PublishOutcome> {
  const offices = leadOffices(staff);
  if (staff.role !== "owner" || !uuidPattern.test(reviewId)) {
    return { ok: false, reason: "not-found" };
  }
  return db.transaction(async (tx): Promise<PublishOutcome> => {
    // The request first, then its review: the order every change of both takes (an answer, an
    // erasure), so that two of them at once wait for each other rather than deadlock.
    const request = await lockRequestOfReview(tx, reviewId, offices);
    if (!request) return { ok: false, reason: "not-found" };
    const [row] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), inArray(reviews.office, offices)))
      .for("update");
    if (!row) return { ok: false, reason: "not-found" };
    if (publish && !row.mayPublish) {
      return { ok: false, reason: "not-allowed", message: reviewWords.notAllowed };
    }
    if ((row.publishedAt !== null) === publish) return { ok: true, changed: false };
    await tx
      .update(reviews)
      .set(
        publish
          ? { publishedAt: sql`now()`, publishedBy: staff.name }
          : { publishedAt: null, publishedBy: null },
      )
      .where(eq(reviews.id, row.id));
    await recordReviewEvent(
      tx,
      staff,
      request,
      publish ? "Review published on the website" : "Review taken off the website",
    );
    await tx.execute(sql`select pg_notify(${publishedReviewsChannel}, ${reviewsPagePath})`);
    return { ok: true, changed: true };
  });
}

/** The request review `reviewId` (of one of `offices`) answers, locked; null when there is none. */
async function lockRequestOfReview(
  tx: Transaction,
  reviewId: string,
  offices: readonly StateSlug[],
): Promise<ServiceRequestRow | null> {
  const [review] = await tx
    .select({ requestId: reviews.requestId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), inArray(reviews.office, offices)));
  return review ? lockRequest(tx, review.requestId) : null;
}

/** An owner's action on a review, in the request's timeline (the request itself does not change). */
async function recordReviewEvent(
  tx: Transaction,
  staff: Pick<StaffMember, "id" | "name">,
  request: ServiceRequestRow,
  detail: string,
) {
  await changeRequest(tx, request, { event: { kind: "review", detail } }, staffActor(staff));
}

/** Low ratings in the owner's offices no owner has handled yet: the inbox says how many. */
export async function reviewsNeedingAttention(
  db: Database,
  staff: Pick<StaffMember, "role" | "offices">,
): Promise<number> {
  const offices = leadOffices(staff);
  if (staff.role !== "owner" || offices.length === 0) return 0;
  const [row] = await db
    .select({ total: count() })
    .from(reviews)
    .where(
      and(
        inArray(reviews.office, offices),
        lte(reviews.rating, needsAttentionAtMost),
        isNull(reviews.handledAt),
      ),
    );
  return row?.total ?? 0;
}

export type HandledOutcome =
  | { ok: true; changed: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; message: string };

/** The owner's note as typed, trimmed; or the message saying what it lacks. */
function handledNoteOf(typed: string): { note: string } | { message: string } {
  const note = typed.trim();
  if (note === "") return { message: reviewWords.handledNoteMissing };
  if (note.length > maxHandledNote) return { message: reviewWords.handledNoteTooLong };
  return { note };
}

/**
 * An owner marks low rating `reviewId` handled, saying in `typedNote` what was done: the desk
 * stops flagging it, the review keeps who, when and the note, and the request's timeline says it
 * (through the door). Marking it again changes nothing.
 */
export async function markReviewHandled(
  db: Database,
  staff: Pick<StaffMember, "id" | "name" | "role" | "offices">,
  reviewId: string,
  typedNote: string,
): Promise<HandledOutcome> {
  const offices = leadOffices(staff);
  if (staff.role !== "owner" || !uuidPattern.test(reviewId)) {
    return { ok: false, reason: "not-found" };
  }
  const checked = handledNoteOf(typedNote);
  if ("message" in checked) return { ok: false, reason: "invalid", message: checked.message };
  const { note } = checked;
  return db.transaction(async (tx): Promise<HandledOutcome> => {
    const request = await lockRequestOfReview(tx, reviewId, offices);
    if (!request) return { ok: false, reason: "not-found" };
    const [row] = await tx
      .update(reviews)
      .set({ handledAt: sql`now()`, handledBy: staff.name, handledNote: note })
      .where(
        and(
          eq(reviews.id, reviewId),
          inArray(reviews.office, offices),
          lte(reviews.rating, needsAttentionAtMost),
          isNull(reviews.handledAt),
        ),
      )
      .returning({ requestId: reviews.requestId, office: reviews.office });
    if (!row) {
      const [known] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.id, reviewId), inArray(reviews.office, offices)));
      return known ? { ok: true, changed: false } : { ok: false, reason: "not-found" };
    }
    await recordReviewEvent(tx, staff, request, reviewWords.handledEvent(note));
    return { ok: true, changed: true };
  });
}
