import { Send } from "lucide-react";

import { FormStatus } from "~/components/form-status";
import { LeadFormFields } from "~/components/lead-form-fields";
import { PhoneInput } from "~/components/phone-input";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { useLeadForm } from "~/lib/use-lead-form";
import { useRegion } from "~/lib/use-region";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

/**
 * "Send Us a Message", posted to the /contact action. Values stay after a success and after a
 * failure (spec section 4).
 */
export function ContactForm() {
  const { profile } = useRegion();
  const locale = useLocale();
  const form = useLeadForm({
    kind: "contactMessage",
    loadSchema: async () => (await import("~/domain/contact-message")).contactMessageSchema,
  });
  const { errors } = form;

  return (
    <form.fetcher.Form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      aria-label={m.contact_send_message({}, { locale })}
      className="relative grid gap-5"
    >
      <FormStatus kind="contactMessage" result={form.pageResult} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={m.contact_first_name({}, { locale })} markedRequired error={errors.name}>
          <Input {...form.field("name")} autoComplete="given-name" />
        </Field>
        <Field label={m.contact_last_name({}, { locale })} markedRequired error={errors.lastName}>
          <Input {...form.field("lastName")} autoComplete="family-name" />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={m.booking_email({}, { locale })} markedRequired error={errors.email}>
          <Input {...form.field("email")} type="email" autoComplete="email" />
        </Field>
        <Field label={m.booking_phone({}, { locale })} markedRequired error={errors.phone}>
          <PhoneInput {...form.field("phone")} />
        </Field>
      </div>
      <Field label={m.contact_subject({}, { locale })} markedRequired error={errors.subject}>
        <Input {...form.field("subject")} />
      </Field>
      <Field label={m.contact_message({}, { locale })} markedRequired error={errors.message}>
        <Textarea {...form.field("message")} rows={6} />
      </Field>
      <LeadFormFields companyEmail={profile.email} />
      <div>
        <Button type="submit" size="lg" loading={form.busy}>
          <Send aria-hidden="true" />
          {m.contact_send({}, { locale })}
        </Button>
      </div>
    </form.fetcher.Form>
  );
}
