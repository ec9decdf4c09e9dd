// A customer: one person across their requests, found by the phone's last ten digits, then by the
// email (server/customers/customers.server.ts). Each request points at its customer; the keys say
// which phone and email find whom; the events are the customer's own timeline (merged, edited).
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { createdAt } from "./columns";

export const customers = pgTable("customers", {
  id: uuid("id").primaryKey(),
  /** The contact details the office keeps: the first request's, until an owner edits them. */
  name: text("name").notNull(),
  phone: text("phone").notNull(),
  email: text("email").notNull(),
  address: text("address").notNull(),
  zipCode: text("zip_code").notNull(),
  /** Merged into another customer by an owner: its keys and requests are that one's now. */
  mergedIntoId: uuid("merged_into_id"),
  /** A privacy request erased the person: the contact details are blank. */
  erasedAt: timestamp("erased_at", { withTimezone: true }),
  /** Bumped by every edit and merge: an edit made on an older version is refused. */
  version: integer("version").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * What finds a customer: "phone:" and the phone's last ten digits, "email:" and the email
 * lower-cased. Each key finds one customer; a merge moves the merged one's keys.
 */
export const customerKeys = pgTable(
  "customer_keys",
  {
    key: text("key").primaryKey(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
  },
  (table) => [index("customer_keys_customer_idx").on(table.customerId)],
);

export const customerEventKinds = ["edited", "merged", "erased"] as const;
export type CustomerEventKind = (typeof customerEventKinds)[number];

/** The customer's own timeline: an owner's edit or merge, who made it and when. Append-only. */
export const customerEvents = pgTable(
  "customer_events",
  {
    id: uuid("id").primaryKey(),
    customerId: uuid("customer_id").notNull(),
    kind: text("kind", { enum: customerEventKinds }).notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    /** The other customer of a merge (the one merged in, or the one it was merged into). */
    otherCustomerId: uuid("other_customer_id"),
    /** What changed, in words that name no personal detail (a field's name, never its value). */
    detail: text("detail").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("customer_events_customer_idx").on(table.customerId, table.at)],
);
