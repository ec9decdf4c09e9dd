/**
 * What the homeowner hears of a change to their request, decided in one place from the kind of
 * change (the door, ./request-door.ts, calls it in the change's transaction). The words live in
 * mail/ and texts/; how a visit's place, calendar and reminders follow lives in ./visit-changes.ts.
 */
import { and, eq } from "drizzle-orm";

import { profileForState } from "~/content/company";
import type { UndoableAction } from "~/domain/field";

import type { Transaction } from "../db/database";
import { mailContextFor } from "../mail/context";
import { warrantyCallbackOfficeEmail } from "../mail/warranty-emails";
import { enqueueEmails } from "../outbox/enqueue";
import { texts } from "../db/schema";
import { textsTurnedOffReason } from "../texts/enqueue";
import {
  onTheWayTold,
  partNeededTold,
  receiptSent,
  repairDoneTold,
  tapUndoneTold,
} from "../field/field-news";
import { cantFixTold } from "../field/cant-fix-news";
import { depositPaidTold, payLinkSent, type PayLinkNews } from "../payments/pay-link-news";
import { estimateNewsNotNeeded, estimateSentTold } from "../field/estimate-news";
import { cancelWaitingReviewRequests } from "../reviews/review-requests";
import { isBookableInTime } from "./windows";
import {
  cancelReminders,
  heldPlaceOf,
  movePlace,
  photosAdded,
  textsTurnedOn,
  visitCancelled,
  visitOf,
  visitRescheduled,
  visitScheduled,
  type ServiceRequestRow,
  type VisitContext,
} from "./visit-changes";

export type HomeownerNews =
  /** The office booked the visit (or a return visit, a warranty callback): calendar, texts, reminder. */
  | { kind: "visit-booked" }
  /** The homeowner booked a warranty callback: the booked visit's news, and the office emailed at once. */
  | { kind: "warranty-callback-booked" }
  /** Cancelled by the homeowner or the office, or marked spam: the place back, the calendar event cancelled. */
  | { kind: "visit-cancelled"; by: "customer" | "office" | "spam" }
  /** The homeowner moved the visit (the caller moved its place): the calendar, and the office told. */
  | { kind: "visit-moved" }
  /** Reopened by the office: the request takes its requested window again, quietly. */
  | { kind: "reopened" }
  /** The visit is over or not needed: reminders not sent yet stop. */
  | { kind: "reminders-stopped"; why: string }
  /** The homeowner added photos: the office is told. */
  | { kind: "photos-added" }
  /** The homeowner turned texts off (what waits is cancelled) or on again. */
  | { kind: "texts-off" }
  | { kind: "texts-on" }
  /** The technician is on the way (`technician`: first name only): text and email, again if the time moves. */
  | { kind: "on-the-way"; arrivingAbout: string; technician: string; tapId: string }
  /**
   * The technician undid a tap within its seconds: what the tap wrote for the homeowner (held
   * until then) is called off, or the Undo is refused when any of it has gone.
   */
  | { kind: "tap-undone"; action: UndoableAction; tapAt: Date }
  /** The visit ended waiting for a part: its reminder stops, the part by email. */
  | {
      kind: "part-needed";
      part: string;
      technician: string;
      tapId: string;
      /** The part's price ("$275.00") and the deposit asked for it, in cents, when given. */
      price?: string | null;
      deposit?: number | null;
    }
  /**
   * The technician could not fix it (`technician`: their full name, for the office): reminders
   * stop, and the office is emailed at once to call the homeowner, as their page promises.
   */
  | { kind: "cant-fix"; reason: string; technician: string }
  /**
   * The technician wrote an estimate (or wrote it again) and it waits for the homeowner's answer
   * (`technician`: first name only): by email, and by text with consent, with the page's link.
   */
  | { kind: "estimate-sent"; technician: string }
  /** The estimate was answered: what still waits to ask for the answer is not sent. */
  | { kind: "estimate-answered" }
  /** The repair is done: reminders stop, the Done text, the review request scheduled. */
  | { kind: "repair-done"; technician: { id: string; name: string }; doneAt: Date }
  /** The payment is recorded: the receipt by email. */
  | { kind: "payment-recorded" }
  /** An owner refunded part or all of a payment: the receipt again, saying so. */
  | { kind: "refund-issued"; amount: string }
  /** A part deposit was paid by card: the homeowner's receipt for it, by email. */
  | { kind: "deposit-paid"; paymentId: string; amount: string; card: string | null }
  /** The technician sent the card pay link: by text (with consent) or by email. */
  | ({ kind: "pay-link" } & PayLinkNews);

/**
 * Carries out `news` for the request `before` → `after` (both as the door saw them). Only the door
 * calls this: a feature says what changed, never what to send.
 */
export async function tellHomeowner(
  tx: Transaction,
  news: HomeownerNews,
  before: ServiceRequestRow,
  after: ServiceRequestRow,
  context: VisitContext,
): Promise<void> {
  switch (news.kind) {
    case "visit-booked":
      await visitScheduled(tx, after, context);
      return;
    case "warranty-callback-booked": {
      await visitScheduled(tx, after, context);
      const visit = visitOf(after);
      if (!visit || !after.warrantyEnds) {
        throw new Error(`Warranty callback on ${after.id} without its visit or the warranty's end`);
      }
      const facts = {
        ...visit,
        requestId: after.id,
        reference: after.reference,
        name: after.name,
        email: after.email,
        phone: after.phone,
        appliance: after.selectedAppliance,
        address: [after.address, after.zipCode].filter(Boolean).join(", "),
        technician: after.technician,
        problem: after.callbackProblem,
        workDone: after.workDone ?? "",
        warrantyEnds: after.warrantyEnds,
        visitNumber: after.visitNumber,
      };
      const mail = mailContextFor(context.config, profileForState(after.office), context.now());
      await enqueueEmails(tx, after.id, [warrantyCallbackOfficeEmail(facts, mail)]);
      return;
    }
    case "visit-cancelled":
      if (before.status === "completed") {
        // The visit happened: there is none to call off in the homeowner's calendar, and no one is
        // told it was; a review request still waiting is not asked of a cancelled job.
        await cancelWaitingReviewRequests(tx, before.id, "Not needed: the request was cancelled");
        return;
      }
      if (before.status !== "cancelled" && before.status !== "spam") {
        await visitCancelled(tx, before, news.by, context);
      }
      return;
    case "visit-moved":
      await visitRescheduled(tx, after, context);
      return;
    case "reopened": {
      const visit = visitOf(after);
      const place = visit ? { office: after.office, ...visit } : null;
      if (place && isBookableInTime(place, context.now()) && !heldPlaceOf(after)) {
        await movePlace(tx, after, place);
      }
      return;
    }
    case "reminders-stopped":
      await cancelReminders(tx, after.id, news.why);
      return;
    case "photos-added":
      await photosAdded(tx, after, context);
      return;
    case "texts-off":
      await tx
        .update(texts)
        .set({ status: "cancelled", lastError: textsTurnedOffReason })
        .where(and(eq(texts.requestId, after.id), eq(texts.status, "pending")));
      return;
    case "texts-on":
      await textsTurnedOn(tx, after, context);
      return;
    case "on-the-way":
      await onTheWayTold(tx, before, news, context);
      return;
    case "tap-undone":
      await tapUndoneTold(tx, before.id, news);
      return;
    case "part-needed":
      await partNeededTold(tx, before, news, context);
      return;
    case "cant-fix":
      await cantFixTold(tx, before, news, context);
      return;
    case "estimate-sent":
      await estimateSentTold(tx, after, news, context);
      return;
    case "estimate-answered":
      await estimateNewsNotNeeded(tx, after.id, "Not needed: the estimate was answered");
      return;
    case "repair-done":
      await repairDoneTold(tx, before, news, context);
      return;
    case "payment-recorded":
      await receiptSent(tx, after, context);
      return;
    case "pay-link":
      await payLinkSent(tx, after, news, context);
      return;
    case "deposit-paid":
      await depositPaidTold(tx, after, news, context);
      return;
    case "refund-issued":
      await receiptSent(tx, after, context, news.amount);
      return;
  }
}
