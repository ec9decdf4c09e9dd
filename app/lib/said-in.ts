import * as m from "~/paraglide/messages/_index.js";

import type { Locale } from "./locale";

/**
 * What the forms' schemas and the server answer a visitor (their English words, the spec's), in
 * the visitor's language (issue 39). The English message is the key, as gettext keys a
 * translation by its source: the schemas are shared by the server, the desk and the JSON API,
 * whose words stay English. Loaded by a Spanish form with its schema, and by the server's
 * actions; an English page never loads it.
 */
const spanishAnswers: Record<string, (locale: Locale) => string> = {
  "Please select an appliance": (locale) => m.error_select_appliance({}, { locale }),
  "Name is required": (locale) => m.error_name_required({}, { locale }),
  "Last name is required": (locale) => m.error_last_name_required({}, { locale }),
  "Subject is required": (locale) => m.error_subject_required({}, { locale }),
  "Message is required": (locale) => m.error_message_required({}, { locale }),
  "Email is required": (locale) => m.error_email_required({}, { locale }),
  "Invalid email address": (locale) => m.error_email_invalid({}, { locale }),
  "Phone number is required": (locale) => m.error_phone_required({}, { locale }),
  "Invalid phone number format": (locale) => m.error_phone_invalid({}, { locale }),
  "Address is required": (locale) => m.error_address_required({}, { locale }),
  "Invalid date": (locale) => m.error_date_invalid({}, { locale }),
  "Please choose today or a later date": (locale) => m.error_date_past({}, { locale }),
  "That window just filled up": (locale) => m.error_window_filled({}, { locale }),
  "We already have a request for this phone number. We'll call you to confirm.": (locale) =>
    m.answer_repeat_request({}, { locale }),
  "We'll call you to confirm a time.": (locale) => m.answer_no_place_held({}, { locale }),
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
  if (known) return known(locale);
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
