// Office staff and what better-auth keeps for them: sessions, passwords, invitations, two-factor.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

import type { StateSlug } from "../../../app/content/states";

import { createdAt, updatedAt } from "./columns";

/**
 * Owners: every office and the staff. Dispatchers: their offices' leads. Technicians: their
 * own visits, on My day (`/office/day`), and nothing else of the desk.
 */
export const staffRoles = ["owner", "dispatcher", "technician"] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * Office staff, as better-auth keeps users (its `user` model), with the desk's own fields: the
 * role, the offices a dispatcher works (state slugs; an owner has every office) and when the
 * account was disabled.
 */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased: one account per mailbox however it was typed. */
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role", { enum: staffRoles }).notNull(),
    offices: text("offices")
      .array()
      .$type<StateSlug[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** better-auth's two-factor plugin: an authenticator app's code is asked at sign-in. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("staff_users_email_lower_case", sql`${table.email} = lower(${table.email})`),
    check("staff_users_role_known", sql`${table.role} in ('owner', 'dispatcher', 'technician')`),
  ],
);

/** Signed-in sessions (better-auth's `session` model); the cookie holds the token. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("staff_sessions_user_idx").on(table.userId)],
);

/** Credentials (better-auth's `account` model): the password hash of each staff member. */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("staff_accounts_user_idx").on(table.userId)],
);

/** An owner's invitation: a one-time link, emailed, valid 72 hours; only its hash is kept. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: staffRoles }).notNull(),
    offices: text("offices")
      .array()
      .$type<StateSlug[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (table) => [index("staff_invitations_email_idx").on(table.email)],
);

/** Authenticator-app secrets (better-auth's `twoFactor` model), encrypted by better-auth. */
export const staffTwoFactors = pgTable(
  "staff_two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The last accepted authenticator time step (RFC 6238 5.2): it and older are refused. */
    lastAcceptedStep: bigint("last_accepted_step", { mode: "number" }),
  },
  (table) => [index("staff_two_factors_user_idx").on(table.userId)],
);

/** One-time values better-auth keeps (its `verification` model). */
export const staffVerifications = pgTable(
  "staff_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("staff_verifications_identifier_idx").on(table.identifier)],
);
