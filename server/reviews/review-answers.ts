/**
 * The homeowner's answer to the review request, on their private page: one per request, after
 * Done, a POST counted like the page's other changes. The answer is stored with what may be
 * published of it (first name, city: only if the box was ticked), cancels the request and
 * reminder still waiting, goes into the lead's timeline, and a rating of 3 or less is emailed to
 * every owner and flagged in the desk. What the page shows of it is `reviewPageView`.
 */
import { randomUUID } from "node:crypto";

import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";

import { applianceTypes } from "~/content/appliances";
import { profileForState } from "~/content/company";
import { googleReviewsUrls } from "~/content/google-reviews";
import {
  cityFromAddress,
  firstNameOf,
  needsAttentionAtMost,
  maxReviewWords,
  reviewWords,
  starsText,
  type ReviewPageView,
} from "~/domain/reviews";
import { fieldErrorsOf } from "~/lib/field-errors";

import type { Database, Transaction } from "../db/database";
import { outbox, reviews, staffUsers } from "../db/schema";
import { mailContextFor } from "../mail/context";
import { lowRatingEmail } from "../mail/review-emails";
import { outboxRows } from "../outbox/enqueue";
import type { PageBudgets } from "../requests/page-limits";
import { changeRequest, customer } from "../requests/request-door";
import type { ServiceRequestRow, VisitContext } from "../requests/visit-changes";
import { answeredReason, cancelWaitingReviewRequests } from "./review-requests";

/** The rating form (app/features/reviews/review-section.tsx), read on the server only. */
const reviewFormSchema = z.object({
  // The radios send one digit; Number() would also read "1e0", "01" or " 1" as a star.
  rating: z
    .string({ error: "Choose 1 to 5 stars" })
    .regex(/^[1-5]$/, "Choose 1 to 5 stars")
    .transform(Number),
  words: z.string().trim().max(maxReviewWords, "Use at most 2,000 characters").default(""),
  // A checkbox: present ("yes") when ticked, absent otherwise.
  mayPublish: z
    .string()
    .optional()
    .transform((value) => value === "yes"),
});

export type ReviewAnswerOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; fieldErrors: Partial<Record<string, string>> }
  | { ok: false; reason: "not-allowed"; message: string }
  | { ok: false; reason: "limited"; message: string; retryAfterSeconds: number };

/** Reviewable once the repair was done (a warranty callback booked since changes nothing). */
function isDone(row: ServiceRequestRow): boolean {
  return row.doneAt !== null && row.status !== "cancelled" && row.status !== "spam";
}

function applianceName(id: string): string {
  return applianceTypes.find((type) => type.id === id)?.name ?? "Appliance";
}

export interface AnswerContext {
  db: Database;
  budgets: PageBudgets;
  visits: VisitContext;
  /** The request, found again by its link and locked, inside the answer's transaction. */
  lock(tx: Transaction): Promise<ServiceRequestRow | null>;
  client: string;
  tooManyMessage: string;
}

/** Stores the answer `fields` (the posted form) to `found`'s review request. */
export async function answerReview(
  found: ServiceRequestRow,
  fields: Record<string, string>,
  { db, budgets, visits, lock, client, tooManyMessage }: AnswerContext,
): Promise<ReviewAnswerOutcome> {
  const parsed = reviewFormSchema.safeParse(fields);
  if (!parsed.success)
    return { ok: false, reason: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
  if (!isDone(found)) return { ok: false, reason: "not-allowed", message: reviewWords.notYet };
  if (await answerOf(db, found.id)) {
    return { ok: false, reason: "not-allowed", message: reviewWords.alreadySent };
  }
  const change = await budgets.takeChange(found.id, client);
  if (!change.ok) {
    return {
      ok: false,
      reason: "limited",
      message: tooManyMessage,
      retryAfterSeconds: change.retryAfterSeconds,
    };
  }
  const answer = parsed.data;
  const now = visits.now();
  const outcome = await db.transaction(async (tx): Promise<ReviewAnswerOutcome> => {
    const row = await lock(tx);
    if (!row) return { ok: false, reason: "not-found" };
    if (!isDone(row)) return { ok: false, reason: "not-allowed", message: reviewWords.notYet };
    const technician = row.reviewTechnician ?? row.technician ?? "";
    const review = {
      id: randomUUID(),
      requestId: row.id,
      office: row.office,
      technicianId: row.reviewTechnicianId ?? row.technicianId,
      technician,
      rating: answer.rating,
      words: answer.words,
      mayPublish: answer.mayPublish,
      firstName: firstNameOf(row.name),
      city: cityFromAddress(row.address),
      appliance: applianceName(row.selectedAppliance),
      answeredAt: now,
    };
    const [stored] = await tx
      .insert(reviews)
      .values(review)
      .onConflictDoNothing({ target: reviews.requestId })
      .returning({ id: reviews.id });
    if (!stored) return { ok: false, reason: "not-allowed", message: reviewWords.alreadySent };
    await cancelWaitingReviewRequests(tx, row.id, answeredReason);
    const needsAttention = answer.rating <= needsAttentionAtMost;
    const detail = [
      `Review: ${starsText(answer.rating)}${answer.words === "" ? "." : `: "${answer.words}"`}`,
      needsAttention ? `${reviewWords.needsAttention}.` : null,
      answer.mayPublish ? "May be published." : "Not for publishing.",
    ]
      .filter(Boolean)
      .join(" ");
    // Only the timeline and the listeners: the request's columns stay as they are.
    await changeRequest(tx, row, { event: { kind: "review", detail } }, customer, visits);
    if (needsAttention) await alertOwners(tx, row, review, visits, now);
    return { ok: true };
  });
  if (!outcome.ok) await change.giveBack();
  return outcome;
}

/** Every owner (not disabled) is emailed a rating of 3 or less, with the homeowner's phone. */
async function alertOwners(
  tx: Transaction,
  row: ServiceRequestRow,
  review: { id: string; rating: number; words: string; technician: string; firstName: string },
  visits: VisitContext,
  now: Date,
) {
  const owners = await tx
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "owner"), isNull(staffUsers.disabledAt)));
  if (owners.length === 0) return;
  const mail = mailContextFor(visits.config, profileForState(row.office), now);
  const emails = owners.map((owner) =>
    lowRatingEmail(
      {
        reviewId: review.id,
        leadId: row.id,
        ownerId: owner.id,
        ownerEmail: owner.email,
        rating: review.rating,
        words: review.words,
        appliance: row.selectedAppliance,
        reference: row.reference,
        technician: review.technician,
        firstName: review.firstName,
        phone: row.phone,
      },
      mail,
    ),
  );
  // About the review, not the request: the homeowner's private link is never filled into them.
  await tx.insert(outbox).values(outboxRows(review.id, emails));
}

async function answerOf(db: Database | Transaction, requestId: string) {
  const [answer] = await db
    .select({ rating: reviews.rating, words: reviews.words, mayPublish: reviews.mayPublish })
    .from(reviews)
    .where(eq(reviews.requestId, requestId));
  return answer ?? null;
}

/** What the private page shows of the review: null until the repair is done. */
export async function reviewPageView(
  db: Database,
  row: ServiceRequestRow,
): Promise<ReviewPageView | null> {
  if (!isDone(row)) return null;
  const technician = row.reviewTechnician ?? row.technician ?? "";
  return {
    technician:
      technician.trim().split(/\s+/)[0] ||
      (row.language === "es" ? "su técnico" : "your technician"),
    googleReviewsUrl: googleReviewsUrls[row.office],
    answer: await answerOf(db, row.id),
  };
}
