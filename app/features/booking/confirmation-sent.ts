/**
 * Where a booking's confirmation went, as its notice says it: the email the visitor typed and,
 * when they ticked the text box for a number a text can go to, a text to that number, shown only
 * by its last four digits (the page never carries the whole number it did not show before). The
 * same rules as the server's (server/leads/submissions.ts: an email when one was given; a text
 * with consent to a number `e164Of` accepts); read from the fields the visitor sent.
 */
import { e164Of } from "~/domain/text-numbers";
import type { Locale } from "~/lib/locale";
import * as m from "~/paraglide/messages/_index.js";

/** What the text box sends when ticked ("yes"); the server's schema also takes "on" and "true". */
const ticked = new Set(["yes", "on", "true"]);

/** "(•••) •••-0188": a number by its last four digits. */
export function maskedPhone(phone: string): string {
  return `(•••) •••-${phone.replace(/\D/g, "").slice(-4)}`;
}

/**
 * "We sent the confirmation to jane@example.com and a text to (•••) •••-0188.", or the email or
 * the text alone, or that none was sent (no email given, no text asked for).
 */
export function confirmationSentTo(
  values: Record<string, string | undefined>,
  locale: Locale = "en",
): string {
  const email = values.email?.trim() ?? "";
  const phone = values.phone ?? "";
  const text = ticked.has(values.textConsent ?? "") && e164Of(phone) !== null;
  if (email && text) return m.sent_email_and_text({ email, phone: maskedPhone(phone) }, { locale });
  if (email) return m.sent_email({ email }, { locale });
  if (text) return m.sent_text({ phone: maskedPhone(phone) }, { locale });
  return m.sent_none({}, { locale });
}
