// The whole database schema in one module, over 250 lines on purpose: drizzle-kit reads it to write
// the migrations (drizzle.config.ts), and a table's foreign keys and indexes sit beside its peers.
import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

import type { StateSlug } from "../../app/content/states";
import type {
  EstimateDecision,
  EstimateDecisionPlace,
  EstimateLine,
  PaymentMethod,
  PriceRange,
} from "../../app/domain/after-the-job";
import { fieldStatuses } from "../../app/domain/field";
import { leadStatuses } from "../../app/domain/leads";
import type { SafetyConcern } from "../../app/domain/safety";
import type { OutboxMessage } from "../mail/message";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Hands out the numbers service request references are made from, each once. */
export const requestReferenceNumbers = pgSequence("service_request_reference_seq", {
  startWith: 1,
});

export const serviceRequests = pgTable(
  "service_requests",
  {
    id: uuid("id").primaryKey(),
    /** The state slug of the office that handles the request. */
    office: text("office").$type<StateSlug>().notNull(),
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
    status: text("status", { enum: leadStatuses }).notNull().default("new"),
    /** The visit as the office booked it (status "scheduled"). */
    scheduledDate: date("scheduled_date", { mode: "string" }),
    scheduledWindow: text("scheduled_window"),
    /** The technician's name as the office wrote it (emails say its first word). */
    technician: text("technician"),
    /** The technician account the visit is assigned to: it shows on their My day. */
    technicianId: text("technician_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /**
     * The dangers the description mentions (app/domain/safety.ts), as the booking dialog's
     * safety step read them: the desk flags and sorts these first.
     */
    safetyConcerns: text("safety_concerns")
      .array()
      .$type<SafetyConcern[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where the visit stands in the field (app/domain/field.ts), from the technician's taps. */
    fieldStatus: text("field_status", { enum: fieldStatuses }),
    /** On my way: when the technician said they would arrive. */
    arrivingAt: timestamp("arriving_at", { withTimezone: true }),
    /** Done: what was done, the parts used and the amount charged (null: no charge). */
    workDone: text("work_done"),
    partsUsed: text("parts_used"),
    amountChargedCents: integer("amount_charged_cents"),
    /** Can't fix: why. */
    cantFixReason: text("cant_fix_reason"),
    /** Needs a part: the part (name or number) the return visit brings. */
    partNeeded: text("part_needed"),
    /**
     * Which visit of the request the booking columns hold: 1, then 2 for the return visit
     * after a part, ... The earlier ones are in `request_visits`; each has its own calendar event.
     */
    visitNumber: integer("visit_number").notNull().default(1),
    /**
     * The short reference the homeowner is given ("R-7K3F", app/domain/reference.ts), made from
     * `requestReferenceNumbers`. Null for requests stored before references existed.
     */
    reference: text("reference").unique(),
    /**
     * Consent to texts (TCPA): the exact words the booking dialog showed beside the ticked box,
     * when, on which page, for which number (E.164). Null: no consent, no text.
     */
    textConsentWords: text("text_consent_words"),
    textConsentAt: timestamp("text_consent_at", { withTimezone: true }),
    textConsentPage: text("text_consent_page"),
    textConsentPhone: text("text_consent_phone"),
    /** The homeowner turned texts off on their page (on again: null). */
    textsOffAt: timestamp("texts_off_at", { withTimezone: true }),
    /**
     * The service-call fee and its rule the booking was shown (the office's price policy then);
     * null: none was shown. The private page and a declined estimate's charge keep to it.
     */
    quotedServiceCallCents: integer("quoted_service_call_cents"),
    quotedServiceCallRule: text("quoted_service_call_rule"),
    /** When the technician tapped Done (the review request is timed from it). */
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** The technician's estimate (parts and labour), written on My day, and when. */
    estimateLines: jsonb("estimate_lines").$type<EstimateLine[]>(),
    estimateAt: timestamp("estimate_at", { withTimezone: true }),
    /** The homeowner's answer to the estimate: the name they typed (or gave), when and where. */
    estimateDecision: text("estimate_decision").$type<EstimateDecision>(),
    estimateDecidedBy: text("estimate_decided_by"),
    estimateDecidedAt: timestamp("estimate_decided_at", { withTimezone: true }),
    estimateDecidedOn: text("estimate_decided_on").$type<EstimateDecisionPlace>(),
    /** The payment the technician recorded: the receipt is made from it. */
    paymentMethod: text("payment_method").$type<PaymentMethod>(),
    paymentCents: integer("payment_cents"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The warranty the receipt gives: its length then, and its last day (office time). */
    warrantyDays: integer("warranty_days"),
    warrantyEnds: date("warranty_ends", { mode: "string" }),
    /** The booked visit is a no-charge warranty callback on the same job ("Same problem again?"). */
    warrantyCallback: boolean("warranty_callback").notNull().default(false),
    /**
     * The review request (server/reviews/review-requests.ts): when it goes out, set once at the
     * first Done (a callback done later asks nothing again), and the technician it asks about.
     */
    reviewRequestAt: timestamp("review_request_at", { withTimezone: true }),
    reviewTechnicianId: text("review_technician_id").references(() => staffUsers.id, {
      onDelete: "set null",
    }),
    reviewTechnician: text("review_technician"),
    /** Bumped by every change in the desk: a change made on an older version is refused. */
    version: integer("version").notNull().default(0),
    /**
     * SHA-256 of the homeowner's private link token (base64url); the token itself is never
     * stored. Null for requests stored before private links existed.
     */
    accessTokenHash: text("access_token_hash").unique(),
    /** The calendar event's SEQUENCE (RFC 5545): raised by every change sent to the homeowner. */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** The arrival window whose place this request holds in `window_places`, if any. */
    heldDate: date("held_date", { mode: "string" }),
    heldWindow: text("held_window"),
    /**
     * The client that sent the request, as a keyed hash of its address (an IPv6 client by its
     * /64): counts the window places one client holds. Never the address itself.
     */
    clientKey: text("client_key"),
    /** Set when a privacy request erased the personal fields; the row stays for the counts. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /** What the desk's search looks in: name, email and the phone's digits, lower-cased. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${serviceRequests.name} || ' ' || ${serviceRequests.email} || ' ' || regexp_replace(${serviceRequests.phone}, '[^0-9]', '', 'g'))`,
      ),
    createdAt: createdAt(),
  },
  (table) => [
    index("service_requests_office_created_idx").on(table.office, table.createdAt),
    index("service_requests_created_idx").on(table.createdAt),
    index("service_requests_client_idx").on(table.clientKey, table.createdAt),
    index("service_requests_search_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
    index("service_requests_technician_day_idx").on(table.technicianId, table.scheduledDate),
  ],
);

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
    status: text("status", { enum: leadStatuses }).notNull().default("new"),
    version: integer("version").notNull().default(0),
    /** Set when a privacy request erased the personal fields; the row stays for the counts. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
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
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (table) => [check("newsletter_email_lower_case", sql`${table.email} = lower(${table.email})`)],
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

/** "cancelled": not needed any more (a reminder for a visit that was cancelled or moved). */
export const outboxStatuses = ["pending", "sending", "sent", "dead", "cancelled"] as const;
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
    check(
      "outbox_status_known",
      sql`${table.status} in ('pending', 'sending', 'sent', 'dead', 'cancelled')`,
    ),
    index("outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("outbox_subject_idx").on(table.subjectId),
  ],
);

/**
 * Owners: every office and the staff. Dispatchers: their offices' leads. Technicians: their
 * own visits, on My day (`/office/day`), and nothing else of the desk.
 */
export const staffRoles = ["owner", "dispatcher", "technician"] as const;
export type StaffRole = (typeof staffRoles)[number];

const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

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

export const leadEventKinds = [
  "status",
  "note",
  "email-resent",
  /** The homeowner moved the visit on their private page. */
  "rescheduled",
  /** The homeowner added photos. */
  "photos",
  /** A technician's tap in the field (On my way, Arrived, Done, Can't fix). */
  "field",
  /** The same phone asked again for the same appliance within a day: details were added. */
  "repeated",
  /** The estimate written, approved or declined; the payment recorded. */
  "estimate",
  "payment",
  /** The homeowner booked a warranty callback on their page. */
  "warranty-callback",
  /** The homeowner answered the review request; an owner published it. */
  "review",
  /** An owner erased the person's data (the privacy page): no personal word in its detail. */
  "erased",
] as const;
export type LeadEventKind = (typeof leadEventKinds)[number];

/**
 * Every change to a lead in the desk, with who made it and when. Append-only: a trigger in the
 * migration refuses UPDATE and DELETE.
 */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: uuid("id").primaryKey(),
    leadId: uuid("lead_id").notNull(),
    kind: text("kind", { enum: leadEventKinds }).notNull(),
    /** The staff member (null for the system); the name is kept as it was then. */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    fromStatus: text("from_status", { enum: leadStatuses }),
    toStatus: text("to_status", { enum: leadStatuses }),
    /** The note, or what the change said (the visit booked, the email sent again). */
    detail: text("detail").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_events_lead_idx").on(table.leadId, table.at)],
);

/**
 * Each tap a technician made, by the key their phone gave it: a tap sent again (a retry, a
 * queue replayed when the signal returns) finds its key and changes nothing twice.
 */
export const fieldTaps = pgTable(
  "field_taps",
  {
    technicianId: text("technician_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.technicianId, table.key] }),
    index("field_taps_created_idx").on(table.createdAt),
  ],
);

/**
 * Where a text stands: waiting or being handed to the provider, then as the provider reports it
 * (queued … delivered / undelivered / failed); "unknown" when the request reached the provider
 * and its answer was lost (never sent again: the person may have it already); "cancelled" when
 * it was not needed any more or the number opted out; "dead" after every attempt was refused.
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
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
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

/**
 * A request's earlier visits, written when the office books the next one (a return visit after a
 * part): the day, the window, who went and how it ended. The window place it took stays taken.
 */
export const requestVisits = pgTable(
  "request_visits",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    /** 1 for the first visit, 2 for the return visit, ... */
    number: integer("number").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    window: text("window").notNull(),
    technicianId: text("technician_id").references(() => staffUsers.id, { onDelete: "set null" }),
    technician: text("technician").notNull(),
    /** Where the visit ended in the field (app/domain/field.ts), e.g. "needs-part". */
    outcome: text("outcome", { enum: fieldStatuses }),
    /** The technician's words: the part needed, the reason. Blanked by an erasure. */
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.number] }),
    index("request_visits_day_idx").on(table.date),
  ],
);

/** Each office's price policy (app/domain/after-the-job.ts), set by an owner on `/office/prices`. */
export const officePrices = pgTable(
  "office_prices",
  {
    office: text("office").$type<StateSlug>().primaryKey(),
    serviceCallCents: integer("service_call_cents").notNull(),
    serviceCallRule: text("service_call_rule").notNull(),
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

export const arrivalWindows = ["morning", "afternoon", "evening"] as const;
export type ArrivalWindow = (typeof arrivalWindows)[number];

/** Places per arrival window per weekday (0 = Sunday) an owner set; unset: WINDOW_CAPACITY. */
export const windowCapacities = pgTable(
  "window_capacities",
  {
    office: text("office").$type<StateSlug>().notNull(),
    weekday: integer("weekday").notNull(),
    window: text("window", { enum: arrivalWindows }).notNull(),
    capacity: integer("capacity").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.office, table.weekday, table.window] }),
    check("window_capacities_weekday", sql`${table.weekday} between 0 and 6`),
    check("window_capacities_capacity", sql`${table.capacity} between 0 and 1000`),
  ],
);

/** Holidays and other days an office takes no visits (Sundays are always closed). */
export const officeClosedDays = pgTable(
  "office_closed_days",
  {
    office: text("office").$type<StateSlug>().notNull(),
    date: date("date", { mode: "string" }).notNull(),
    label: text("label").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.office, table.date] })],
);

/**
 * The years whose federal holidays were written into `office_closed_days` for an office: once
 * a year is here, a holiday an owner opened stays open.
 */
export const officeHolidayYears = pgTable(
  "office_holiday_years",
  {
    office: text("office").$type<StateSlug>().notNull(),
    year: integer("year").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.office, table.year] })],
);

/**
 * How many places of a window are held, one row per office, day and window. A request takes a
 * place with one `INSERT … ON CONFLICT DO UPDATE … WHERE taken < capacity`, which PostgreSQL
 * runs atomically on the row: concurrent requests never take more places than there are.
 */
export const windowPlaces = pgTable(
  "window_places",
  {
    office: text("office").$type<StateSlug>().notNull(),
    date: date("date", { mode: "string" }).notNull(),
    window: text("window", { enum: arrivalWindows }).notNull(),
    taken: integer("taken").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.office, table.date, table.window] }),
    check("window_places_taken", sql`${table.taken} >= 0`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Photos a homeowner added, re-encoded without metadata; kept in the database with the request.
 * Their bytes are in `request_photo_parts`; `data` holds those of photos stored before the parts.
 */
export const requestPhotos = pgTable(
  "request_photos",
  {
    id: uuid("id").primaryKey(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    data: bytea("data"),
    /** A small square WebP for the homeowner's page; null for photos stored before them. */
    thumbnail: bytea("thumbnail"),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("request_photos_request_idx").on(table.requestId, table.createdAt)],
);

/**
 * A photo's bytes in parts of at most 256 KB, in order: embedded PGlite runs each statement on
 * the thread that answers every request, and a whole photo in one held it for a second or more.
 */
export const requestPhotoParts = pgTable(
  "request_photo_parts",
  {
    photoId: uuid("photo_id")
      .notNull()
      .references(() => requestPhotos.id, { onDelete: "cascade" }),
    part: integer("part").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.photoId, table.part] })],
);

export type NewServiceRequest = typeof serviceRequests.$inferInsert;
export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewOutboxRow = typeof outbox.$inferInsert;
export type NewText = typeof texts.$inferInsert;

export const schema = {
  serviceRequests,
  contactMessages,
  newsletterSubscribers,
  idempotencyKeys,
  rateLimitWindows,
  outbox,
  staffUsers,
  staffSessions,
  staffAccounts,
  staffVerifications,
  serverSecrets,
  leadEvents,
  staffInvitations,
  privacyAudit,
  staffTwoFactors,
  windowCapacities,
  officeClosedDays,
  windowPlaces,
  requestPhotos,
  requestVisits,
  texts,
  textOptOuts,
  officePrices,
  reviews,
};
