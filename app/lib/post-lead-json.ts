import type { LeadFormResult, LeadKind } from "./form-result";
import { honeypotName } from "./honeypot";
import { idempotencyKeyField } from "./idempotency-field";

/** A request that got no answer (the network) is sent again, with the same key, this many times. */
const networkRetries = 2;

/**
 * A hydrated lead form's submission to the JSON API (spec section 7: the footer's newsletter form
 * posts `{ email, companyEmail }` to `/api/send-subscribe-email`), loaded with the first submit so
 * it stays out of the first load. The key travels as the `Idempotency-Key` header; the honeypot
 * only when a bot filled it. As the spec says, any ok answer is a success and its body is not
 * read; another status is a failure; no answer at all is an exception.
 */
export async function postLeadJson(
  kind: LeadKind,
  path: string,
  formData: FormData,
  idempotencyKey: string,
): Promise<LeadFormResult> {
  const values: Record<string, string> = {};
  formData.forEach((value, name) => {
    if (typeof value !== "string" || name === idempotencyKeyField) return;
    if (name === honeypotName && value === "") return;
    values[name] = value;
  });
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
        body: JSON.stringify(values),
      });
      return { form: kind, values, status: response.ok ? "success" : "failed" };
    } catch {
      // Only the network throws here (no answer at all): try again, then say so.
      if (attempt >= networkRetries) return { form: kind, values, status: "exception" };
      await new Promise((resolve) => setTimeout(resolve, 400 * (attempt + 1)));
    }
  }
}
