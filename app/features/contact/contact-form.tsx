import { Send } from "lucide-react";

import { Honeypot } from "~/components/honeypot";
import { PhoneInput } from "~/components/phone-input";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { showLeadOutcome } from "~/features/lead-toasts";
import { honeypotName } from "~/lib/honeypot";
import { leadEndpoints, submitLead } from "~/lib/submit-lead";
import { useLeadForm } from "~/lib/use-lead-form";
import { useRegion } from "~/lib/use-region";

import type { ContactMessage } from "./schema";

/** "Send Us a Message": values stay after a success and after a failure (spec section 4). */
export function ContactForm() {
  const { profile } = useRegion();
  const { errors, submitting, onChange, onSubmit } = useLeadForm<
    ContactMessage & Record<string, string>
  >(
    async () => (await import("./schema")).contactMessageSchema,
    async (values) => {
      try {
        const result = await submitLead(leadEndpoints.contactMessage, {
          ...values,
          companyEmail: profile.email,
        });
        showLeadOutcome("contact", result.success ? "success" : "failure");
      } catch {
        showLeadOutcome("contact", "exception");
      }
    },
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onChange={onChange}
      aria-label="Send Us a Message"
      className="relative grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" markedRequired error={errors.name}>
          <Input name="name" autoComplete="given-name" />
        </Field>
        <Field label="Last name" markedRequired error={errors.lastName}>
          <Input name="lastName" autoComplete="family-name" />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Email" markedRequired error={errors.email}>
          <Input name="email" type="email" autoComplete="email" />
        </Field>
        <Field label="Phone" markedRequired error={errors.phone}>
          <PhoneInput name="phone" />
        </Field>
      </div>
      <Field label="Subject" markedRequired error={errors.subject}>
        <Input name="subject" />
      </Field>
      <Field label="Message" markedRequired error={errors.message}>
        <Textarea name="message" rows={6} />
      </Field>
      <Honeypot name={honeypotName} />
      <div>
        <Button type="submit" size="lg" loading={submitting}>
          <Send aria-hidden="true" />
          Send Message
        </Button>
      </div>
    </form>
  );
}
