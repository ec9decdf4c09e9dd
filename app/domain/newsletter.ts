import { z } from "zod";

import {
  companyEmailField,
  honeypotField,
  pageLanguageField,
  requiredEmail,
} from "~/lib/validation";

export const newsletterSchema = z.object({
  email: requiredEmail,
  language: pageLanguageField,
  companyEmail: companyEmailField,
  website: honeypotField,
});

export type NewsletterSubscription = z.output<typeof newsletterSchema>;
