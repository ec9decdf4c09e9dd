import { useForm } from "react-hook-form";

import { Honeypot } from "~/components/honeypot";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { showLeadOutcome } from "~/features/lead-toasts";
import { lazyZodResolver } from "~/lib/lazy-resolver";
import { leadEndpoints, submitLead } from "~/lib/submit-lead";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";

import type { NewsletterInput } from "./schema";

const resolver = lazyZodResolver<NewsletterInput>(
  async () => (await import("./schema")).newsletterSchema,
);

/** idle → submitting ("Please wait") → a toast → idle. Validated on submit, then on change. */
export function NewsletterForm({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { profile } = useRegion();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterInput>({
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { email: "", website: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await submitLead(leadEndpoints.newsletter, {
        ...values,
        companyEmail: profile.email,
      });
      showLeadOutcome("subscribe", result.success ? "success" : "failure");
      if (result.success) reset();
    } catch {
      showLeadOutcome("subscribe", "exception");
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Newsletter signup"
      className={cn("relative grid gap-3", tone === "dark" && "[&_label]:text-white")}
    >
      <Field
        label="Email address"
        error={errors.email?.message}
        className={tone === "dark" ? "[&_[role=alert]]:text-red-200" : undefined}
      >
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register("email")}
        />
      </Field>
      <Honeypot registration={register("website")} />
      <Button type="submit" variant="secondary" loading={isSubmitting}>
        Subscribe
      </Button>
    </form>
  );
}
