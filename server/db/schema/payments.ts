// Money: one ledger of every payment, deposit and refund on a request, and Stripe's events as
// they were acted on (each once).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

import type { PaymentFor } from "../../../app/domain/after-the-job";
import type { LedgerKind, LedgerMethod, LedgerState } from "../../../app/domain/payments";

import { createdAt } from "./columns";
import { requestJobs, serviceRequests } from "./requests";

/**
 * The ledger: one row per movement of money on a request's job. A deposit (a part paid for
 * before it is ordered) and a balance payment add; a refund takes away. A card row is a Stripe
 * Checkout Session (pending until the signed webhook says paid, failed or expired); cash and
 * check are paid when the technician records them. What is paid and what is owed are sums of
 * the paid rows. Only the door (server/requests/request-door.ts) writes it.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    /** The job the money is for (its estimate, its repair). */
    jobNumber: integer("job_number").notNull(),
    /**
     * The request's visit in progress when the row was made: a service call's is the visit it
     * pays for (the next visit owes its own); a repair's, the visit it was taken on.
     */
    visitNumber: integer("visit_number").notNull(),
    kind: text("kind").$type<LedgerKind>().notNull(),
    /**
     * What it pays for: the repair (a deposit too), or the service call after Can't fix, which
     * settles that visit only. A refund, its payment's.
     */
    paymentFor: text("payment_for").$type<PaymentFor>().notNull(),
    method: text("method").$type<LedgerMethod>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    state: text("state").$type<LedgerState>().notNull(),
    /** A refund's payment; its reason. */
    refundOf: uuid("refund_of").references((): AnyPgColumn => payments.id),
    reason: text("reason"),
    /** Stripe's ids: the Checkout Session, its PaymentIntent, a refund's own. */
    stripeSessionId: text("stripe_session_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    stripeRefundId: text("stripe_refund_id").unique(),
    /** The session's page (the pay link, the QR code) while it is open, and when it closes. */
    checkoutUrl: text("checkout_url"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** "4242": what the receipt says of the card. */
    cardLast4: text("card_last4"),
    /** Who took or asked for it: the staff member (null: the homeowner on their page). */
    staffId: text("staff_id"),
    staffName: text("staff_name").notNull().default(""),
    /** One row per key: a second tap, a replayed form or webhook finds the first. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: createdAt(),
    /**
     * When it reached its state (paid, failed, expired); a payment refunded in full keeps when it
     * was paid (its refund row has its own).
     */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /**
     * The payment that settled its job (a service call's: its visit): the technician's recorded
     * cash, check or card, or the card that covered what Done left owed. A deposit, a part
     * payment and a refund do not.
     */
    settles: boolean("settles").notNull().default(false),
  },
  (table) => [
    foreignKey({
      columns: [table.requestId, table.jobNumber],
      foreignColumns: [requestJobs.requestId, requestJobs.number],
    }).onDelete("cascade"),
    index("payments_request_idx").on(table.requestId, table.jobNumber),
    index("payments_payment_intent_idx").on(table.stripePaymentIntentId),
    index("payments_settles_idx")
      .on(table.requestId, table.jobNumber)
      .where(sql`${table.settles}`),
    // The owner's numbers: the jobs paid in a range.
    index("payments_settled_idx")
      .on(table.settledAt)
      .where(sql`${table.settles}`),
    // A payment of nothing only settles (the deposits covered the repair, or it was free).
    check(
      "payments_amount_counted",
      sql`${table.amountCents} > 0 or (${table.amountCents} = 0 and ${table.kind} = 'balance' and ${table.settles})`,
    ),
    check("payments_kind_known", sql`${table.kind} in ('deposit', 'balance', 'refund')`),
    check("payments_for_known", sql`${table.paymentFor} in ('repair', 'service-call')`),
    check("payments_method_known", sql`${table.method} in ('card', 'cash', 'check')`),
    check(
      "payments_state_known",
      sql`${table.state} in ('pending', 'paid', 'failed', 'expired', 'refunded')`,
    ),
    check("payments_refund_of", sql`(${table.kind} = 'refund') = (${table.refundOf} is not null)`),
  ],
);

/** Stripe's events as they were acted on: an event id is acted on once, whatever comes again. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** What it did: "paid 3f2…", "ignored: unknown session". */
  outcome: text("outcome").notNull(),
  receivedAt: createdAt(),
});
