import { Send } from "lucide-react";

import { FormStatus } from "~/components/form-status";
import { LeadFormFields } from "~/components/lead-form-fields";
import { PhoneInput } from "~/components/phone-input";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { useLeadForm } from "~/lib/use-lead-form";
import { useRegion } from "~/lib/use-region";

/**
 * "Send Us a Message", posted to the /contact action. Values stay after a success and after a
 * failure (spec section 4).
 */
export function ContactForm() {
  const { profile } = useRegion();
  const form = useLeadForm({
    kind: "contactMessage",
    loadSchema: async () => (await import("./schema")).contactMessageSchema,
  });
  const { errors, defaultValues: values } = form;

  return (
    <form.fetcher.Form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      aria-label="Send Us a Message"
      className="relative grid gap-5"
    >
      <FormStatus kind="contactMessage" result={form.pageResult} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" markedRequired error={errors.name}>
          <Input name="name" autoComplete="given-name" defaultValue={values.name} />
        </Field>
        <Field label="Last name" markedRequired error={errors.lastName}>
          <Input name="lastName" autoComplete="family-name" defaultValue={values.lastName} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Email" markedRequired error={errors.email}>
          <Input name="email" type="email" autoComplete="email" defaultValue={values.email} />
        </Field>
        <Field label="Phone" markedRequired error={errors.phone}>
          <PhoneInput name="phone" defaultValue={values.phone} />
        </Field>
      </div>
      <Field label="Subject" markedRequired error={errors.subject}>
        <Input name="subject" defaultValue={values.subject} />
      </Field>
      <Field label="Message" markedRequired error={errors.message}>
        <Textarea name="message" rows={6} defaultValue={values.message} />
      </Field>
      <LeadFormFields companyEmail={profile.email} />
      <div>
        <Button type="submit" size="lg" loading={form.busy}>
          <Send aria-hidden="true" />
          Send Message
        </Button>
      </div>
    </form.fetcher.Form>
  );
}
