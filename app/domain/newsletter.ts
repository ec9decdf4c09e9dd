import { z } from "zod";

import { companyEmailField, honeypotField, requiredEmail } from "~/lib/validation";

export const newsletterSchema = z.object({
  email: requiredEmail,
  companyEmail: companyEmailField,
  website: honeypotField,
});

export type NewsletterSubscription = z.output<typeof newsletterSchema>;
