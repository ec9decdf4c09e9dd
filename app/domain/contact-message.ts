import { z } from "zod";

import {
  companyEmailField,
  honeypotField,
  optionalEmail,
  pageLanguageField,
  optionalMultilineText,
  requiredPhone,
  requiredText,
} from "~/lib/validation";

export const contactMessageSchema = z.object({
  name: requiredText("Name is required", 100),
  lastName: requiredText("Last name is required", 100),
  email: optionalEmail,
  phone: requiredPhone,
  subject: requiredText("Subject is required", 200),
  message: optionalMultilineText(5000).pipe(z.string().min(1, "Message is required")),
  language: pageLanguageField,
  companyEmail: companyEmailField,
  website: honeypotField,
});

export type ContactMessage = z.output<typeof contactMessageSchema>;
