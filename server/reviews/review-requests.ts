/**
 * The review request: written at the first Done, in the tap's transaction, as outbox rows (and
 * texts, where the homeowner agreed to them) due later: REVIEW_REQUEST_DELAY_MINUTES after Done,
 * and the one reminder three days after that, each moved out of quiet hours to the next 8:00.
 * The homeowner's answer cancels whatever still waits (./review-answers.ts), in its transaction.
 */
import { and, eq, inArray } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { googleReviewsUrls } from "~/content/google-reviews";
import type { StateSlug } from "~/content/states";

import type { Database, Transaction } from "../db/database";
import { outbox, reviews } from "../db/schema";
import { mailContextFor } from "../mail/context";
import { privateLinkPlaceholder } from "../mail/private-links";
import { reviewEmailKinds, reviewRequestEmail } from "../mail/review-emails";
import { outboxRows } from "../outbox/enqueue";
import { writeBookkeeping } from "../requests/request-bookkeeping";
import type { ServiceRequestRow, VisitContext } from "../requests/visit-changes";
import { cancelTexts, enqueueText } from "../texts/enqueue";
import { textBodies } from "../texts/messages";
import { quietUntil } from "../texts/quiet-hours";

export const reviewTextKinds = {
  request: "text.review-request",
  reminder: "text.review-reminder",
} as const;

/** The review request and its reminder, by email and by text: never sent once answered. */
export const reviewAskKinds: ReadonlySet<string> = new Set([
  reviewEmailKinds.request,
  reviewEmailKinds.reminder,
  reviewTextKinds.request,
  reviewTextKinds.reminder,
]);

/**
 * Of `requestIds`, those whose homeowner has answered the review request. The workers ask it just
 * before sending: the answer cancels only what still waits, and a worker may have claimed the
 * request or the reminder a moment before (or put it back to wait after a failed attempt).
 */
export async function answeredReviewRequests(
  db: Database,
  requestIds: readonly string[],
): Promise<Set<string>> {
  if (requestIds.length === 0) return new Set();
  const answered = await db
    .select({ requestId: reviews.requestId })
    .from(reviews)
    .where(inArray(reviews.requestId, [...new Set(requestIds)]));
  return new Set(answered.map((row) => row.requestId));
}

/** Why a review request or reminder is not sent: the homeowner answered. */
export const answeredReason = "Not needed: the homeowner answered";

/** The one reminder, this long after the request, when there is no answer. */
export const reviewReminderDelayMs = 3 * 24 * 60 * 60 * 1000;

/** `at`, or the next 8:00 office time when `at` is in the office's quiet hours (email too). */
export function outOfQuietHours(office: StateSlug, at: Date): Date {
  return quietUntil(office, at) ?? at;
}

/** When the review request and its reminder go out for a repair done at `doneAt`. */
export function reviewRequestTimes(
  office: StateSlug,
  doneAt: Date,
  delayMinutes: number,
): { requestAt: Date; reminderAt: Date } {
  const requestAt = outOfQuietHours(office, new Date(doneAt.getTime() + delayMinutes * 60_000));
  const reminderAt = outOfQuietHours(office, new Date(requestAt.getTime() + reviewReminderDelayMs));
  return { requestAt, reminderAt };
}

/** The technician's first name: all the homeowner is told. */
function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/**
 * Schedules the review request of a repair just done (`row` locked, as it was before the tap).
 * Once per request: a request asked already (a warranty callback done later) or answered
 * already is asked nothing again.
 */
export async function scheduleReviewRequest(
  tx: Transaction,
  row: ServiceRequestRow,
  technician: { id: string; name: string },
  doneAt: Date,
  context: VisitContext,
): Promise<void> {
  if (row.reviewRequestAt !== null || row.erasedAt !== null) return;
  const [answered] = await tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(eq(reviews.requestId, row.id));
  if (answered) return;
  const office = profileForState(row.office);
  const { requestAt, reminderAt } = reviewRequestTimes(
    row.office,
    doneAt,
    context.config.REVIEW_REQUEST_DELAY_MINUTES,
  );
  const name = firstNameOf(technician.name);
  const facts = {
    office,
    appliance: row.selectedAppliance,
    reference: row.reference,
    language: row.language,
  };
  const mail = mailContextFor(context.config, office, doneAt);
  const textBody = textBodies.reviewRequest(
    facts,
    name,
    privateLinkPlaceholder(mail.siteUrl, row.id),
  );
  await enqueueText(tx, row, {
    kind: reviewTextKinds.request,
    body: textBody,
    notBefore: requestAt,
  });
  await enqueueText(tx, row, {
    kind: reviewTextKinds.reminder,
    body: textBody,
    notBefore: reminderAt,
  });
  if (row.email !== "") {
    const request = {
      requestId: row.id,
      email: row.email,
      appliance: row.selectedAppliance,
      reference: row.reference,
      technician: name,
      googleReviewsUrl: googleReviewsUrls[row.office],
      language: row.language,
    };
    const [first] = outboxRows(row.id, [reviewRequestEmail(request, mail)]);
    const [second] = outboxRows(row.id, [reviewRequestEmail(request, mail, { reminder: true })]);
    await tx.insert(outbox).values([
      { ...first!, nextAttemptAt: requestAt },
      { ...second!, nextAttemptAt: reminderAt },
    ]);
  }
  await writeBookkeeping(tx, row.id, {
    reviewRequestAt: requestAt,
    reviewTechnicianId: technician.id,
    reviewTechnician: technician.name,
  });
}

/** What still waits of the request's review request and reminder is not needed (an answer). */
export async function cancelWaitingReviewRequests(
  tx: Transaction,
  requestId: string,
  why: string,
): Promise<void> {
  await cancelTexts(tx, requestId, [reviewTextKinds.request, reviewTextKinds.reminder], why);
  await tx
    .update(outbox)
    .set({ status: "cancelled", lastError: why })
    .where(
      and(
        eq(outbox.subjectId, requestId),
        inArray(outbox.kind, [reviewEmailKinds.request, reviewEmailKinds.reminder]),
        eq(outbox.status, "pending"),
      ),
    );
}
