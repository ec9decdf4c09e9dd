/**
 * Where a booking's confirmation went, as its notice says it: the email the visitor typed and,
 * when they ticked the text box for a number a text can go to, a text to that number, shown only
 * by its last four digits (the page never carries the whole number it did not show before). The
 * same rules as the server's (server/leads/submissions.ts: an email when one was given; a text
 * with consent to a number `e164Of` accepts); read from the fields the visitor sent.
 */
import { e164Of } from "~/domain/text-numbers";

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
export function confirmationSentTo(values: Record<string, string | undefined>): string {
  const email = values.email?.trim() ?? "";
  const phone = values.phone ?? "";
  const text = ticked.has(values.textConsent ?? "") && e164Of(phone) !== null;
  if (email && text) {
    return `We sent the confirmation to ${email} and a text to ${maskedPhone(phone)}.`;
  }
  if (email) return `We sent the confirmation to ${email}.`;
  if (text) return `We sent the confirmation in a text to ${maskedPhone(phone)}.`;
  return "We sent no confirmation: you gave no email address.";
}
