/**
 * The lead pipeline: every lead a visitor sends (a service request, a contact message, a newsletter
 * sign-up) passes through this module, whichever door it came in by. A contact message, from the
 * form to the email and the live desk:
 *
 * 1. `app/features/contact/contact-form.tsx` draws the form with `useLeadForm`
 *    (`app/lib/use-lead-form.ts`): a real `<form method="post">` to `/contact`, through a fetcher
 *    once hydrated. The fields are checked in the browser with the schema the server uses,
 *    `app/domain/contact-message.ts`.
 * 2. `app/routes/contact.tsx`'s action hands the request to `servicesOf(context).forms`
 *    (`server/leads/forms.ts`), which reads the body within its bound and calls `submit` here.
 *    (The JSON API, `server/api/router.ts`, calls the same `submit` for `POST /api/…`.)
 * 3. Here: the per-address limit (`server/api/rate-limit.ts`), the honeypot, the schema again, the
 *    office the page named (`server/leads/office.ts`), and the Idempotency-Key bound to the body's
 *    hash (`server/leads/idempotency.ts`): a retry gets the stored answer, another body a 422.
 * 4. `server/leads/submissions.ts` turns the fields into the row and its emails
 *    (`server/mail/contact-emails.ts`); `server/leads/lead-writer.ts` writes the row, the outbox
 *    rows and `pg_notify(newLeadsChannel, office)` in one transaction, grouped with the leads that
 *    arrived meanwhile.
 * 5. The outbox worker (`server/outbox/worker.ts`) leases the emails and sends them over SMTP
 *    (`server/mail/transport.ts`), again after a failure, never twice.
 * 6. The notification reaches every server process: `server/live/live-hub.ts` listens
 *    (`server/db/notifications.ts`) and writes "lead" to the open desks of that office's staff
 *    (`/office/events`, `app/routes/office.events.ts`); `app/features/desk/use-desk-events.ts`
 *    reloads the inbox.
 *
 * Past 250 lines on purpose: every door's checks (limits, body, honeypot, schema, idempotency) are
 * written here once.
 */

import { z } from "zod";

import type { StateSlug } from "~/content/states";
import type { PricePolicy } from "~/domain/after-the-job";
import type { CompanyProfile } from "~/content/company";
import { contactMessageSchema } from "~/domain/contact-message";
import type { OpenWindow } from "~/domain/availability";
import { newsletterSchema } from "~/domain/newsletter";
import type { LeadKind } from "~/lib/form-result";
import { honeypotName } from "~/lib/honeypot";
import { isLocale, type Locale } from "~/lib/locale";

import type { ServerConfig } from "../config";
import type { Database } from "../db/database";
import { mailContextFor, type MailContext } from "../mail/context";
import type { ClientKeyOf } from "../requests/client-keys";
import type { RequestLinks } from "../requests/request-links";
import { RequestReferences } from "../requests/request-references";
import { isBookableInTime, nextOpenWindows } from "../requests/windows";
import { DatabaseUnavailableError, describeCause, usingDatabase } from "../api/errors";
import {
  idempotencyKeyHeader,
  idempotencyKeyMaxLength,
  requestHashOf,
  storeOnce,
  type IdempotencyScope,
  type SubmissionAnswer,
} from "./idempotency";
import type { LeadWriter, WriteResult } from "./lead-writer";
import { officeFor, serviceRequestSchemaFor } from "./office";
import { countRequest } from "../api/rate-limit";
import { contactMessageWrite, serviceRequestWrite, subscribeToNewsletter } from "./submissions";
import { pricePolicyFor as pricePolicyFromDatabase } from "../prices/price-policy";

import type { VisitSource } from "~/domain/visit-source";

export type { LeadKind } from "~/lib/form-result";

export interface SubmissionDependencies {
  db: Database;
  leads: LeadWriter;
  /** The homeowners' private links to their service requests. */
  links: RequestLinks;
  /** How a client's address is stored with its service request (to count its window places). */
  clientKeyOf: ClientKeyOf;
  config: ServerConfig;
  now: () => Date;
  /** Called after a transaction that wrote outbox rows committed. */
  onEnqueued: () => void;
  /** The office's price policy for the confirmation email; unset: read from the database. */
  pricePolicyFor?: (office: StateSlug) => Promise<PricePolicy | null>;
}

interface Storage {
  db: Database;
  leads: LeadWriter;
  links: RequestLinks;
  references: RequestReferences;
  pricePolicyFor(office: StateSlug): Promise<PricePolicy | null>;
  /** The stored form of this submission's client address. */
  clientKey: string;
  /** The mail context of another office (a repeat's first request may be another office's). */
  mailFor(office: CompanyProfile): MailContext;
  /** Where the visitor came from on the web, if their cookie said. */
  visitSource: VisitSource | null;
}

interface LeadDefinition<T> {
  /** The JSON endpoint's path; also the rate limit's and the idempotency keys' scope. */
  endpoint: string;
  schemaFor(office: CompanyProfile, now: Date, config: ServerConfig): z.ZodType<T>;
  save(
    storage: Storage,
    input: T,
    mail: MailContext,
    scope: IdempotencyScope | null,
  ): Promise<WriteResult>;
}

function lead<T>(definition: LeadDefinition<T>): LeadDefinition<T> {
  return definition;
}

const leadDefinitions = {
  serviceRequest: lead({
    endpoint: "/send-email",
    schemaFor: serviceRequestSchemaFor,
    save: async (
      { leads, links, references, pricePolicyFor, clientKey, mailFor, visitSource },
      request,
      mail,
      scope,
    ) => {
      const reference = await references.next();
      const pricePolicy = await pricePolicyFor(mail.office.stateSlug);
      const write = serviceRequestWrite(request, mail, {
        links,
        reference,
        clientKey,
        mailFor,
        pricePolicy,
        visitSource,
      });
      // A window starting within two hours (or over) is as good as full: offer the next ones.
      if (write.place && !isBookableInTime(write.place, mail.createdAt)) {
        return { kind: "window-full", place: write.place };
      }
      return leads.write({ ...write, scope });
    },
  }),
  contactMessage: lead({
    endpoint: "/send-contact-email",
    schemaFor: () => contactMessageSchema,
    save: ({ leads, visitSource }, contact, mail, scope) =>
      leads.write({ ...contactMessageWrite(contact, mail, visitSource), scope }),
  }),
  newsletter: lead({
    endpoint: "/send-subscribe-email",
    schemaFor: () => newsletterSchema,
    save: ({ db }, subscription, mail, scope) =>
      storeOnce(db, scope, (tx) => subscribeToNewsletter(tx, subscription, mail)),
  }),
} satisfies Record<LeadKind, unknown>;

export const leadKinds = Object.keys(leadDefinitions) as LeadKind[];

export function endpointOf(kind: LeadKind): string {
  return leadDefinitions[kind].endpoint;
}

/** What became of one submission; the JSON API and the page actions each answer it their way. */
export type SubmissionOutcome =
  | {
      status: "stored";
      answer: SubmissionAnswer;
      replayed: boolean;
      /** A service request's private page (never stored: made again from the id). */
      requestUrl?: string;
    }
  /** The service request's arrival window has no place left: nothing was stored. */
  | { status: "window-full"; openWindows: OpenWindow[] }
  /** The Idempotency-Key was recorded for a different request: nothing was stored. */
  | { status: "key-reused" }
  /** The honeypot was filled: the sender is told all went well, and nothing happens. */
  | { status: "ignored" }
  | { status: "invalid"; errors: Record<string, string[] | undefined> }
  | { status: "bad-request"; error: string }
  | { status: "rate-limited"; retryAfterSeconds: number }
  | { status: "unavailable" };

export interface Submission {
  /** The submitted fields: a parsed JSON body or a form's fields. */
  body: unknown;
  /** The rate limit's key: the visitor's address as Express sees it. */
  client: string;
  idempotencyKey?: string | undefined;
  /** Names the request in logs ("POST /contact"). */
  label: string;
  /** Where the visitor came from on the web (their visit-source cookie), if it said. */
  visitSource?: VisitSource | null;
}

export type LeadSubmissions = (
  kind: LeadKind,
  submission: Submission,
) => Promise<SubmissionOutcome>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Half of a UTF-16 pair with no other half: valid in JSON, not encodable as UTF-8.
const loneSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Control characters other than tab and line breaks: never typed by a person, and NUL cannot
// be stored in a PostgreSQL text or jsonb value.
// eslint-disable-next-line no-control-regex -- these are what it removes
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * The form's fields as PostgreSQL can store them: a lone UTF-16 surrogate (valid in JSON, not
 * in UTF-8) becomes U+FFFD and control characters are dropped, so no text a client sends can
 * fail the insert. The forms are flat: only top-level strings are fields.
 */
function storableStrings(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === "string"
        ? value.replace(loneSurrogates, "\uFFFD").replace(controlCharacters, "")
        : value,
    ]),
  );
}

const unreadableBodyMessage = "Send each field as a string";

/**
 * The schema's verdict on `body`, or null when the schema itself threw: zod's length check
 * compares a value's `length` before its type is refused, and a JSON object whose `length` is an
 * object without a usable `toString` ({"website": {"length": {"toString": 1}}}) makes that
 * comparison throw. A stranger's body is a 400, never a 500.
 */
function safelyParsed<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): ReturnType<Schema["safeParse"]> | null {
  try {
    return schema.safeParse(body) as ReturnType<Schema["safeParse"]>;
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}

/**
 * The one submission pipeline behind the JSON API and the forms' route actions: rate limit,
 * body checks, honeypot, the shared schema plus the server's rules, then one transaction.
 * A database failure is an outcome ("unavailable"), never an exception.
 */
export function createLeadSubmissions(deps: SubmissionDependencies): LeadSubmissions {
  const references = new RequestReferences(deps.db);
  return async (kind, submission) => {
    try {
      return await submit(
        deps,
        references,
        leadDefinitions[kind] as LeadDefinition<unknown>,
        submission,
      );
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError)) throw error;
      console.error(`${submission.label}: database unavailable: ${describeCause(error)}`);
      return { status: "unavailable" };
    }
  };
}

async function submit(
  {
    db,
    leads,
    links,
    clientKeyOf,
    config,
    now,
    onEnqueued,
    pricePolicyFor = (office) => pricePolicyFromDatabase(db, office),
  }: SubmissionDependencies,
  references: RequestReferences,
  definition: LeadDefinition<unknown>,
  { body: rawBody, client, idempotencyKey, visitSource = null }: Submission,
): Promise<SubmissionOutcome> {
  if (config.RATE_LIMIT_MAX !== 0) {
    const verdict = await usingDatabase(() =>
      countRequest(db, { endpoint: definition.endpoint, client, max: config.RATE_LIMIT_MAX }),
    );
    if (!verdict.allowed) {
      return { status: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds };
    }
  }
  if (!isPlainObject(rawBody)) {
    return { status: "bad-request", error: "The request body must be a JSON object" };
  }
  const body = storableStrings(rawBody);
  const honeypot = body[honeypotName];
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { status: "ignored" };
  if (
    idempotencyKey !== undefined &&
    (idempotencyKey.trim() === "" || idempotencyKey.length > idempotencyKeyMaxLength)
  ) {
    return {
      status: "bad-request",
      error: `${idempotencyKeyHeader} must be 1 to ${idempotencyKeyMaxLength} characters`,
    };
  }

  const submittedAt = now();
  const office = officeFor(body.companyEmail);
  const parsed = safelyParsed(definition.schemaFor(office, submittedAt, config), body);
  if (!parsed) return { status: "bad-request", error: unreadableBodyMessage };
  if (!parsed.success) {
    return { status: "invalid", errors: z.flattenError(parsed.error).fieldErrors };
  }

  const mail = mailContextFor(config, office, submittedAt);
  const scope = idempotencyKey
    ? {
        endpoint: definition.endpoint,
        key: idempotencyKey,
        requestHash: requestHashOf(definition.endpoint, body),
      }
    : null;
  const storage: Storage = {
    db,
    leads,
    links,
    references,
    pricePolicyFor,
    clientKey: clientKeyOf(client),
    mailFor: (other) => mailContextFor(config, other, submittedAt),
    visitSource,
  };
  const result = await usingDatabase(() => definition.save(storage, parsed.data, mail, scope));
  if (result.kind === "key-reused") return { status: "key-reused" };
  if (result.kind === "window-full") {
    const openWindows = await usingDatabase(() =>
      nextOpenWindows(db, office, {
        from: result.place.date,
        now: submittedAt,
        defaultCapacity: config.WINDOW_CAPACITY,
        locale: languageOf(parsed.data),
      }),
    );
    return { status: "window-full", openWindows };
  }
  const { answer, replayed } = result;
  if (!replayed) onEnqueued();
  return {
    status: "stored",
    answer,
    replayed,
    ...(definition === leadDefinitions.serviceRequest && "id" in answer.body
      ? { requestUrl: links.urlFor(answer.body.id) }
      : {}),
  };
}

/** The language a submission was made in (issue 39): its `language`, English when it has none. */
function languageOf(data: unknown): Locale {
  return typeof data === "object" && data !== null && "language" in data && isLocale(data.language)
    ? data.language
    : "en";
}
