// What the server keeps for itself: its own secrets and the log of privacy requests.
import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { createdAt } from "./columns";

/**
 * What owners did with privacy requests: who, when, what, and how many records. The person is
 * named only by a hash of their email or phone, so the log itself holds nothing to erase.
 */
export const privacyAudit = pgTable("privacy_audit", {
  id: uuid("id").primaryKey(),
  action: text("action", { enum: ["export", "erase"] }).notNull(),
  subjectHash: text("subject_hash").notNull(),
  records: integer("records").notNull(),
  actorId: text("actor_id").notNull(),
  actorName: text("actor_name").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets the server makes for itself on first start, shared by every process (the auth secret). */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
