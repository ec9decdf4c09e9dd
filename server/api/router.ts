import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { z } from "zod";

import type { CompanyProfile } from "~/content/company";
import { contactMessageSchema } from "~/features/contact/schema";
import { newsletterSchema } from "~/features/newsletter/schema";
import { honeypotName } from "~/lib/validation";

import type { ServerConfig } from "../config";
import type { Database } from "../db/database";
import { mailContextFor, type MailContext } from "../mail/context";
import { DatabaseUnavailableError, describeCause, usingDatabase } from "./errors";
import {
  idempotencyKeyHeader,
  idempotencyKeyMaxLength,
  storeOnce,
  type IdempotencyScope,
} from "./idempotency";
import type { LeadWriter, WriteResult } from "./lead-writer";
import { officeFor, serviceRequestSchemaFor } from "./office";
import { countRequest } from "./rate-limit";
import { contactMessageWrite, serviceRequestWrite, subscribeToNewsletter } from "./submissions";

export const maxBodyBytes = 16 * 1024;

export interface ApiDependencies {
  db: Database;
  leads: LeadWriter;
  config: ServerConfig;
  now: () => Date;
  /** Called after a transaction that wrote outbox rows committed. */
  onEnqueued: () => void;
}

interface Storage {
  db: Database;
  leads: LeadWriter;
}

interface SubmissionEndpoint<T> {
  path: string;
  schemaFor(office: CompanyProfile, now: Date): z.ZodType<T>;
  save(
    storage: Storage,
    input: T,
    mail: MailContext,
    scope: IdempotencyScope | null,
  ): Promise<WriteResult>;
}

function endpoint<T>(definition: SubmissionEndpoint<T>): SubmissionEndpoint<T> {
  return definition;
}

const submissionEndpoints = [
  endpoint({
    path: "/send-email",
    schemaFor: serviceRequestSchemaFor,
    save: ({ leads }, request, mail, scope) =>
      leads.write({ ...serviceRequestWrite(request, mail), scope }),
  }),
  endpoint({
    path: "/send-contact-email",
    schemaFor: () => contactMessageSchema,
    save: ({ leads }, contact, mail, scope) =>
      leads.write({ ...contactMessageWrite(contact, mail), scope }),
  }),
  endpoint({
    path: "/send-subscribe-email",
    schemaFor: () => newsletterSchema,
    save: ({ db }, subscription, mail, scope) =>
      storeOnce(db, scope, (tx) => subscribeToNewsletter(tx, subscription, mail)),
  }),
];

function failure(error: string) {
  return { success: false as const, error };
}

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

/** The JSON API: the three form submissions. It never renders and never trusts the client. */
export function createApiRouter(deps: ApiDependencies): express.Router {
  const router = express.Router();
  const parseJson = express.json({ limit: maxBodyBytes });

  for (const definition of submissionEndpoints) {
    // Unreadable requests are answered before the rate limit, which costs a database write.
    router.post(
      definition.path,
      requireJson,
      parseJson,
      rateLimit(deps, definition.path),
      submissionHandler(definition, deps),
    );
    router.all(definition.path, (_req, res) => {
      res.set("Allow", "POST").status(405).json(failure("Use POST"));
    });
  }
  router.all("/{*rest}", (_req, res) => {
    res.status(404).json(failure("Not found"));
  });
  router.use(apiErrorHandler);
  return router;
}

function rateLimit({ db, config }: ApiDependencies, endpointPath: string): RequestHandler {
  return async (req, res, next) => {
    if (config.RATE_LIMIT_MAX === 0) return next();
    const verdict = await usingDatabase(() =>
      countRequest(db, {
        endpoint: endpointPath,
        client: req.ip ?? req.socket.remoteAddress ?? "unknown",
        max: config.RATE_LIMIT_MAX,
      }),
    );
    if (verdict.allowed) return next();
    res
      .set("Retry-After", String(verdict.retryAfterSeconds))
      .status(429)
      .json(failure("Too many requests. Please try again later."));
  };
}

const requireJson: RequestHandler = (req, res, next) => {
  if (req.is("application/json")) return next();
  res.status(415).json(failure("Send the request body as application/json"));
};

function submissionHandler<T>(
  definition: SubmissionEndpoint<T>,
  { db, leads, config, now, onEnqueued }: ApiDependencies,
): RequestHandler {
  return async (req, res) => {
    if (!isPlainObject(req.body)) {
      res.status(400).json(failure("The request body must be a JSON object"));
      return;
    }
    const body = storableStrings(req.body);
    const honeypot = body[honeypotName];
    if (typeof honeypot === "string" && honeypot.trim() !== "") {
      // A bot filled the field no person sees: it is told all went well, and nothing happens.
      res.status(200).json({ success: true });
      return;
    }
    const idempotencyKey = req.get(idempotencyKeyHeader);
    if (
      idempotencyKey !== undefined &&
      (idempotencyKey.trim() === "" || idempotencyKey.length > idempotencyKeyMaxLength)
    ) {
      res
        .status(400)
        .json(
          failure(`${idempotencyKeyHeader} must be 1 to ${idempotencyKeyMaxLength} characters`),
        );
      return;
    }

    const submittedAt = now();
    const office = officeFor(body.companyEmail);
    const parsed = definition.schemaFor(office, submittedAt).safeParse(body);
    if (!parsed.success) {
      res.status(400).json({ success: false, errors: z.flattenError(parsed.error).fieldErrors });
      return;
    }

    const mail = mailContextFor(config, office, submittedAt);
    const scope = idempotencyKey ? { endpoint: definition.path, key: idempotencyKey } : null;
    const { answer, replayed } = await usingDatabase(() =>
      definition.save({ db, leads }, parsed.data, mail, scope),
    );
    if (replayed) res.set("Idempotent-Replayed", "true");
    else onEnqueued();
    res.status(answer.statusCode).json(answer.body);
  };
}

interface HttpError {
  status: number;
  type?: string;
}

function isClientHttpError(error: unknown): error is HttpError {
  if (typeof error !== "object" || error === null || !("status" in error)) return false;
  const { status } = error;
  return typeof status === "number" && status >= 400 && status < 500;
}

function clientErrorMessage({ status, type }: HttpError): string {
  if (status === 413) return `The request body is larger than ${maxBodyBytes / 1024} KB`;
  if (type === "entity.parse.failed") return "The request body is not valid JSON";
  if (status === 415) return "The request body's encoding or charset is not supported";
  return "The request could not be read";
}

const apiErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof DatabaseUnavailableError) {
    console.error(
      `${req.method} ${req.originalUrl}: database unavailable: ${describeCause(error)}`,
    );
    res
      .set("Retry-After", "30")
      .status(503)
      .json(failure("The service is temporarily unavailable. Please try again shortly."));
    return;
  }
  if (isClientHttpError(error)) {
    res.status(error.status).json(failure(clientErrorMessage(error)));
    return;
  }
  console.error(`${req.method} ${req.originalUrl}:`, error);
  res.status(500).json(failure("Internal error"));
};
