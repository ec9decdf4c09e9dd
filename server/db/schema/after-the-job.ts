// After the job: each office's prices and the homeowners' reviews.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

import type { StateSlug } from "../../../app/content/states";
import type { PriceRange } from "../../../app/domain/after-the-job";

import { updatedAt } from "./columns";
import { staffUsers } from "./staff";
import { serviceRequests } from "./requests";

/** Each office's price policy (app/domain/after-the-job.ts), set by an owner on `/office/prices`. */
export const officePrices = pgTable(
  "office_prices",
  {
    office: text("office").$type<StateSlug>().primaryKey(),
    serviceCallCents: integer("service_call_cents").notNull(),
    serviceCallRule: text("service_call_rule").notNull(),
    /** The rule in Spanish, for the Spanish pages and emails (null: the English is quoted). */
    serviceCallRuleEs: text("service_call_rule_es"),
    /** Typical ranges by service slug, in cents. */
    ranges: jsonb("ranges")
      .$type<Record<string, PriceRange>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    warrantyDays: integer("warranty_days").notNull().default(90),
    updatedBy: text("updated_by"),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("office_prices_fee", sql`${table.serviceCallCents} between 0 and 100000`),
    check("office_prices_warranty", sql`${table.warrantyDays} between 0 and 3650`),
  ],
);

/**
 * A homeowner's answer to the review request, one per request: the stars, their words, and
 * whether they allowed publishing with their first name and city. Published only when allowed
 * and an owner published it.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey(),
    requestId: uuid("request_id")
      .notNull()
      .unique()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    office: text("office").$type<StateSlug>().notNull(),
    technicianId: text("technician_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** The technician's name as it was then. */
    technician: text("technician").notNull().default(""),
    rating: integer("rating").notNull(),
    words: text("words").notNull().default(""),
    /** The homeowner ticked the box allowing publishing with their first name and city. */
    mayPublish: boolean("may_publish").notNull().default(false),
    firstName: text("first_name").notNull().default(""),
    city: text("city").notNull().default(""),
    appliance: text("appliance").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: text("published_by"),
    /** A low rating an owner dealt with (called the homeowner, ...): the desk stops flagging it. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by"),
    /** What the owner did about it, in their words ("Called her, booked a free return visit"). */
    handledNote: text("handled_note"),
  },
  (table) => [
    check("reviews_rating", sql`${table.rating} between 1 and 5`),
    check(
      "reviews_published_with_permission",
      sql`${table.publishedAt} is null or ${table.mayPublish}`,
    ),
    index("reviews_office_answered_idx").on(table.office, table.answeredAt),
    index("reviews_published_idx").on(table.publishedAt),
  ],
);
