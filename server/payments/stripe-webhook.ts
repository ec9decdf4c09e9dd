/**
 * `POST /api/payments/stripe`: Stripe's signed events. The raw body is checked against
 * `Stripe-Signature` (HMAC-SHA256 of "t.body" with the webhook secret, at most 300 seconds old,
 * any of its v1 signatures) by Stripe's own library; anything else is 400 and changes nothing.
 * Each event id is acted on once (`stripe_events`), in the transaction of what it changes, so a
 * delivery repeated, or out of order, changes nothing twice. `catchUpStripeEvents` reads the
 * completed sessions the server missed while it was down.
 */
import { eq } from "drizzle-orm";
import express, { Router } from "express";
import Stripe from "stripe";

import type { Database, Transaction } from "../db/database";
import { stripeEvents } from "../db/schema";
import type { CardPayments, PaidSession } from "./card-payments.server";

/** An event's age past which its signature is refused (Stripe's own default). */
export const signatureToleranceSeconds = 300;

/** The events acted on; any other is acknowledged and recorded as ignored. */
const handledTypes = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
]);

export interface StripeWebhookOptions {
  db: Database;
  payments: CardPayments;
  webhookSecret: string | undefined;
  now: () => Date;
}

export function createStripeWebhook({ db, payments, webhookSecret, now }: StripeWebhookOptions) {
  const router = Router();
  // Stripe's events are small; the signature is over the exact bytes, so they are kept raw.
  const raw = express.raw({ type: () => true, limit: "256kb" });
  router.post("/payments/stripe", raw, async (req, res, next) => {
    res.set("Cache-Control", "no-store");
    if (!webhookSecret) {
      res.status(400).type("text/plain").send("Card payments are not set up");
      return;
    }
    const body: unknown = req.body;
    const signature = req.get("stripe-signature");
    if (!Buffer.isBuffer(body) || !signature) {
      res.status(400).type("text/plain").send("No signature");
      return;
    }
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(
        body,
        signature,
        webhookSecret,
        signatureToleranceSeconds,
        undefined,
        // In milliseconds: the library divides by 1000 (seconds here would make every event new).
        now().getTime(),
      );
    } catch {
      res.status(400).type("text/plain").send("The signature does not match");
      return;
    }
    try {
      const outcome = await actOnEvent(db, payments, event);
      res.status(200).json({ received: true, outcome });
    } catch (error) {
      // Stripe sends it again later; nothing of it was kept.
      next(error);
    }
  });
  return router;
}

/** Whether the event was acted on before. */
async function seen(db: Database | Transaction, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, id))
    .limit(1);
  return rows.length > 0;
}

/**
 * Acts on one verified event, once: the card is read from Stripe first (outside the
 * transaction), then the change and the event's record are one transaction.
 */
export async function actOnEvent(
  db: Database,
  payments: CardPayments,
  event: Stripe.Event,
): Promise<string> {
  if (await seen(db, event.id)) return "seen before";
  if (!handledTypes.has(event.type)) return record(db, event, async () => "ignored");
  if (event.type === "charge.refunded") {
    const charge = event.data.object;
    const paymentIntent =
      typeof charge.payment_intent === "string"
        ? charge.payment_intent
        : (charge.payment_intent?.id ?? null);
    return record(db, event, (tx) =>
      payments.noteStripeRefund(
        { payment_intent: paymentIntent, amount_refunded: charge.amount_refunded },
        tx,
      ),
    );
  }
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.object !== "checkout.session") return record(db, event, async () => "ignored");
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      // A delayed payment (a bank debit) completes unpaid: its own event says how it ended.
      if (session.payment_status !== "paid") {
        return record(db, event, async () => `awaiting payment ${session.id}`);
      }
      const paid: PaidSession = await payments.paidSessionOf(session);
      return record(db, event, (tx) => payments.settlePaid(paid, tx));
    }
    case "checkout.session.async_payment_failed":
      return record(db, event, (tx) => payments.settleUnpaid(session.id, "failed", tx));
    case "checkout.session.expired":
      return record(db, event, (tx) => payments.settleUnpaid(session.id, "expired", tx));
    default:
      return record(db, event, async () => "ignored");
  }
}

/** Acts and records the event in one transaction; a delivery racing it waits, then finds it. */
async function record(
  db: Database,
  event: Stripe.Event,
  act: (tx: Transaction) => Promise<string>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, outcome: "" })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!claimed) return "seen before";
    const outcome = await act(tx);
    await tx.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, event.id));
    return outcome;
  });
}

/**
 * The completed sessions of the last three days whose events were never acted on (the server was
 * down, a delivery failed): acted on now, as their delivery would have been.
 */
export async function catchUpStripeEvents(
  db: Database,
  stripe: Stripe,
  payments: CardPayments,
  now: Date,
): Promise<number> {
  let acted = 0;
  const since = Math.floor(now.getTime() / 1000) - 3 * 24 * 60 * 60;
  for await (const event of stripe.events.list({
    types: [
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.async_payment_failed",
      "charge.refunded",
    ],
    created: { gte: since },
    limit: 100,
  })) {
    if (await seen(db, event.id)) continue;
    try {
      await actOnEvent(db, payments, event);
      acted += 1;
    } catch (error) {
      // One event that fails (its request gone, a conflict) leaves the others to be read.
      console.error(
        `Stripe event ${event.id} not acted on: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  return acted;
}
