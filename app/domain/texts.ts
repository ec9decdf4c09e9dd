import type { Locale } from "~/lib/locale";
import * as m from "~/paraglide/messages/_index.js";

/**
 * Texts to homeowners: the consent the booking dialog asks for, word for word (what is stored
 * with the request is exactly what was shown), and how the desk names a text's state.
 */
export const textConsentLabel = "Text me about this repair (confirmation, reminder, arrival)";
export const textConsentNote =
  "Message and data rates may apply. Reply STOP to end texts, HELP for help.";
/** The words stored as the homeowner's consent: the box's label and the line under it. */
export const textConsentWords = `${textConsentLabel}. ${textConsentNote}`;

/** The same words as the Spanish dialog shows them (messages/es.json), stored with a Spanish consent. */
export function textConsentWordsIn(locale: Locale): string {
  if (locale === "en") return textConsentWords;
  return `${m.text_consent_label({}, { locale })}. ${m.text_consent_note({}, { locale })}`;
}

export const textStatusLabels: Record<string, string> = {
  pending: "Waiting",
  sending: "Sending",
  queued: "Accepted by the provider",
  sent: "Sent",
  delivered: "Delivered",
  undelivered: "Not delivered",
  failed: "Failed",
  unknown: "Unknown: the provider's answer was lost; not sent again",
  cancelled: "Not sent",
  dead: "Given up",
};

/** What each text is, as the desk lists them. */
export const textKindLabels: Record<string, string> = {
  "text.received": "Request received",
  "text.booked": "Visit booked",
  "text.reminder": "Reminder the evening before",
  "text.on-the-way": "On my way",
  "text.estimate-sent": "Estimate sent",
  "text.done": "Repair done",
  "text.reply.stop": "Reply to STOP",
  "text.reply.start": "Reply to START",
  "text.reply.help": "Reply to HELP",
};
