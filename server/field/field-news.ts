/**
 * What the homeowner hears of the technician's taps and of the payment: the On my way text and
 * email, the Needs a part email, the Done text with the review request, the receipt. Only
 * ../requests/homeowner-news.ts calls these, from the door, in the tap's transaction; the words
 * live in ../mail/ and ../texts/messages.ts.
 */
import { profileForState } from "~/content/company";

import type { Transaction } from "../db/database";
import { outbox } from "../db/schema";
import { mailContextFor } from "../mail/context";
import { onTheWayEmail, partNeededEmail } from "../mail/field-emails";
import { receiptEmail } from "../mail/receipt-emails";
import { outboxRows } from "../outbox/enqueue";
import { serviceCallFor } from "../prices/price-policy";
import {
  cancelReminders,
  type ServiceRequestRow,
  type VisitContext,
} from "../requests/visit-changes";
import { scheduleReviewRequest } from "../reviews/review-requests";
import { enqueueText } from "../texts/enqueue";
import { textBodies } from "../texts/messages";
import { receiptViewOf } from "./receipts";

/** A new arrival time is worth telling only when it moves by this much. */
const arrivalMoveWorthTellingMs = 15 * 60_000;

function factsOf(row: ServiceRequestRow) {
  const office = profileForState(row.office);
  return { office, appliance: row.selectedAppliance, reference: row.reference };
}

/**
 * Whether an On my way is news to the homeowner: the first is, and another only when it moves the
 * arrival time by 15 minutes (a close time changes the card, not the homeowner's phone).
 */
export function arrivalWorthTelling(
  before: Pick<ServiceRequestRow, "fieldStatus" | "arrivingAt">,
  arrivingAt: Date | null,
): boolean {
  return (
    before.fieldStatus !== "on-the-way" ||
    !before.arrivingAt ||
    !arrivingAt ||
    Math.abs(before.arrivingAt.getTime() - arrivingAt.getTime()) >= arrivalMoveWorthTellingMs
  );
}

/** On my way: texted and emailed when it is news (`arrivalWorthTelling`). */
export async function onTheWayTold(
  tx: Transaction,
  before: ServiceRequestRow,
  after: ServiceRequestRow,
  tap: { arrivingAbout: string; technician: string; tapId: string },
  context: VisitContext,
): Promise<void> {
  if (!arrivalWorthTelling(before, after.arrivingAt)) return;
  const facts = factsOf(before);
  await enqueueText(tx, before, {
    kind: "text.on-the-way",
    body: textBodies.onTheWay(facts, tap.technician, tap.arrivingAbout),
  });
  if (before.email === "") return;
  const email = onTheWayEmail(
    { ...tapEmailFacts(before, tap, context), arrivingAbout: tap.arrivingAbout },
    mailContextFor(context.config, facts.office, context.now()),
  );
  await tx.insert(outbox).values(outboxRows(before.id, [email]));
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
  };
}

/** Needs a part: the visit that was booked is over (its reminder is not needed); the part, by email. */
export async function partNeededTold(
  tx: Transaction,
  before: ServiceRequestRow,
  tap: { part: string; technician: string; tapId: string },
  context: VisitContext,
): Promise<void> {
  await cancelReminders(tx, before.id, "Not needed: the visit ended waiting for a part");
  if (before.email === "") return;
  const email = partNeededEmail(
    { ...tapEmailFacts(before, tap, context), part: tap.part },
    mailContextFor(context.config, profileForState(before.office), context.now()),
  );
  await tx.insert(outbox).values(outboxRows(before.id, [email]));
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
): Promise<void> {
  if (after.email === "") return;
  const receipt = receiptViewOf(after, (await serviceCallFor(tx, after))?.serviceCallCents ?? null);
  if (!receipt) return;
  const email = receiptEmail(
    {
      requestId: after.id,
      email: after.email,
      appliance: after.selectedAppliance,
      receipt,
      hasLink: context.links.urlFor(after.id) !== "",
    },
    mailContextFor(context.config, profileForState(after.office), after.paidAt ?? context.now()),
  );
  await tx.insert(outbox).values(outboxRows(after.id, [email]));
}
