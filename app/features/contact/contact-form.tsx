import { Send } from "lucide-react";
import { useForm } from "react-hook-form";

import { Honeypot } from "~/components/honeypot";
import { PhoneInput } from "~/components/phone-input";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { showLeadOutcome } from "~/features/lead-toasts";
import { lazyZodResolver } from "~/lib/lazy-resolver";
import { leadEndpoints, submitLead } from "~/lib/submit-lead";
import { useRegion } from "~/lib/use-region";

import type { ContactMessageInput } from "./schema";

const resolver = lazyZodResolver<ContactMessageInput>(
  async () => (await import("./schema")).contactMessageSchema,
);

/** "Send Us a Message": values stay after a success and after a failure (spec section 4). */
export function ContactForm() {
  const { profile } = useRegion();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput>({
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: {
      name: "",
      lastName: "",
      email: "",
      phone: "",
      subject: "",
      message: "",
      website: "",
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await submitLead(leadEndpoints.contactMessage, {
        ...values,
        companyEmail: profile.email,
      });
      showLeadOutcome("contact", result.success ? "success" : "failure");
    } catch {
      showLeadOutcome("contact", "exception");
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Send Us a Message"
      className="relative grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" markedRequired error={errors.name?.message}>
          <Input autoComplete="given-name" {...register("name")} />
        </Field>
        <Field label="Last name" markedRequired error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...register("lastName")} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Email" markedRequired error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register("email")} />
        </Field>
        <Field label="Phone" markedRequired error={errors.phone?.message}>
          <PhoneInput registration={register("phone")} />
        </Field>
      </div>
      <Field label="Subject" markedRequired error={errors.subject?.message}>
        <Input {...register("subject")} />
      </Field>
      <Field label="Message" markedRequired error={errors.message?.message}>
        <Textarea rows={6} {...register("message")} />
      </Field>
      <Honeypot {...register("website")} />
      <div>
        <Button type="submit" size="lg" loading={isSubmitting}>
          <Send aria-hidden="true" />
          Send Message
        </Button>
      </div>
    </form>
  );
}
