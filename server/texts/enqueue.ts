/**
 * Writes a text in the transaction of what causes it, only for a request whose homeowner
 * ticked the box and has not turned texts off: no consent, no text. Opt-outs (STOP), quiet
 * hours and the number's daily limits are the worker's to check, at the moment of sending.
 */
import { randomUUID } from "node:crypto";

import { and, eq, inArray } from "drizzle-orm";

import type { Transaction } from "../db/database";
import { type serviceRequests, texts } from "../db/schema";
import type { MessageCause } from "../mail/message";

type RequestRow = typeof serviceRequests.$inferSelect;

export const textReminderKind = "text.reminder";

/**
 * The texts a person of the office or the field causes for a request they worked: the visit
 * booked (and its reminder), On my way, the estimate sent, Done, and the review request Done
 * schedules. They count
 * in the office's budget for the number, which no web booking can spend. Any other kind counts
 * in the website's (../mail/message.ts, `MessageCause`).
 */
const officeTextKinds: ReadonlySet<string> = new Set([
  "text.booked",
  textReminderKind,
  "text.on-the-way",
  "text.estimate-sent",
  "text.done",
  "text.review-request",
  "text.review-reminder",
  "text.pay-link",
]);

export function causeOfText(kind: string): MessageCause {
  return officeTextKinds.has(kind) ? "office" : "website";
}

/** Why a request's waiting texts were cancelled: its homeowner turned texts off. */
export const textsTurnedOffReason = "The homeowner turned texts off";

/** Whether texts may be written for the request now. */
export function textsAllowed(row: RequestRow): row is RequestRow & { textConsentPhone: string } {
  return (
    row.textConsentAt !== null &&
    row.textConsentPhone !== null &&
    row.textsOffAt === null &&
    row.erasedAt === null
  );
}

export async function enqueueText(
  tx: Transaction,
  row: RequestRow,
  text: { kind: string; body: string; notBefore?: Date },
): Promise<void> {
  if (!textsAllowed(row)) return;
  await tx.insert(texts).values({
    id: randomUUID(),
    requestId: row.id,
    kind: text.kind,
    cause: causeOfText(text.kind),
    to: row.textConsentPhone,
    body: text.body,
    office: row.office,
    consentAt: row.textConsentAt,
    ...(text.notBefore ? { nextAttemptAt: text.notBefore } : {}),
  });
}

/** Texts of the request not sent yet that are not needed any more (a reminder of a moved visit). */
export async function cancelTexts(
  tx: Transaction,
  requestId: string,
  kinds: readonly string[],
  why: string,
): Promise<void> {
  await tx
    .update(texts)
    .set({ status: "cancelled", lastError: why })
    .where(
      and(eq(texts.requestId, requestId), inArray(texts.kind, kinds), eq(texts.status, "pending")),
    );
}
