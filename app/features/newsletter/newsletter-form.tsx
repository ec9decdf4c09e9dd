import { useRef } from "react";

import { FormStatus } from "~/components/form-status";
import { LeadFormFields } from "~/components/lead-form-fields";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useLeadForm } from "~/lib/use-lead-form";
import { useRegion } from "~/lib/use-region";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

/** Where every newsletter form posts before and without JavaScript (app/routes/newsletter.tsx). */
export const newsletterAction = "/newsletter";

/**
 * Where it posts `{ email, companyEmail }` as JSON once hydrated (spec section 7), with
 * `language: "es"` from a Spanish page.
 */
export const newsletterApi = "/api/send-subscribe-email";

/**
 * idle → submitting ("Please wait") → a toast → idle. Validated on submit, then on every change.
 * Before (and without) JavaScript every copy posts to the /newsletter action, which shows the
 * result; once hydrated, to the JSON API the spec names (any ok answer is a success).
 */
export function NewsletterForm({
  tone = "light",
  label,
}: {
  tone?: "light" | "dark";
  /** The form's accessible name; two forms on one page need different ones. */
  label?: string;
}) {
  const { profile, link } = useRegion();
  const locale = useLocale();
  const form = useLeadForm({
    kind: "newsletter",
    loadSchema: async () => (await import("~/domain/newsletter")).newsletterSchema,
    api: newsletterApi,
    onResult: (result) => {
      // A subscribed address is done with: the field empties for the next one.
      if (result.status === "success" && emailRef.current) emailRef.current.value = "";
    },
  });
  const emailRef = useRef<HTMLInputElement>(null);
  const succeeded = form.pageResult?.status === "success";

  return (
    <form.fetcher.Form
      method="post"
      action={link(newsletterAction)}
      noValidate
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      aria-label={label ?? m.newsletter_signup({}, { locale })}
      className={
        tone === "dark" ? "relative grid gap-3 [&_label]:text-white" : "relative grid gap-3"
      }
    >
      <FormStatus kind="newsletter" result={form.pageResult} />
      <Field
        label={m.newsletter_email({}, { locale })}
        error={form.errors.email}
        className={tone === "dark" ? "[&_[role=alert]]:text-red-200" : undefined}
      >
        <Input
          ref={emailRef}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.field("email")}
          defaultValue={succeeded ? "" : form.defaultValues.email}
        />
      </Field>
      <LeadFormFields companyEmail={profile.email} />
      {/* A Spanish page's subscriber is welcomed in Spanish: the JSON API is told so (without
          JavaScript, the /es/newsletter action knows it from its address). */}
      {locale === "es" ? <input type="hidden" name="language" value="es" /> : null}
      <Button type="submit" variant="secondary" loading={form.busy}>
        {m.newsletter_subscribe({}, { locale })}
      </Button>
    </form.fetcher.Form>
  );
}
