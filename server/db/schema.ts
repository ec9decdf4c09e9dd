import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

import type { OutboxMessage } from "../mail/message";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const serviceRequests = pgTable("service_requests", {
  id: uuid("id").primaryKey(),
  /** The state slug of the office that handles the request. */
  office: text("office").notNull(),
  selectedAppliance: text("selected_appliance").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  address: text("address").notNull(),
  zipCode: text("zip_code").notNull(),
  preferredDate: date("preferred_date", { mode: "string" }),
  preferredTime: text("preferred_time").notNull(),
  brand: text("brand").notNull(),
  model: text("model").notNull(),
  serialNumber: text("serial_number").notNull(),
  description: text("description").notNull(),
  notes: text("notes").notNull(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey(),
  office: text("office").notNull(),
  name: text("name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey(),
    /** Stored lower-cased: one row per mailbox however it was typed. */
    email: text("email").notNull().unique(),
    office: text("office").notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (table) => [check("newsletter_email_lower_case", sql`${table.email} = lower(${table.email})`)],
);

/** The body of a 2xx answer to a submission. */
export interface SubmissionSuccess {
  success: true;
  id: string;
}

/** The answer given to a request that carried an `Idempotency-Key`, replayed on retries. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    endpoint: text("endpoint").notNull(),
    key: text("key").notNull(),
    statusCode: integer("status_code").notNull(),
    response: jsonb("response").$type<SubmissionSuccess>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.endpoint, table.key] }),
    index("idempotency_keys_created_at_idx").on(table.createdAt),
  ],
);

/** Fixed-window request counters per client and endpoint, shared by every server process. */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    bucket: text("bucket").primaryKey(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [index("rate_limit_windows_started_idx").on(table.windowStartedAt)],
);

export const outboxStatuses = ["pending", "sending", "sent", "dead"] as const;
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
    check("outbox_status_known", sql`${table.status} in ('pending', 'sending', 'sent', 'dead')`),
    index("outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("outbox_subject_idx").on(table.subjectId),
  ],
);

export type NewServiceRequest = typeof serviceRequests.$inferInsert;
export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewOutboxRow = typeof outbox.$inferInsert;

export const schema = {
  serviceRequests,
  contactMessages,
  newsletterSubscribers,
  idempotencyKeys,
  rateLimitWindows,
  outbox,
};
