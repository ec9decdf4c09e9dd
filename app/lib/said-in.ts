import * as m from "~/paraglide/messages/_index.js";

import type { Locale } from "./locale";

/**
 * What the forms' schemas and the server answer a visitor (their English words, the spec's), in
 * the visitor's language (issue 39). The English message is the key, as gettext keys a
 * translation by its source: the schemas are shared by the server, the desk and the JSON API,
 * whose words stay English. Loaded by a Spanish form with its schema, and by the server's
 * actions; an English page never loads it.
 */
const spanishAnswers: Record<string, (inputs: object, options: { locale: Locale }) => string> = {
  "Please select an appliance": m.error_select_appliance,
  "Name is required": m.error_name_required,
  "Last name is required": m.error_last_name_required,
  "Subject is required": m.error_subject_required,
  "Message is required": m.error_message_required,
  "Email is required": m.error_email_required,
  "Invalid email address": m.error_email_invalid,
  "Phone number is required": m.error_phone_required,
  "Invalid phone number format": m.error_phone_invalid,
  "Address is required": m.error_address_required,
  "Invalid date": m.error_date_invalid,
  "Please choose today or a later date": m.error_date_past,
  "That window just filled up": m.error_window_filled,
  "We already have a request for this phone number. We'll call you to confirm.":
    m.answer_repeat_request,
  "We'll call you to confirm a time.": m.answer_no_place_held,
};

/** The ones with a number in them. */
const spanishPatterns: ReadonlyArray<[RegExp, (match: RegExpExecArray, locale: Locale) => string]> =
  [
    [
      /^Must be at most (\d+) characters$/,
      ([, max = ""], locale) => m.error_too_long({ max }, { locale }),
    ],
    [
      /^Choose a date within the next (\d+) days$/,
      ([, days = ""], locale) => m.error_date_too_far({ days }, { locale }),
    ],
  ];

/** `message` in `locale`; a message without a translation stays as it is (English). */
export function saidIn(message: string, locale: Locale): string {
  if (locale === "en") return message;
  const known = spanishAnswers[message];
  if (known) return known({}, { locale });
  for (const [pattern, say] of spanishPatterns) {
    const match = pattern.exec(message);
    if (match) return say(match, locale);
  }
  return message;
}

/** Each field's message in `locale`. */
export function fieldErrorsIn<Errors extends Partial<Record<string, string>>>(
  errors: Errors,
  locale: Locale,
): Errors {
  if (locale === "en") return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      message === undefined ? message : saidIn(message, locale),
    ]),
  ) as Errors;
}
