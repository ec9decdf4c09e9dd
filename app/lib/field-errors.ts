import type { z } from "zod";

import type { FieldErrors } from "./form-result";

/**
 * Each field's first message, as every form shows it beside its field (the public forms, the
 * desk and the private page alike).
 */
export function firstMessages(errors: Record<string, string[] | undefined>): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, messages]) =>
      messages?.[0] ? [[field, messages[0]]] : [],
    ),
  );
}

/** A failed parse's messages by field (its first path segment), every message kept. */
export function messagesByField(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues)
    (errors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return errors;
}

/** A failed parse as the fields show it: the first message of each. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return firstMessages(messagesByField(error));
}
