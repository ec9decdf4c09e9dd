/**
 * Card payments through Stripe Checkout: the pay link (a Checkout Session for what the request
 * owes now, reused while open), what Stripe's signed events say of it (./stripe-webhook.ts), and
 * the pay links a cash or check payment closes. No card number touches our pages: the homeowner
 * pays on Stripe's. The redirect back proves nothing; a session is paid when its event says so.
 * Every change to the request (the ledger's row, the job paid, the receipt) goes through the door.
 */
import { createHash, randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { formatMoney } from "~/domain/money";
import { applianceName } from "~/domain/appliances";

import type { Database, Transaction } from "../db/database";
import { serviceRequests } from "../db/schema";
import { fromRequests } from "../requests/request-rows";
import { textsAllowed } from "../texts/enqueue";
import { chargeOf, repairPaidCents, settlementOf } from "../field/estimates.server";
import { spanishAppliance } from "../mail/spanish-words";
import { serviceCallFor } from "../prices/price-policy";
import {
  depositPaidCents,
  ledgerOf,
  ledgerRowOfSession,
  ledgerRowsOfPaymentIntent,
  openCardRows,
  refundableCents,
  type LedgerChange,
  type LedgerRow,
} from "../requests/ledger";
import {
  changeRequest,
  lockRequest,
  type Actor,
  type RequestChange,
} from "../requests/request-door";
import type { ServiceRequestRow, VisitContext } from "../requests/visit-changes";
import Stripe from "stripe";

/** What the request owes now: the job's charge, what was paid on it, and the rest. */
export interface Balance {
  chargeCents: number;
  paidCents: number;
  dueCents: number;
  for: "repair" | "service-call";
  /** A part deposit asked while the part is awaited, or what the job's charge leaves owed. */
  kind: "deposit" | "balance";
}

export type PayLinkOutcome =
  | { ok: true; url: string; reused: boolean; paymentId: string; cents: number }
  | { ok: false; reason: "unavailable" | "nothing-owed" | "not-found"; message: string };

export const payMessages = {
  unavailable: "Card payments are not available right now. Please call us.",
  nothingOwed: "Nothing is owed on this request now.",
  notSetUp: "Card payments are not set up: record cash, check or card below.",
  noTexts: "The customer did not agree to texts: email the link or show the QR code.",
  noEmail: "This request has no email address: text the link or show the QR code.",
} as const;

export type RefundOutcome =
  | { ok: true; replayed: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid" | "refused"; message: string };

type RefundAsked =
  | { ok: true; replayed: boolean; card?: { refundId: string; payment: LedgerRow; whole: boolean } }
  | Exclude<RefundOutcome, { ok: true }>;

export const refundMessages = {
  nothingLeft: "This payment is refunded in full already.",
  atMost: (left: string) => `At most ${left} of this payment can be refunded.`,
  notByStripe: "This card payment was not taken through Stripe: refund it on the card terminal.",
  failed:
    "Stripe did not make the refund: nothing was given back. Try again, or refund it on Stripe.",
  noAnswer:
    "Stripe did not answer yet: the refund stays asked, and shows here as refunded once Stripe confirms it. Do not ask again.",
} as const;

/** A Checkout Session stays payable for a day (Stripe allows 30 minutes to 24 hours). */
const sessionLifetimeMs = 23 * 60 * 60 * 1000;
/** Taps within one such window share a session (their idempotency key and its end). */
const sessionKeyWindowMs = 10 * 60 * 1000;
/** An open session this close to its end is not handed out again: a new one is made. */
const reuseMarginMs = 30 * 60 * 1000;

/** What a paid session said of its card: the last four digits, from its PaymentIntent's charge. */
export interface PaidSession {
  sessionId: string;
  paymentIntentId: string | null;
  cardLast4: string | null;
}

export class CardPayments {
  readonly #db: Database;
  readonly #context: VisitContext;
  readonly #stripe: Stripe | null;

  constructor(db: Database, context: VisitContext, stripe: Stripe | null) {
    this.#db = db;
    this.#context = context;
    this.#stripe = stripe;
  }

  /** Whether cards are taken at all (a secret key is configured). */
  get enabled(): boolean {
    return this.#stripe !== null;
  }

  /** What the request owes now, or null when nothing is (see `chargeOf`). */
  async balanceOf(db: Database | Transaction, row: ServiceRequestRow): Promise<Balance | null> {
    const fee = (await serviceCallFor(db, row))?.serviceCallCents ?? null;
    const charge = chargeOf(row, fee);
    if (!charge) return depositOf(db, row);
    // A repair's deposits and payments count toward it; a service call is paid whole, once a
    // visit (the job's service calls of earlier visits stay with those visits).
    const paid = charge.for === "repair" ? await repairPaidCents(db, row) : 0;
    const due = charge.cents - paid;
    return due > 0
      ? {
          chargeCents: charge.cents,
          paidCents: paid,
          dueCents: due,
          for: charge.for,
          kind: "balance",
        }
      : null;
  }

  /**
   * The pay link for what the request `requestId` owes now: its open Checkout Session of that
   * amount, or a new one. The amount is the server's, never the visitor's. No transaction waits
   * on Stripe: what is owed is read (short, under the request's lock), the session is made
   * outside it, and stored in a second one. Its idempotency key is the request's, job's, amount's,
   * attempt's and ten minutes' own, so taps at once are one session at Stripe and one row here.
   */
  async payLink(requestId: string, actor: Actor): Promise<PayLinkOutcome> {
    const stripe = this.#stripe;
    if (!stripe) return { ok: false, reason: "unavailable", message: payMessages.unavailable };
    const now = this.#context.now();
    const owed = await this.#db.transaction(async (tx) => {
      const row = await lockRequest(tx, requestId);
      if (!row || row.erasedAt) return { ok: false as const, reason: "not-found" as const };
      const balance = await this.balanceOf(tx, row);
      if (!balance) return { ok: false as const, reason: "nothing-owed" as const };
      const open = openCardRows(
        await ledgerOf(tx, row.id, row.jobNumber),
        new Date(now.getTime() + reuseMarginMs),
      );
      const same = open.find(
        (entry) => entry.kind === balance.kind && entry.amountCents === balance.dueCents,
      );
      // Each new link of the job is its own attempt: after one expired, the next is a new key.
      const attempt = (await ledgerOf(tx, row.id, row.jobNumber)).filter(
        (entry) => entry.method === "card" && entry.stripeSessionId !== null,
      ).length;
      return { ok: true as const, row, balance, same: same ?? null, open, attempt };
    });
    if (!owed.ok) {
      return { ok: false, reason: owed.reason, message: payMessages.nothingOwed };
    }
    const { row, balance, same, open, attempt } = owed;
    if (same?.checkoutUrl) {
      return {
        ok: true,
        url: same.checkoutUrl,
        reused: true,
        paymentId: same.id,
        cents: same.amountCents,
      };
    }
    const bucket = Math.floor(now.getTime() / sessionKeyWindowMs);
    const idempotencyKey = `checkout:${row.id}:${row.jobNumber}:${balance.kind}:${balance.dueCents}:${bucket}:${attempt}`;
    const id = uuidFromKey(idempotencyKey);
    // The same for every tap of the ten minutes: Stripe answers them with one session.
    const expiresAt = new Date(bucket * sessionKeyWindowMs + sessionLifetimeMs);
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: balance.dueCents,
                product_data: { name: lineItemName(row, balance) },
              },
            },
          ],
          client_reference_id: row.id,
          metadata: { payment_id: id, request_id: row.id, job_number: String(row.jobNumber) },
          payment_intent_data: { metadata: { payment_id: id, request_id: row.id } },
          ...(row.email ? { customer_email: row.email } : {}),
          // Stripe's page in the homeowner's language (issue 39): Latin American Spanish.
          ...(row.language === "es" ? { locale: "es-419" as const } : {}),
          // A deposit has no receipt page yet: back to the page, which says it is paid.
          success_url:
            balance.kind === "deposit"
              ? `${this.#context.links.urlFor(row.id)}?paid={CHECKOUT_SESSION_ID}#balance`
              : `${this.#context.links.urlFor(row.id)}/receipt?paid={CHECKOUT_SESSION_ID}`,
          cancel_url: this.#context.links.urlFor(row.id),
          expires_at: Math.floor(expiresAt.getTime() / 1000),
        },
        { idempotencyKey },
      );
    } catch (error) {
      console.error(
        `Checkout Session for ${row.id} not made: ${error instanceof Error ? error.message : error}`,
      );
      return { ok: false, reason: "unavailable", message: payMessages.unavailable };
    }
    const url = session.url;
    if (!url) return { ok: false, reason: "unavailable", message: payMessages.unavailable };
    const stored = await this.#db.transaction(async (tx): Promise<PayLinkOutcome> => {
      const locked = await lockRequest(tx, row.id);
      if (!locked) return { ok: false, reason: "not-found", message: payMessages.nothingOwed };
      const rows = await ledgerOf(tx, row.id);
      // Another tap of the same ten minutes stored it first.
      const first = rows.find((entry) => entry.stripeSessionId === session.id);
      if (first) {
        return { ok: true, url, reused: true, paymentId: first.id, cents: first.amountCents };
      }
      // What is owed moved while Stripe answered: the next tap makes the right one.
      const still = await this.balanceOf(tx, locked);
      if (!still || still.dueCents !== balance.dueCents || locked.jobNumber !== row.jobNumber) {
        return { ok: false, reason: "nothing-owed", message: payMessages.nothingOwed };
      }
      const stale = open.filter((entry) => entry.id !== id);
      const changed = await changeRequest(
        tx,
        locked,
        {
          event: {
            kind: "payment",
            detail: `Card pay link for ${balance.kind === "deposit" ? "the part deposit, " : ""}${formatMoney(balance.dueCents, { cents: "always" })}`,
          },
          ledger: [
            ...stale.map((entry): LedgerChange => ({ settle: { id: entry.id, state: "expired" } })),
            {
              add: {
                id,
                kind: balance.kind,
                paymentFor: balance.for,
                method: "card",
                amountCents: balance.dueCents,
                state: "pending",
                stripeSessionId: session.id,
                checkoutUrl: url,
                expiresAt,
                staffId: actor.id,
                staffName: actor.id ? actor.name : "",
                idempotencyKey,
              },
            },
          ],
        },
        actor,
        this.#context,
      );
      if (!changed.ok) throw new Error(`Service request ${row.id} changed under its lock`);
      return { ok: true, url, reused: false, paymentId: id, cents: balance.dueCents };
    });
    // Another amount is owed now (the estimate changed, a deposit came in): the old links close.
    if (stored.ok && !stored.reused) await this.#expireAtStripe(open);
    return stored;
  }

  /**
   * The technician's "Text pay link" or "Email pay link": the pay link (as `payLink` makes it),
   * sent to the homeowner through the door, which writes the timeline's line and the message.
   */
  async sendPayLink(
    requestId: string,
    actor: Actor,
    by: "text" | "email",
  ): Promise<PayLinkOutcome | { ok: false; reason: "refused"; message: string }> {
    const [found] = await fromRequests(this.#db).where(eq(serviceRequests.id, requestId));
    if (!found) return { ok: false, reason: "not-found", message: payMessages.nothingOwed };
    if (by === "text" && !textsAllowed(found)) {
      return { ok: false, reason: "refused", message: payMessages.noTexts };
    }
    if (by === "email" && found.email === "") {
      return { ok: false, reason: "refused", message: payMessages.noEmail };
    }
    const link = await this.payLink(requestId, actor);
    if (!link.ok) return link;
    await this.#db.transaction(async (tx) => {
      const row = await lockRequest(tx, requestId);
      if (!row) return;
      const sent = await changeRequest(
        tx,
        row,
        {
          event: {
            kind: "payment",
            detail: `Card pay link for ${formatMoney(link.cents, { cents: "always" })} ${by === "text" ? "texted" : "emailed"} to the customer`,
          },
          news: {
            kind: "pay-link",
            by,
            paymentId: link.paymentId,
            url: link.url,
            cents: link.cents,
          },
        },
        actor,
        this.#context,
      );
      if (!sent.ok) throw new Error(`Service request ${row.id} changed under its lock`);
    });
    return link;
  }

  /**
   * Before a cash or check payment is recorded: every open pay link of the request is closed at
   * Stripe, so that the card cannot pay the job too. A session that was paid first is settled
   * here (its event may be on its way), and the cash is then refused as already paid.
   */
  async closeOpenLinks(requestId: string): Promise<void> {
    const stripe = this.#stripe;
    if (!stripe) return;
    const now = this.#context.now();
    // Pending ones, and those the ledger closed that Stripe may still hold open (a link made
    // while the cash was being recorded): every session not yet past its end.
    const open = (await ledgerOf(this.#db, requestId)).filter(
      (entry) =>
        entry.stripeSessionId !== null &&
        (entry.state === "pending" ||
          (entry.state === "expired" && entry.expiresAt !== null && entry.expiresAt > now)),
    );
    await this.#expireAtStripe(open);
  }

  /**
   * Closes each row's session at Stripe; one paid meanwhile is settled here. Stripe out of reach,
   * it is left: its event still settles it (the owner then refunds what was paid twice).
   */
  async #expireAtStripe(rows: readonly LedgerRow[]): Promise<void> {
    for (const row of rows) {
      if (!row.stripeSessionId) continue;
      try {
        await this.#expireSession(row.stripeSessionId);
      } catch (error) {
        console.warn(
          `Pay link ${row.stripeSessionId} not closed: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
  }

  async #expireSession(sessionId: string): Promise<void> {
    const stripe = this.#stripe;
    if (!stripe) return;
    let session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === "open") {
      try {
        session = await stripe.checkout.sessions.expire(sessionId);
      } catch {
        // Paid between the two calls: what it became decides.
        session = await stripe.checkout.sessions.retrieve(sessionId);
      }
    }
    if (session.status === "complete" && session.payment_status === "paid") {
      await this.settlePaid(await this.paidSessionOf(session));
    } else if (session.status === "expired") {
      // Closed now: the ledger says so at once, so that the link is not handed out again.
      await this.#db.transaction((tx) => this.settleUnpaid(sessionId, "expired", tx));
    }
  }

  /** The card a paid session was paid with (its PaymentIntent's latest charge). */
  async paidSessionOf(session: Stripe.Checkout.Session): Promise<PaidSession> {
    const paymentIntentId =
      typeof session.payment_intent === "string"
        ? session.payment_intent
        : (session.payment_intent?.id ?? null);
    let cardLast4: string | null = null;
    if (paymentIntentId && this.#stripe) {
      try {
        const intent = await this.#stripe.paymentIntents.retrieve(paymentIntentId, {
          expand: ["latest_charge"],
        });
        const charge = intent.latest_charge;
        if (charge && typeof charge !== "string") {
          cardLast4 = charge.payment_method_details?.card?.last4 ?? null;
        }
      } catch (error) {
        // The receipt then says "by card" without the digits; the payment stands.
        console.warn(
          `Card of ${paymentIntentId} not read: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
    return { sessionId: session.id, paymentIntentId, cardLast4 };
  }

  /**
   * A session paid: its ledger row paid, and once the job's charge is covered, the job paid
   * through the door (the warranty, the receipt, My day's card, the page). Acted on once: a
   * row paid before is left as it is. Returns what it did, for the event's record.
   */
  async settlePaid(paid: PaidSession, tx?: Transaction): Promise<string> {
    const run = async (tx: Transaction): Promise<string> => {
      const entry = await ledgerRowOfSession(tx, paid.sessionId);
      if (!entry) return "ignored: not our session";
      const row = await lockRequest(tx, entry.requestId);
      if (!row) return "ignored: no request";
      const current = await ledgerRowOfSession(tx, paid.sessionId);
      if (!current || current.state === "paid" || current.state === "refunded") {
        return `already paid ${entry.id}`;
      }
      const now = this.#context.now();
      const paidRow = {
        id: current.id,
        state: "paid" as const,
        cardLast4: paid.cardLast4,
        stripePaymentIntentId: paid.paymentIntentId,
      };
      const settle: LedgerChange = { settle: paidRow };
      const amount = formatMoney(current.amountCents, { cents: "always" });
      const card = paid.cardLast4 ? ` ····${paid.cardLast4}` : "";
      const balance = current.jobNumber === row.jobNumber ? await this.balanceOf(tx, row) : null;
      // What the job's charge leaves owed (after Done), whichever link pays it: a deposit link
      // paid late covers it as well as a balance link. A deposit asked is not that.
      const owed = balance?.kind === "balance" ? balance : null;
      const covers = owed !== null && current.amountCents >= owed.dueCents;
      const depositAsked = current.kind === "deposit" && balance?.kind === "deposit";
      const over = owed !== null && covers ? current.amountCents - owed.dueCents : 0;
      const outcome =
        owed !== null && covers
          ? await changeRequest(
              tx,
              row,
              {
                ...(await settlementOf(tx, row, {
                  method: "card",
                  cents: owed.paidCents + current.amountCents,
                  now,
                  ...(paid.cardLast4 ? { card: paid.cardLast4 } : {}),
                })),
                ledger: [{ settle: { ...paidRow, settles: true } }],
              },
              { id: null, name: "Stripe" },
              this.#context,
            )
          : await changeRequest(
              tx,
              row,
              {
                event: {
                  kind: "payment",
                  detail: depositAsked
                    ? `Deposit paid: ${amount} by card${card}`
                    : owed
                      ? `Card payment of ${amount}${card} received: ${formatMoney(owed.dueCents - current.amountCents, { cents: "always" })} still owed`
                      : // Nothing was owed (the job settled another way meanwhile): an owner refunds it.
                        `Card payment of ${amount}${card} received when nothing was owed: refund it`,
                },
                ledger: [settle],
                ...(depositAsked
                  ? {
                      news: {
                        kind: "deposit-paid" as const,
                        paymentId: current.id,
                        amount,
                        card: paid.cardLast4,
                      },
                    }
                  : {}),
              },
              { id: null, name: "Stripe" },
              this.#context,
            );
      if (!outcome.ok) throw new Error(`Service request ${row.id} changed under its lock`);
      if (over > 0) {
        // An older link for more than is owed now (a deposit came in meanwhile): say so.
        const noted = await changeRequest(
          tx,
          outcome.after,
          {
            event: {
              kind: "payment",
              detail: `Card paid ${formatMoney(over, { cents: "always" })} more than was owed: refund it`,
            },
          },
          { id: null, name: "Stripe" },
          this.#context,
        );
        if (!noted.ok) throw new Error(`Service request ${row.id} changed under its lock`);
      }
      return `paid ${current.id}`;
    };
    return tx ? run(tx) : this.#db.transaction(run);
  }

  /**
   * An owner's refund of `cents` of the payment `paymentId` (part or all, with why), once per
   * `key`. Cash and check are given back by hand: recorded paid at once. A card's goes to Stripe
   * (`POST /v1/refunds`, its own idempotency key) between two transactions: asked (pending), then
   * what Stripe answered; the receipt goes again, saying so.
   */
  async refund(
    requestId: string,
    refund: { paymentId: string; cents: number; reason: string; key: string },
    actor: Actor,
  ): Promise<RefundOutcome> {
    const idempotencyKey = `refund:${refund.key}`;
    const asked = await this.#db.transaction(async (tx): Promise<RefundAsked> => {
      const row = await lockRequest(tx, requestId);
      if (!row) return { ok: false, reason: "not-found" };
      const rows = await ledgerOf(tx, requestId);
      if (rows.some((entry) => entry.idempotencyKey === idempotencyKey)) {
        return { ok: true, replayed: true };
      }
      const payment = rows.find((entry) => entry.id === refund.paymentId);
      if (!payment || payment.kind === "refund") return { ok: false, reason: "not-found" };
      const left = refundableCents(rows, payment.id);
      if (left <= 0) {
        return { ok: false, reason: "refused", message: refundMessages.nothingLeft };
      }
      if (refund.cents > left) {
        return {
          ok: false,
          reason: "invalid",
          message: refundMessages.atMost(formatMoney(left, { cents: "always" })),
        };
      }
      if (payment.method === "card" && (!this.#stripe || !payment.stripePaymentIntentId)) {
        return { ok: false, reason: "refused", message: refundMessages.notByStripe };
      }
      const id = randomUUID();
      const byHand = payment.method !== "card";
      const amount = formatMoney(refund.cents, { cents: "always" });
      const changed = await changeRequest(
        tx,
        row,
        {
          event: {
            kind: "payment",
            detail: byHand
              ? `Refunded ${amount} in ${payment.method}: ${refund.reason}`
              : `Refund of ${amount} to card${payment.cardLast4 ? ` ····${payment.cardLast4}` : ""} asked: ${refund.reason}`,
          },
          ledger: [
            {
              add: {
                id,
                jobNumber: payment.jobNumber,
                kind: "refund",
                paymentFor: payment.paymentFor,
                method: payment.method,
                amountCents: refund.cents,
                state: byHand ? "paid" : "pending",
                refundOf: payment.id,
                reason: refund.reason,
                cardLast4: payment.cardLast4,
                stripePaymentIntentId: payment.stripePaymentIntentId,
                staffId: actor.id,
                staffName: actor.name,
                idempotencyKey,
              },
            },
            ...(byHand && refund.cents === left
              ? [{ settle: { id: payment.id, state: "refunded" as const } }]
              : []),
          ],
          ...(byHand ? { news: { kind: "refund-issued" as const, amount } } : {}),
        },
        actor,
        this.#context,
      );
      if (!changed.ok) throw new Error(`Service request ${row.id} changed under its lock`);
      return byHand
        ? { ok: true, replayed: false }
        : {
            ok: true,
            replayed: false,
            card: { refundId: id, payment, whole: refund.cents === left },
          };
    });
    if (!asked.ok || !("card" in asked) || !asked.card) return asked;
    const { refundId, payment, whole } = asked.card;
    const amount = formatMoney(refund.cents, { cents: "always" });
    const card = payment.cardLast4 ? ` ····${payment.cardLast4}` : "";
    // Refused by Stripe (4xx): nothing went back. No answer (the network, a 5xx): it may have
    // been made, so the row stays asked until `charge.refunded` (or the owner's next look) says.
    let answer:
      { ok: true; stripeRefundId: string } | { ok: false; refused: boolean; message: string };
    try {
      const made = await this.#stripe!.refunds.create(
        {
          payment_intent: payment.stripePaymentIntentId!,
          amount: refund.cents,
          reason: "requested_by_customer",
          metadata: { refund_id: refundId, request_id: requestId },
        },
        { idempotencyKey: `refund:${refundId}` },
      );
      answer =
        made.status === "failed" || made.status === "canceled"
          ? { ok: false, refused: true, message: `Stripe answered ${made.status}` }
          : { ok: true, stripeRefundId: made.id };
    } catch (error) {
      const status = error instanceof Stripe.errors.StripeError ? (error.statusCode ?? 0) : 0;
      answer = {
        ok: false,
        refused: status >= 400 && status < 500,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    await this.#db.transaction(async (tx) => {
      const row = await lockRequest(tx, requestId);
      if (!row) return;
      // Stripe's event may have settled it meanwhile: then it is told already.
      const current = (await ledgerOf(tx, requestId)).find((entry) => entry.id === refundId);
      if (!current || current.state !== "pending") return;
      const change: RequestChange = answer.ok
        ? {
            event: {
              kind: "payment",
              detail: `Refunded ${amount} to card${card}: ${refund.reason}`,
            },
            ledger: [
              { settle: { id: refundId, state: "paid", stripeRefundId: answer.stripeRefundId } },
              ...(whole ? [{ settle: { id: payment.id, state: "refunded" as const } }] : []),
            ],
            news: { kind: "refund-issued", amount },
          }
        : answer.refused
          ? {
              event: {
                kind: "payment",
                detail: `Refund of ${amount} to card${card} refused by Stripe: ${answer.message}`,
              },
              ledger: [{ settle: { id: refundId, state: "failed" } }],
            }
          : {
              event: {
                kind: "payment",
                detail: `Refund of ${amount} to card${card}: no answer from Stripe yet`,
              },
            };
      const changed = await changeRequest(tx, row, change, actor, this.#context);
      if (!changed.ok) throw new Error(`Service request ${row.id} changed under its lock`);
    });
    if (answer.ok) return { ok: true, replayed: false };
    return {
      ok: false,
      reason: "refused",
      message: answer.refused ? refundMessages.failed : refundMessages.noAnswer,
    };
  }

  /**
   * Stripe says a charge was refunded (`charge.refunded`): what it refunded beyond the refunds
   * the ledger holds (made on Stripe's dashboard) becomes a refund row; our own, already there,
   * change nothing.
   */
  async noteStripeRefund(
    charge: { payment_intent: string | null; amount_refunded: number },
    tx: Transaction,
  ): Promise<string> {
    if (!charge.payment_intent) return "ignored: no payment intent";
    const [paid] = (await ledgerRowsOfPaymentIntent(tx, charge.payment_intent)).filter(
      (entry) => entry.state === "paid" || entry.state === "refunded",
    );
    if (!paid) return "ignored: not our payment";
    const row = await lockRequest(tx, paid.requestId);
    if (!row) return "ignored: no request";
    const refunds = (await ledgerOf(tx, paid.requestId)).filter(
      (entry) => entry.kind === "refund" && entry.refundOf === paid.id,
    );
    const paidBack = refunds
      .filter((entry) => entry.state === "paid")
      .reduce((sum, entry) => sum + entry.amountCents, 0);
    // Our own refunds still asked (Stripe's answer not here yet) are confirmed by it, oldest first.
    let left = Math.min(charge.amount_refunded, paid.amountCents) - paidBack;
    const confirmed: LedgerRow[] = [];
    const asked = refunds.filter((entry) => entry.state === "pending");
    for (const entry of asked) {
      if (left < entry.amountCents) break;
      confirmed.push(entry);
      left -= entry.amountCents;
    }
    // Beyond them, what was refunded on Stripe's dashboard.
    const more = confirmed.length === asked.length ? left : 0;
    if (confirmed.length === 0 && more <= 0) return `refunds known ${paid.id}`;
    const total = confirmed.reduce((sum, entry) => sum + entry.amountCents, 0) + Math.max(0, more);
    const amount = formatMoney(total, { cents: "always" });
    const whole = paidBack + total >= paid.amountCents;
    const card = paid.cardLast4 ? ` ····${paid.cardLast4}` : "";
    const changed = await changeRequest(
      tx,
      row,
      {
        event: {
          kind: "payment",
          detail:
            more > 0
              ? `Refunded ${amount} to card${card} on Stripe`
              : `Refunded ${amount} to card${card}: ${confirmed.map((entry) => entry.reason).join("; ")}`,
        },
        ledger: [
          ...confirmed.map((entry): LedgerChange => ({ settle: { id: entry.id, state: "paid" } })),
          ...(more > 0
            ? [
                {
                  add: {
                    jobNumber: paid.jobNumber,
                    kind: "refund" as const,
                    paymentFor: paid.paymentFor,
                    method: "card" as const,
                    amountCents: more,
                    state: "paid" as const,
                    refundOf: paid.id,
                    reason: "Refunded on Stripe",
                    cardLast4: paid.cardLast4,
                    stripePaymentIntentId: paid.stripePaymentIntentId,
                    idempotencyKey: `stripe-refund:${paid.id}:${paidBack + total}`,
                  },
                },
              ]
            : []),
          ...(whole ? [{ settle: { id: paid.id, state: "refunded" as const } }] : []),
        ],
        news: { kind: "refund-issued", amount },
      },
      { id: null, name: "Stripe" },
      this.#context,
    );
    if (!changed.ok) throw new Error(`Service request ${row.id} changed under its lock`);
    return `refunded ${paid.id}`;
  }

  /** A session ended unpaid (expired, or its delayed payment failed): its row says so, once. */
  async settleUnpaid(
    sessionId: string,
    state: "expired" | "failed",
    tx: Transaction,
  ): Promise<string> {
    const entry = await ledgerRowOfSession(tx, sessionId);
    if (!entry) return "ignored: not our session";
    const row = await lockRequest(tx, entry.requestId);
    if (!row) return "ignored: no request";
    const current = await ledgerRowOfSession(tx, sessionId);
    if (!current || current.state !== "pending") return `already ${current?.state ?? "gone"}`;
    const outcome = await changeRequest(
      tx,
      row,
      {
        event: {
          kind: "payment",
          detail:
            state === "failed"
              ? `Card payment of ${formatMoney(current.amountCents, { cents: "always" })} failed`
              : `Card pay link for ${formatMoney(current.amountCents, { cents: "always" })} expired`,
        },
        ledger: [{ settle: { id: current.id, state } }],
      },
      { id: null, name: "Stripe" },
      this.#context,
    );
    if (!outcome.ok) throw new Error(`Service request ${row.id} changed under its lock`);
    return `${state} ${current.id}`;
  }
}

/**
 * The part deposit still owed while the part is awaited: asked on Needs a part (the job's
 * `depositCents`), less the deposits paid on the job; none once the job is done, paid or can't be
 * fixed (then its charge is owed, the deposit counted toward it).
 */
async function depositOf(
  db: Database | Transaction,
  row: ServiceRequestRow,
): Promise<Balance | null> {
  if (
    !row.depositCents ||
    row.status !== "scheduled" ||
    row.fieldStatus === "done" ||
    row.fieldStatus === "cant-fix" ||
    row.paidAt !== null ||
    row.erasedAt !== null
  ) {
    return null;
  }
  const paid = depositPaidCents(await ledgerOf(db, row.id, row.jobNumber));
  const due = row.depositCents - paid;
  return due > 0
    ? {
        chargeCents: row.depositCents,
        paidCents: paid,
        dueCents: due,
        for: "repair",
        kind: "deposit",
      }
    : null;
}

/** A row id made from an idempotency key: the same key, the same id (RFC 4122 version 8 layout). */
function uuidFromKey(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * "Dryer repair, request R-7K3F": what Stripe's page and its receipt call the payment ("Reparación
 * de secadora, solicitud R-7K3F" for a Spanish request).
 */
function lineItemName(row: ServiceRequestRow, balance: Balance): string {
  const reference = row.reference ?? row.id.slice(0, 8);
  if (row.language === "es") {
    const appliance = spanishAppliance(row.selectedAppliance);
    const what =
      balance.kind === "deposit"
        ? `Depósito de la pieza, reparación de ${appliance}`
        : balance.for === "service-call"
          ? "Cargo por visita"
          : `Reparación de ${appliance}`;
    return `${what}, solicitud ${reference}`;
  }
  const what =
    balance.kind === "deposit"
      ? `Part deposit, ${applianceName(row.selectedAppliance, { inSentence: true })} repair`
      : balance.for === "service-call"
        ? "Service call"
        : `${applianceName(row.selectedAppliance)} repair`;
  return `${what}, request ${reference}`;
}
