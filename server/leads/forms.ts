import { decodeVisitSource, visitSourceIn } from "../attribution/visit-source";
import { windowFilledMessage } from "~/domain/availability";
import { BodyTooLarge, postedForm } from "~/lib/bounded-body.server";
import { parseTypedDate } from "~/lib/dates";
import { firstMessages } from "~/lib/field-errors";
import { formatUsPhone } from "~/lib/form-rules";
import type { LeadFormResult, LeadKind } from "~/lib/form-result";
import { honeypotName } from "~/lib/honeypot";
import { requestLocale, type Locale } from "~/lib/locale";
import { fieldErrorsIn, saidIn } from "~/lib/said-in";
import { idempotencyKeyField } from "~/lib/idempotency-field";

import type { LeadSubmissions, SubmissionOutcome } from "./lead-submissions";
import { maxBodyBytes } from "../api/router";

/** A lead form action's response: the result the page renders, its status and headers. */
export interface FormResponse {
  result: LeadFormResult;
  status: number;
  headers?: Record<string, string>;
}

/** What route actions reach the submission pipeline through (the load context's `forms`). */
export interface FormSubmissions {
  submit(kind: LeadKind, request: Request): Promise<FormResponse>;
}

/**
 * What the browser's scripts do while a visitor types, done for a form posted without them:
 * ten digits become "(555) 555-5555"; a typed "MM/dd/yyyy" date becomes "yyyy-mm-dd".
 */
function asTheEnhancedFormSends(fields: Record<string, string>): Record<string, string> {
  const normalized = { ...fields };
  const { phone, preferredDate } = fields;
  if (phone !== undefined && /^\D*1?\D*(\d\D*){10}$/.test(phone)) {
    normalized.phone = formatUsPhone(phone);
  }
  if (preferredDate !== undefined) {
    normalized.preferredDate = parseTypedDate(preferredDate) ?? preferredDate.trim();
  }
  return normalized;
}

/** The values a page puts back in its fields: what was typed, without the hidden machinery. */
function typedValues(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([name]) => name !== honeypotName && name !== idempotencyKeyField,
    ),
  );
}

/** The answer in the page's language: what it says to the visitor follows the form's page. */
function answerFor(
  kind: LeadKind,
  outcome: SubmissionOutcome,
  values: Record<string, string>,
  locale: Locale,
): FormResponse {
  const answered = { form: kind, values };
  switch (outcome.status) {
    case "stored":
      return {
        result: {
          ...answered,
          status: "success",
          ...(outcome.requestUrl ? { requestUrl: outcome.requestUrl } : {}),
          ...("reference" in outcome.answer.body && outcome.answer.body.reference
            ? { reference: outcome.answer.body.reference }
            : {}),
          ...("duplicate" in outcome.answer.body ? { duplicate: true } : {}),
          ...("placeHeld" in outcome.answer.body ? { placeHeld: false as const } : {}),
          ...(outcome.answer.body.message
            ? { message: saidIn(outcome.answer.body.message, locale) }
            : {}),
        },
        status: 200,
      };
    case "ignored":
      return { result: { ...answered, status: "success" }, status: 200 };
    case "window-full":
      return {
        result: {
          ...answered,
          status: "invalid",
          fieldErrors: { preferredTime: saidIn(windowFilledMessage, locale) },
          openWindows: outcome.openWindows,
        },
        status: 409,
      };
    case "invalid":
      return {
        result: {
          ...answered,
          status: "invalid",
          fieldErrors: fieldErrorsIn(firstMessages(outcome.errors), locale),
        },
        status: 400,
      };
    case "bad-request":
      return { result: { ...answered, status: "failed" }, status: 400 };
    case "key-reused":
      return { result: { ...answered, status: "failed" }, status: 422 };
    case "rate-limited":
      return {
        result: { ...answered, status: "failed" },
        status: 429,
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      };
    case "unavailable":
      return {
        result: { ...answered, status: "failed" },
        status: 503,
        headers: { "Retry-After": "30" },
      };
  }
}

/**
 * The forms' side of the submission pipeline, for one request's visitor: the page actions post
 * here with the fields a browser sends, with or without JavaScript.
 */
export function formSubmissionsFor(submissions: LeadSubmissions, client: string): FormSubmissions {
  return {
    async submit(kind, request) {
      let fields: Record<string, string>;
      try {
        fields = (await postedForm(request, maxBodyBytes)).fields();
      } catch (error) {
        const status = error instanceof BodyTooLarge ? 413 : 400;
        return { result: { form: kind, status: "failed", values: {} }, status };
      }
      const { [idempotencyKeyField]: idempotencyKey, ...submitted } = fields;
      const outcome = await submissions(kind, {
        // The language is the page's, whatever was posted (issue 39).
        body: { ...asTheEnhancedFormSends(submitted), language: requestLocale(request) },
        client,
        // The page's own key (one per response), or the scripts' key once hydrated.
        idempotencyKey: idempotencyKey || undefined,
        label: `${request.method} ${new URL(request.url).pathname}`,
        visitSource: decodeVisitSource(visitSourceIn(request.headers.get("cookie") ?? undefined)),
      });
      return answerFor(kind, outcome, typedValues(fields), requestLocale(request));
    },
  };
}
