import { useState } from "react";
import type { ZodType } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === "string") values[key] = value;
  });
  return values;
}

/**
 * A small form controller for plain (uncontrolled) fields: validates with the shared schema on
 * submit, then again on every change, as spec section 5 asks. The schema, and zod with it, load
 * with the first validation. Values stay in the fields whatever the outcome.
 */
export function useLeadForm<Values extends Record<string, string>>(
  loadSchema: () => Promise<ZodType>,
  onValid: (values: Values) => Promise<void>,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function validate(form: HTMLFormElement) {
    const schema = await loadSchema();
    const result = schema.safeParse(valuesOf(form));
    const found: FieldErrors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? "");
        found[field] ??= issue.message;
      }
    }
    setErrors(found);
    return result.success ? (result.data as Values) : undefined;
  }

  return {
    errors,
    submitting,
    onChange: (event: React.FormEvent<HTMLFormElement>) => {
      if (submitted) void validate(event.currentTarget);
    },
    onSubmit: async (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      setSubmitted(true);
      setSubmitting(true);
      try {
        const values = await validate(form);
        if (values) await onValid(values);
      } finally {
        setSubmitting(false);
      }
    },
  };
}
