/**
 * What the homeowner hears of the technician's taps and of the payment: the On my way text and
 * email (and when an On my way is worth telling: the tap asks `onTheWayTelling` before it says
 * there is news), the Needs a part email, the Done text with the review request, the receipt.
 * Only ../requests/homeowner-news.ts calls the senders, from the door, in the tap's transaction;
 * the words live in ../mail/ and ../texts/messages.ts.
 */
import { and, count, eq, gte, ne, notInArray, sql } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { undoSeconds, type UndoableAction } from "~/domain/field";

import type { Transaction } from "../db/database";
import { outbox, requestVisits, texts } from "../db/schema";
import { mailContextFor } from "../mail/context";
import { onTheWayEmail, partNeededEmail } from "../mail/field-emails";
import { receiptEmail } from "../mail/receipt-emails";
import { outboxRows } from "../outbox/enqueue";
import { serviceCallFor } from "../prices/price-policy";
import { receiptVisitsOf } from "../requests/visit-history";
import {
  cancelReminders,
  type ServiceRequestRow,
  type VisitContext,
} from "../requests/visit-changes";
import { scheduleReviewRequest } from "../reviews/review-requests";
import { enqueueText } from "../texts/enqueue";
import { textBodies } from "../texts/messages";
import { ledgerOf } from "../requests/ledger";
import { receiptViewOf } from "./receipts";
import { serviceCallOfJob } from "./warranty-work";

/** The server takes an Undo this long past the card's `undoSeconds`: a slow network's still counts. */
export const undoGraceMs = 5_000;

/**
 * The news of a tap that can be undone (On my way, Needs a part) waits this long: past the last
 * Undo taken, and that Undo's transaction. An Undo finds it waiting and calls it off.
 */
const heldForUndoMs = undoSeconds * 1000 + undoGraceMs + 5_000;

function heldForUndo(context: VisitContext): Date {
  return new Date(context.now().getTime() + heldForUndoMs);
}

/** How many times one visit's homeowner is told On my way (an email and a text each), at most. */
export const onTheWayToldPerVisit = 3;

/** A new arrival time is worth telling only when it moves by this much. */
const arrivalMoveWorthTellingMinutes = 30;

const onTheWayTextKind = "text.on-the-way";
/** The kind `onTheWayEmail` (../mail/field-emails.ts) gives its email. */
const onTheWayEmailKind = "visit.on-the-way.customer";

function factsOf(row: ServiceRequestRow) {
  const office = profileForState(row.office);
  return {
    office,
    appliance: row.selectedAppliance,
    reference: row.reference,
    language: row.language,
  };
}

/** Whether an On my way is told to the homeowner, or why not (the timeline says it to the desk). */
export type OnTheWayTelling = { tell: true } | { tell: false; why: string };

/**
 * Whether an On my way arriving at `arrivingAt` is told to the homeowner of `visit`: the first of
 * the visit is; another only when it moves the arrival by 30 minutes from the tap before (a close
 * time changes the card and the page, not the homeowner's phone); and never past
 * `onTheWayToldPerVisit`, so a stuck phone or a tapping habit cannot spend the homeowner's emails
 * and texts of the day.
 */
export function onTheWayTelling(
  visit: Pick<ServiceRequestRow, "fieldStatus" | "arrivingAt"> & { toldThisVisit: number },
  arrivingAt: Date,
): OnTheWayTelling {
  if (visit.toldThisVisit >= onTheWayToldPerVisit) {
    return { tell: false, why: `told ${onTheWayToldPerVisit} times on this visit already` };
  }
  if (visit.toldThisVisit === 0 || visit.fieldStatus !== "on-the-way" || !visit.arrivingAt) {
    return { tell: true };
  }
  const movedMinutes = Math.abs(visit.arrivingAt.getTime() - arrivingAt.getTime()) / 60_000;
  return movedMinutes >= arrivalMoveWorthTellingMinutes
    ? { tell: true }
    : {
        tell: false,
        why: `the arrival moved less than ${arrivalMoveWorthTellingMinutes} minutes`,
      };
}

/** An email kind and a text kind that tell the homeowner one piece of news. */
export interface NewsKinds {
  email: string;
  text?: string;
}

export const onTheWayKinds: NewsKinds = { email: onTheWayEmailKind, text: onTheWayTextKind };
export const partNeededKinds: NewsKinds = { email: "visit.part-needed.customer" };

/**
 * How many times the homeowner was told one piece of news (`kinds`) on the request's current
 * visit: its emails and texts not called off before they went (each telling writes at most one
 * of each), since the visit began, when the visit before it was kept in `request_visits`. Read in
 * the change's transaction, after the request was locked, so changes at once count one another.
 */
export async function countToldThisVisit(
  tx: Transaction,
  requestId: string,
  kinds: NewsKinds,
): Promise<number> {
  // A visit after the first began when its row was made (the first counts from the request).
  const visitBegan = sql`coalesce((select max(${requestVisits.createdAt}) from ${requestVisits} where ${requestVisits.requestId} = ${requestId} and ${requestVisits.number} > 1), '-infinity'::timestamptz)`;
  const [emails] = await tx
    .select({ count: count() })
    .from(outbox)
    .where(
      and(
        eq(outbox.subjectId, requestId),
        eq(outbox.kind, kinds.email),
        ne(outbox.status, "cancelled"),
        gte(outbox.createdAt, visitBegan),
      ),
    );
  if (!kinds.text) return emails?.count ?? 0;
  const [textsSent] = await tx
    .select({ count: count() })
    .from(texts)
    .where(
      and(
        eq(texts.requestId, requestId),
        eq(texts.kind, kinds.text),
        ne(texts.status, "cancelled"),
        gte(texts.createdAt, visitBegan),
      ),
    );
  return Math.max(emails?.count ?? 0, textsSent?.count ?? 0);
}

/** On my way, when the tap found it worth telling (`onTheWayTelling`): texted and emailed. */
export async function onTheWayTold(
  tx: Transaction,
  before: ServiceRequestRow,
  tap: { arrivingAbout: string; technician: string; tapId: string },
  context: VisitContext,
): Promise<void> {
  const facts = factsOf(before);
  const notBefore = heldForUndo(context);
  await enqueueText(tx, before, {
    kind: onTheWayTextKind,
    body: textBodies.onTheWay(facts, tap.technician, tap.arrivingAbout),
    notBefore,
  });
  if (before.email === "") return;
  const email = onTheWayEmail(
    { ...tapEmailFacts(before, tap, context), arrivingAbout: tap.arrivingAbout },
    mailContextFor(context.config, facts.office, context.now()),
  );
  await tx
    .insert(outbox)
    .values(outboxRows(before.id, [email]).map((row) => ({ ...row, nextAttemptAt: notBefore })));
}

/** What every email a technician's tap sends names: the request, the technician and the tap. */
function tapEmailFacts(
  before: ServiceRequestRow,
  tap: { technician: string; tapId: string },
  context: VisitContext,
) {
  return {
    requestId: before.id,
    email: before.email,
    appliance: before.selectedAppliance,
    reference: before.reference,
    technician: tap.technician,
    tapId: tap.tapId,
    requestUrl: context.links.urlFor(before.id),
    language: before.language,
  };
}

/** Needs a part: the visit that was booked is over (its reminder is not needed); the part, by email. */
export async function partNeededTold(
  tx: Transaction,
  before: ServiceRequestRow,
  tap: {
    part: string;
    technician: string;
    tapId: string;
    price?: string | null;
    deposit?: number | null;
  },
  context: VisitContext,
): Promise<void> {
  await cancelReminders(tx, before.id, "Not needed: the visit ended waiting for a part");
  if (before.email === "") return;
  const email = partNeededEmail(
    {
      ...tapEmailFacts(before, tap, context),
      part: tap.part,
      price: tap.price ?? null,
      deposit: tap.deposit ?? null,
    },
    mailContextFor(context.config, profileForState(before.office), context.now()),
  );
  const notBefore = heldForUndo(context);
  await tx
    .insert(outbox)
    .values(outboxRows(before.id, [email]).map((row) => ({ ...row, nextAttemptAt: notBefore })));
}

/** Why the news of an undone tap was not sent (the timeline and the desk's message list say it). */
export const tapUndoneReason = "Not sent: the technician undid the tap";

/** The news of an undone tap left before the Undo came: the Undo is refused, nothing changes. */
export class NewsAlreadySent extends Error {
  constructor() {
    super("The tap's news has gone out: it cannot be undone");
  }
}

const newsOfUndoable: Record<UndoableAction, NewsKinds | null> = {
  "on-my-way": onTheWayKinds,
  arrived: null,
  "needs-part": partNeededKinds,
};

/**
 * A tap undone: what it wrote for the homeowner (held since `tapAt`, see `heldForUndo`) is called
 * off. Refused with `NewsAlreadySent` when any of it was taken for sending already.
 */
export async function tapUndoneTold(
  tx: Transaction,
  requestId: string,
  undone: { action: UndoableAction; tapAt: Date },
): Promise<void> {
  const kinds = newsOfUndoable[undone.action];
  if (!kinds) return;
  const emailsOfTheTap = and(
    eq(outbox.subjectId, requestId),
    eq(outbox.kind, kinds.email),
    gte(outbox.nextAttemptAt, undone.tapAt),
  );
  const textsOfTheTap = and(
    eq(texts.requestId, requestId),
    eq(texts.kind, kinds.text ?? ""),
    gte(texts.nextAttemptAt, undone.tapAt),
  );
  const [emailsGone] = await tx
    .select({ count: count() })
    .from(outbox)
    .where(and(emailsOfTheTap, notInArray(outbox.status, ["pending", "cancelled"])));
  const [textsGone] = kinds.text
    ? await tx
        .select({ count: count() })
        .from(texts)
        .where(and(textsOfTheTap, notInArray(texts.status, ["pending", "cancelled"])))
    : [];
  if ((emailsGone?.count ?? 0) + (textsGone?.count ?? 0) > 0) throw new NewsAlreadySent();
  await tx
    .update(outbox)
    .set({ status: "cancelled", lastError: tapUndoneReason })
    .where(and(emailsOfTheTap, eq(outbox.status, "pending")));
  if (kinds.text) {
    await tx
      .update(texts)
      .set({ status: "cancelled", lastError: tapUndoneReason })
      .where(and(textsOfTheTap, eq(texts.status, "pending")));
  }
}

/** Done: reminders stop, the Done text, and the review request (once per request) is scheduled. */
export async function repairDoneTold(
  tx: Transaction,
  before: ServiceRequestRow,
  tap: { technician: { id: string; name: string }; doneAt: Date },
  context: VisitContext,
): Promise<void> {
  await cancelReminders(tx, before.id, "Not needed: the repair was completed");
  await enqueueText(tx, before, { kind: "text.done", body: textBodies.done(factsOf(before)) });
  await scheduleReviewRequest(tx, before, tap.technician, tap.doneAt, context);
}

/** The payment is recorded: the receipt, by email. */
export async function receiptSent(
  tx: Transaction,
  after: ServiceRequestRow,
  context: VisitContext,
  refunded?: string,
): Promise<void> {
  if (after.email === "") return;
  const [serviceCall, { visits, repaired }, ledger] = await Promise.all([
    serviceCallFor(tx, after),
    receiptVisitsOf(tx, after, after.language),
    ledgerOf(tx, after.id, after.jobNumber),
  ]);
  const fee = serviceCallOfJob(after, serviceCall?.serviceCallCents ?? null);
  const receipt = receiptViewOf(after, fee, visits, repaired, ledger, after.language);
  if (!receipt) return;
  const email = receiptEmail(
    {
      requestId: after.id,
      email: after.email,
      appliance: after.selectedAppliance,
      receipt,
      hasLink: context.links.urlFor(after.id) !== "",
      ...(refunded ? { refunded } : {}),
      language: after.language,
    },
    mailContextFor(
      context.config,
      profileForState(after.office),
      // Sent again after a refund: an email of its own (its Message-ID is its time's).
      refunded ? context.now() : (after.paidAt ?? context.now()),
    ),
  );
  await tx.insert(outbox).values(outboxRows(after.id, [email]));
}
