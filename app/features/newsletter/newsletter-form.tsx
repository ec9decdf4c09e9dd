import { useState } from "react";

import { Honeypot } from "~/components/honeypot";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useRegion } from "~/lib/use-region";
import { honeypotName } from "~/lib/honeypot";

async function emailError(email: string): Promise<string | undefined> {
  const { newsletterSchema } = await import("./schema");
  const result = newsletterSchema.safeParse({ email });
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * idle → submitting ("Please wait") → a toast → idle. Validated on submit, then on every change.
 * One field: plain state instead of a form library, so it costs little on every page.
 */
export function NewsletterForm({
  tone = "light",
  label = "Newsletter signup",
}: {
  tone?: "light" | "dark";
  /** The form's accessible name; two forms on one page need different ones. */
  label?: string;
}) {
  const { profile } = useRegion();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onChange = async (value: string) => {
    setEmail(value);
    if (submitted) setError(await emailError(value));
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get(honeypotName);
    setSubmitted(true);
    setSubmitting(true);
    // The footer form is on every page: its submission code loads when it is used.
    const { showLeadOutcome } = await import("~/features/lead-toasts");
    try {
      const problem = await emailError(email);
      setError(problem);
      if (problem) return;
      const { leadEndpoints, submitLead } = await import("~/lib/submit-lead");
      const result = await submitLead(leadEndpoints.newsletter, {
        email,
        companyEmail: profile.email,
        [honeypotName]: typeof honeypot === "string" ? honeypot : "",
      });
      showLeadOutcome("subscribe", result.success ? "success" : "failure");
      if (result.success) {
        setEmail("");
        setSubmitted(false);
      }
    } catch {
      showLeadOutcome("subscribe", "exception");
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
      className={
        tone === "dark" ? "relative grid gap-3 [&_label]:text-white" : "relative grid gap-3"
      }
    >
      <Field
        label="Email address"
        error={error}
        className={tone === "dark" ? "[&_[role=alert]]:text-red-200" : undefined}
      >
        <Input
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => void onChange(event.target.value)}
        />
      </Field>
      <Honeypot name={honeypotName} />
      <Button type="submit" variant="secondary" loading={submitting}>
        Subscribe
      </Button>
    </form>
  );
}
