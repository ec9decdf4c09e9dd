// A service request, its timeline, its visits, its jobs and its technician's taps: the rows the one
// door (server/requests/request-door.ts) changes. Over 300 lines: the request row alone is one table
// of 39 columns, each said once here.
import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
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

import type { StateSlug } from "../../../app/content/states";
import type { VisitSource } from "../../../app/domain/visit-source";
import type {
  EstimateDecision,
  EstimateDecisionPlace,
  EstimateLine,
} from "../../../app/domain/after-the-job";
import { fieldStatuses } from "../../../app/domain/field";
import { leadStatuses } from "../../../app/domain/leads";
import type { Locale } from "../../../app/lib/locale";
import type { SafetyConcern } from "../../../app/domain/safety";
import type { RequestSource } from "../../../app/domain/phone-booking";

import { createdAt } from "./columns";
import { customers } from "./customers";
import { staffUsers } from "./staff";

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
    /**
     * The dangers the description mentions (app/domain/safety.ts), as the booking dialog's
     * safety step read them: the desk flags and sorts these first.
     */
    safetyConcerns: text("safety_concerns")
      .array()
      .$type<SafetyConcern[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The request's current visit, a row of `request_visits`: 1, then 2 for the return visit
     * after a part, ... The earlier ones are the rows before it; each has its own calendar event.
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
    /** Consent given by phone: the staff member who read the words and ticked the box. */
    textConsentRecordedBy: text("text_consent_recorded_by"),
    /** The homeowner turned texts off on their page (on again: null). */
    textsOffAt: timestamp("texts_off_at", { withTimezone: true }),
    /**
     * Where the homeowner came from on the web before booking (server/attribution/visit-source.ts):
     * the first visit that said so and the latest; null: booked without one, or by phone.
     */
    visitSource: jsonb("visit_source").$type<VisitSource>(),
    /**
     * The service-call fee and its rule the booking was shown (the office's price policy then);
     * null: none was shown. The private page and a declined estimate's charge keep to it.
     */
    quotedServiceCallCents: integer("quoted_service_call_cents"),
    quotedServiceCallRule: text("quoted_service_call_rule"),
    /** The rule in Spanish as the office wrote it then (null: none, the English is quoted). */
    quotedServiceCallRuleEs: text("quoted_service_call_rule_es"),
    /**
     * Where the request came from (app/domain/phone-booking.ts), as the office recorded it when it
     * took the request by phone ("Other" with its few words); null: booked on the website.
     */
    source: text("source").$type<RequestSource>(),
    sourceDetail: text("source_detail"),
    /** The staff member who took the request by phone (their account and name then); null: the web. */
    takenById: text("taken_by_id"),
    takenBy: text("taken_by"),
    /** A full window booked anyway by the office: why (the timeline says it too). */
    overbookReason: text("overbook_reason"),
    /**
     * The homeowner's language (issue 39): the language of the page they booked on. Every
     * email, text and page they get follows it; the desk says "Prefers Spanish".
     */
    language: text("language").$type<Locale>().notNull().default("en"),
    /**
     * The request's current job, a row of `request_jobs`: its estimate and its warranty (its
     * payments are the ledger's rows of that job).
     */
    jobNumber: integer("job_number").notNull().default(1),
    /**
     * The review request (server/reviews/review-requests.ts): when it goes out, set once at the
     * first Done (a callback done later asks nothing again), and the technician it asks about.
     */
    reviewRequestAt: timestamp("review_request_at", { withTimezone: true }),
    reviewTechnicianId: text("review_technician_id").references(() => staffUsers.id, {
      onDelete: "set null",
    }),
    reviewTechnician: text("review_technician"),
    /**
     * The customer the request belongs to (./customers.ts): found by its phone, then its email,
     * when it was stored; an owner's merge moves it. Null only while a migration fills it.
     */
    customerId: uuid("customer_id").references(() => customers.id),
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
    /** What the desk's search looks in: name, email, the phone's digits and the address, lower-cased. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${serviceRequests.name} || ' ' || ${serviceRequests.email} || ' ' || regexp_replace(${serviceRequests.phone}, '[^0-9]', '', 'g') || ' ' || ${serviceRequests.address})`,
      ),
    createdAt: createdAt(),
  },
  (table) => [
    index("service_requests_office_created_idx").on(table.office, table.createdAt),
    index("service_requests_created_idx").on(table.createdAt),
    index("service_requests_client_idx").on(table.clientKey, table.createdAt),
    index("service_requests_customer_idx").on(table.customerId, table.createdAt),
    index("service_requests_search_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
    check("service_requests_language_known", sql`${table.language} in ('en', 'es')`),
  ],
);

export const leadEventKinds = [
  "status",
  "note",
  "email-resent",
  /** A text held by its number's daily limit, sent by the office after all. */
  "text-resent",
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
  /** An owner merged two customers: the request is with the customer it was merged into. */
  "customer",
  /** An owner erased the person's data (the privacy page): no personal word in its detail. */
  "erased",
  /** The office corrected where the request came from: "Source: Google Ads → Yelp". */
  "source",
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

/** The field state a tap that can be undone changed (its timestamp as ISO text). */
export interface FieldStateBefore {
  fieldStatus: (typeof fieldStatuses)[number] | null;
  arrivingAt: string | null;
  partNeeded: string | null;
  /** The job's part price and deposit asked (absent on taps recorded before they were kept). */
  partPriceCents?: number | null;
  depositCents?: number | null;
  /**
   * The visit (`request_visits.number`) the tap was made on: its Undo writes only that visit.
   * Absent on taps recorded before it was kept.
   */
  visitNumber?: number;
}

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
    /**
     * The visit's field state before the tap, for a tap that can be undone (On my way, Arrived,
     * Needs a part): Undo puts it back. Null for the other taps.
     */
    before: jsonb("before").$type<FieldStateBefore>(),
    /** When the technician undid the tap (within `undoSeconds` of it). */
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.technicianId, table.key] }),
    index("field_taps_request_idx").on(table.requestId, table.createdAt),
    index("field_taps_created_idx").on(table.createdAt),
  ],
);

/**
 * A request's visits, one row each, the current one (the request's `visitNumber`) included: the
 * day, the window, who goes, where it stands in the field and how it ended. Only the door
 * (server/requests/request-door.ts) writes them; a request's row is read with its current visit
 * (server/requests/request-rows.ts). A visit ended keeps its row, and the window place it took
 * stays taken. A request never booked may have no row yet: nothing is booked or tapped.
 */
export const requestVisits = pgTable(
  "request_visits",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    /** 1 for the first visit, 2 for the return visit, ... */
    number: integer("number").notNull(),
    /** The visit as the office booked it (the request's status "scheduled"). */
    date: date("date", { mode: "string" }),
    window: text("window"),
    /** The technician's name as the office wrote it (emails say its first word). */
    technician: text("technician"),
    /** The technician account the visit is assigned to: it shows on their My day. */
    technicianId: text("technician_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /**
     * Where the visit stands in the field (app/domain/field.ts), from the technician's taps; for a
     * visit that ended, how it ended (e.g. "needs-part").
     */
    fieldStatus: text("field_status", { enum: fieldStatuses }),
    /** On my way: when the technician said they would arrive. */
    arrivingAt: timestamp("arriving_at", { withTimezone: true }),
    /** Needs a part: the part (name or number) the return visit brings. */
    partNeeded: text("part_needed"),
    /** Can't fix: why. */
    cantFixReason: text("cant_fix_reason"),
    /**
     * When the office recorded its call to the homeowner after Can't fix (what was agreed is the
     * call's note in the timeline). Null after a Can't fix: the inbox flags the lead first.
     */
    cantFixCallRecordedAt: timestamp("cant_fix_call_recorded_at", { withTimezone: true }),
    /** Done: what was done, the parts used and the amount charged (null: no charge), and when. */
    workDone: text("work_done"),
    partsUsed: text("parts_used"),
    amountChargedCents: integer("amount_charged_cents"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** A no-charge warranty callback on the same job ("Same problem again?"). */
    warrantyCallback: boolean("warranty_callback").notNull().default(false),
    /**
     * The callback's "What went wrong this time?", in the homeowner's words, and the photo they
     * sent with it (one of `request_photos`).
     */
    callbackProblem: text("callback_problem"),
    callbackPhotoId: uuid("callback_photo_id"),
    /** The technician's words about how the visit ended (the part, the reason). Blanked by an erasure. */
    detail: text("detail").notNull().default(""),
    /**
     * Can't fix, and no charge for its service call: when the technician recorded it and why (the
     * homeowner reads it; an erasure blanks it). The visit's own fact, as a paid service call is
     * the ledger's row of this visit: the next visit owes its own.
     */
    noChargeAt: timestamp("no_charge_at", { withTimezone: true }),
    noChargeReason: text("no_charge_reason"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.number] }),
    index("request_visits_day_idx").on(table.date),
    index("request_visits_technician_day_idx").on(table.technicianId, table.date),
    // The owner's numbers: the visits done in a range.
    index("request_visits_done_idx")
      .on(table.doneAt)
      .where(sql`${table.doneAt} is not null`),
    // The inbox's first leads: Can't fix, the homeowner's call not yet recorded (a handful).
    index("request_visits_cant_fix_call_idx")
      .on(table.requestId)
      .where(sql`${table.fieldStatus} = 'cant-fix' and ${table.cantFixCallRecordedAt} is null`),
  ],
);

/**
 * A request's jobs, one row each: what the technician estimated and the homeowner answered, and
 * the warranty its payment gave (what was paid is the ledger's: ./payments.ts). The request's `jobNumber` is its current job; a request's
 * row is read with it (server/requests/request-rows.ts) and only the door writes it. A request
 * nothing was estimated or paid for may have no row yet.
 */
export const requestJobs = pgTable(
  "request_jobs",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    /** 1 for the repair; the next, new work estimated on a warranty visit. */
    number: integer("number").notNull(),
    /**
     * The visit whose technician began this job by writing its estimate (a warranty visit's
     * number); null for the first job, which the request began.
     */
    startedOnVisit: integer("started_on_visit"),
    /** The technician's estimate (parts and labour), written on My day, and when. */
    estimateLines: jsonb("estimate_lines").$type<EstimateLine[]>(),
    estimateAt: timestamp("estimate_at", { withTimezone: true }),
    /** The homeowner's answer to the estimate: the name they typed (or gave), when and where. */
    estimateDecision: text("estimate_decision").$type<EstimateDecision>(),
    estimateDecidedBy: text("estimate_decided_by"),
    estimateDecidedAt: timestamp("estimate_decided_at", { withTimezone: true }),
    estimateDecidedOn: text("estimate_decided_on").$type<EstimateDecisionPlace>(),
    /**
     * Needs a part: the part's price the technician gave, and the deposit asked for it (null: none
     * asked). The homeowner pays the deposit by card on their page; it counts toward the repair.
     */
    partPriceCents: integer("part_price_cents"),
    depositCents: integer("deposit_cents"),
    /**
     * The warranty the receipt gives: its length then, and its last day (office time). A job begun
     * on a warranty visit holds the warranty it began under until its own payment gives one.
     */
    warrantyDays: integer("warranty_days"),
    warrantyEnds: date("warranty_ends", { mode: "string" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.number] }),
    // The owner's numbers: the estimates answered in a range (the jobs paid: the ledger's).
    index("request_jobs_decided_idx")
      .on(table.estimateDecidedAt)
      .where(sql`${table.estimateDecidedAt} is not null`),
  ],
);
