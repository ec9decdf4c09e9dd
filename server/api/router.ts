import { decodeVisitSource, visitSourceIn } from "../attribution/visit-source";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";

import { windowFilledMessage } from "~/domain/availability";
import { requestErrorLine } from "~/lib/log-line";

import { clientIp, type TrustProxy } from "../geo/client-ip";
import { clientNetwork } from "../geo/ip-address";

import { DatabaseUnavailableError, describeCause } from "./errors";
import { idempotencyKeyHeader, keyReusedMessage } from "../leads/idempotency";
import {
  endpointOf,
  leadKinds,
  type LeadKind,
  type LeadSubmissions,
} from "../leads/lead-submissions";

export const maxBodyBytes = 16 * 1024;

function failure(error: string) {
  return { success: false as const, error };
}

/**
 * The visitor as every per-address limit knows it (leads, newsletter, sign-in, the private page):
 * clientIp under the app's `trust proxy` rule, the address the location lookup reads, with an
 * IPv6 address cut to its /64 (`clientNetwork`).
 */
export function clientAddress(req: express.Request): string {
  const address = clientIp(req, req.app.get("trust proxy fn") as TrustProxy);
  return address ? clientNetwork(address) : "unknown";
}

/**
 * The JSON API: the three form submissions, through the pipeline the page actions share. It
 * never renders and never trusts the client.
 */
export function createApiRouter(submissions: LeadSubmissions): express.Router {
  const router = express.Router();
  const parseJson = express.json({ limit: maxBodyBytes });

  for (const kind of leadKinds) {
    const path = endpointOf(kind);
    // Unreadable requests are answered before the rate limit, which costs a database write.
    router.post(path, requireJson, parseJson, submissionHandler(kind, submissions));
    router.all(path, (_req, res) => {
      res.set("Allow", "POST").status(405).json(failure("Use POST"));
    });
  }
  router.all("/{*rest}", (_req, res) => {
    res.status(404).json(failure("Not found"));
  });
  router.use(apiErrorHandler);
  return router;
}

const requireJson: RequestHandler = (req, res, next) => {
  if (req.is("application/json")) return next();
  res.status(415).json(failure("Send the request body as application/json"));
};

function submissionHandler(kind: LeadKind, submissions: LeadSubmissions): RequestHandler {
  return async (req, res) => {
    const outcome = await submissions(kind, {
      body: req.body,
      client: clientAddress(req),
      idempotencyKey: req.get(idempotencyKeyHeader),
      label: `${req.method} ${req.originalUrl}`,
      visitSource: decodeVisitSource(visitSourceIn(req.get("cookie"))),
    });
    switch (outcome.status) {
      case "stored":
        if (outcome.replayed) res.set("Idempotent-Replayed", "true");
        res
          .status(outcome.answer.statusCode)
          .json(
            outcome.requestUrl
              ? { ...outcome.answer.body, requestUrl: outcome.requestUrl }
              : outcome.answer.body,
          );
        return;
      case "window-full":
        res.status(409).json({
          success: false,
          error: windowFilledMessage,
          errors: { preferredTime: [windowFilledMessage] },
          openWindows: outcome.openWindows,
        });
        return;
      case "ignored":
        res.status(200).json({ success: true });
        return;
      case "invalid":
        res.status(400).json({ success: false, errors: outcome.errors });
        return;
      case "bad-request":
        res.status(400).json(failure(outcome.error));
        return;
      case "key-reused":
        res.status(422).json(failure(keyReusedMessage));
        return;
      case "rate-limited":
        res
          .set("Retry-After", String(outcome.retryAfterSeconds))
          .status(429)
          .json(failure("Too many requests. Please try again later."));
        return;
      case "unavailable":
        res.set("Retry-After", "30").status(503).json(unavailable);
        return;
    }
  };
}

const unavailable = failure("The service is temporarily unavailable. Please try again shortly.");

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
    res.set("Retry-After", "30").status(503).json(unavailable);
    return;
  }
  if (isClientHttpError(error)) {
    res.status(error.status).json(failure(clientErrorMessage(error)));
    return;
  }
  console.error(requestErrorLine(req.method, req.originalUrl, error));
  res.status(500).json(failure("Internal error"));
};
