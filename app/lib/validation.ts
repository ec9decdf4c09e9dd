import { z } from "zod";

import { emailPattern, usPhonePattern } from "./form-rules";

// No code generation: the pages' Content-Security-Policy forbids eval, and these small schemas
// don't need zod's compiled fast path.
z.config({ jitless: true });

export {
  emailPattern,
  formatUsPhone,
  honeypotName,
  phoneMaxLength,
  usPhonePattern,
} from "./form-rules";

/** Line breaks have no place in one-line fields (they could end up in an email header). */
function singleLine(value: string) {
  return value.replace(/[\r\n\u2028\u2029]+/g, " ").trim();
}

export function requiredText(message: string, maxLength = 200) {
  return z
    .string(message)
    .transform(singleLine)
    .pipe(z.string().min(1, message).max(maxLength, `Must be at most ${maxLength} characters`));
}

export function optionalText(maxLength = 200) {
  return z
    .string()
    .max(maxLength * 2, `Must be at most ${maxLength} characters`)
    .transform(singleLine)
    .pipe(z.string().max(maxLength, `Must be at most ${maxLength} characters`))
    .optional()
    .default("");
}

export function optionalMultilineText(maxLength = 2000) {
  return z
    .string()
    .trim()
    .max(maxLength, `Must be at most ${maxLength} characters`)
    .optional()
    .default("");
}

export const optionalEmail = z
  .string()
  .trim()
  .max(254, { message: "Invalid email address", abort: true })
  .refine((value) => value === "" || emailPattern.test(value), "Invalid email address")
  .optional()
  .default("");

export const requiredEmail = z
  .string("Email is required")
  .trim()
  // One message per problem: an empty field is "required", not also "invalid".
  .min(1, { message: "Email is required", abort: true })
  .max(254, { message: "Invalid email address", abort: true })
  .regex(emailPattern, "Invalid email address");

export const requiredPhone = z
  .string("Phone number is required")
  .trim()
  .min(1, { message: "Phone number is required", abort: true })
  .regex(usPhonePattern, "Invalid phone number format");

/** The company address the page was showing; checked against our own, never trusted. */
export const companyEmailField = z.string().max(254).optional();

/** A field no person sees or fills; bots do. */
export const honeypotField = z.string().max(500).optional();

/**
 * The language a form was sent in (issue 39): a page's form action sets it to the page's,
 * whatever was posted; a JSON client says it (English when it does not). What the visitor
 * receives follows it.
 */
export const pageLanguageField = z
  .enum(["en", "es"], "Language must be en or es")
  .optional()
  .default("en");
