// What goes out to people: the email outbox and the texts, with the numbers that said STOP.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import type { StateSlug } from "../../../app/content/states";
import { messageCauses, type OutboxMessage } from "../../mail/message";

import { createdAt, updatedAt } from "./columns";
import { serviceRequests } from "./requests";

/**
 * "cancelled": not needed any more (a reminder for a visit that was cancelled or moved).
 * "held": not sent because its address had its day's emails of the same cause; the desk can
 * send it again.
 */
export const outboxStatuses = ["pending", "sending", "sent", "dead", "cancelled", "held"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** Emails written in the same transaction as the lead that causes them; a worker sends them. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey(),
    /** What the email is, e.g. "service-request.company". */
    kind: text("kind").notNull(),
    /** The id of the lead or subscriber the email is about. */
    subjectId: uuid("subject_id").notNull(),
    message: jsonb("message").$type<OutboxMessage>().notNull(),
    /** Whose daily budget it counts in; a row that does not say counts in the website's. */
    cause: text("cause", { enum: messageCauses }).notNull().default("website"),
    status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The worker (host:pid) whose send the mail server accepted. */
    sentBy: text("sent_by"),
  },
  (table) => [
    check(
      "outbox_status_known",
      sql`${table.status} in ('pending', 'sending', 'sent', 'dead', 'cancelled', 'held')`,
    ),
    check("outbox_cause_known", sql`${table.cause} in ('website', 'office')`),
    index("outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("outbox_subject_idx").on(table.subjectId),
  ],
);

/**
 * Where a text stands: waiting or being handed to the provider, then as the provider reports it
 * (queued … delivered / undelivered / failed); "unknown" when the request reached the provider
 * and its answer was lost (never sent again: the person may have it already); "cancelled" when
 * it was not needed any more or the number opted out; "held" when the number had its day's texts
 * of the same cause; "dead" after every attempt was refused.
 */
export const textStatuses = [
  "pending",
  "sending",
  "queued",
  "sent",
  "delivered",
  "undelivered",
  "failed",
  "unknown",
  "cancelled",
  "held",
  "dead",
] as const;
export type TextStatus = (typeof textStatuses)[number];

/** Texts to homeowners (and replies to STOP and HELP), written with what causes them. */
export const texts = pgTable(
  "texts",
  {
    id: uuid("id").primaryKey(),
    /** The request the text is about; null for a reply to a keyword (STOP, HELP). */
    requestId: uuid("request_id").references(() => serviceRequests.id, { onDelete: "cascade" }),
    /** What the text is, e.g. "text.on-the-way". */
    kind: text("kind").notNull(),
    /** E.164. */
    to: text("to").notNull(),
    /** May hold the private-link placeholder, filled in when it is sent. */
    body: text("body").notNull(),
    /** The office whose hours and time zone decide when it may be sent. */
    office: text("office").$type<StateSlug>().notNull(),
    /** Whose daily budget it counts in; a row that does not say counts in the website's. */
    cause: text("cause", { enum: messageCauses }).notNull().default("website"),
    /** The consent it is sent under (the request's), as it was when the text was written. */
    consentAt: timestamp("consent_at", { withTimezone: true }),
    status: text("status", { enum: textStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The provider's id for the message (Twilio's `sid`), once it accepted it. */
    providerId: text("provider_id").unique(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    /**
     * When it was admitted under its number's daily limit and handed to the provider; counted
     * in the number's day from then, and cleared again when the provider certainly took nothing.
     */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("texts_cause_known", sql`${table.cause} in ('website', 'office')`),
    index("texts_due_idx").on(table.status, table.nextAttemptAt),
    index("texts_request_idx").on(table.requestId, table.createdAt),
    index("texts_to_idx").on(table.to),
  ],
);

/** Numbers that replied STOP (or the like): no text goes to them until they reply START. */
export const textOptOuts = pgTable("text_opt_outs", {
  phone: text("phone").primaryKey(),
  keyword: text("keyword").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each keyword reply (STOP, START, HELP) the provider delivered, by its MessageSid: acted on once.
 * A signature has no time in it, so a captured request replayed later (a START after the number's
 * STOP) must find its id here and change nothing.
 */
export const inboundTexts = pgTable("inbound_texts", {
  messageSid: text("message_sid").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});
