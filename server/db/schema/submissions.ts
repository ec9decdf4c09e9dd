// What the public forms leave besides a service request: contact messages, subscribers, the
// answers replayed for an idempotency key, and the rate limits' counters.
import { sql, type SQL } from "drizzle-orm";

import type { VisitSource } from "../../../app/domain/visit-source";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

import type { StateSlug } from "../../../app/content/states";
import type { Locale } from "../../../app/lib/locale";
import { leadStatuses } from "../../../app/domain/leads";

import { createdAt } from "./columns";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey(),
    office: text("office").$type<StateSlug>().notNull(),
    name: text("name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The language of the page it was sent from (issue 39): the acknowledgement's. */
    language: text("language").$type<Locale>().notNull().default("en"),
    status: text("status", { enum: leadStatuses }).notNull().default("new"),
    version: integer("version").notNull().default(0),
    /** Set when a privacy request erased the personal fields; the row stays for the counts. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /** Where the sender came from on the web (server/attribution/visit-source.ts); null: not said. */
    visitSource: jsonb("visit_source").$type<VisitSource>(),
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${contactMessages.name} || ' ' || ${contactMessages.lastName} || ' ' || ${contactMessages.email} || ' ' || regexp_replace(${contactMessages.phone}, '[^0-9]', '', 'g'))`,
      ),
    createdAt: createdAt(),
  },
  (table) => [
    index("contact_messages_office_created_idx").on(table.office, table.createdAt),
    index("contact_messages_created_idx").on(table.createdAt),
    index("contact_messages_search_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
    check("contact_messages_language_known", sql`${table.language} in ('en', 'es')`),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey(),
    /** Stored lower-cased: one row per mailbox however it was typed. */
    email: text("email").notNull().unique(),
    office: text("office").$type<StateSlug>().notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    /** The language of the subscription that sent the last welcome (issue 39), and of its links. */
    language: text("language").$type<Locale>().notNull().default("en"),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (table) => [
    check("newsletter_email_lower_case", sql`${table.email} = lower(${table.email})`),
    check("newsletter_subscribers_language_known", sql`${table.language} in ('en', 'es')`),
  ],
);

/** The body of a 2xx answer to a submission. */
export type SubmissionSuccess =
  | {
      success: true;
      id: string;
      /** A service request's short reference ("R-7K3F"), for the homeowner. */
      reference?: string;
      /** False when a service request was stored without holding its window's place. */
      placeHeld?: false;
      message?: string;
    }
  /**
   * The same phone asked for the same appliance within a day: that request was updated. The
   * answer names nothing of it (whoever sent this may not be the person who sent the first).
   */
  | { success: true; duplicate: true; message: string };

/** The answer given to a request that carried an `Idempotency-Key`, replayed on retries. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    endpoint: text("endpoint").notNull(),
    key: text("key").notNull(),
    statusCode: integer("status_code").notNull(),
    response: jsonb("response").$type<SubmissionSuccess>().notNull(),
    /** SHA-256 of the request the answer belongs to: the key replays it for that request only. */
    requestHash: text("request_hash"),
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
