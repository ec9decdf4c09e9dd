import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useActionData, useFetcher } from "react-router";
import type { ZodType } from "zod";

import type { FieldErrors, LeadFormResult, LeadKind } from "./form-result";
import { idempotencyKeyField } from "./idempotency-field";
import { useLocale } from "./use-locale";

function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === "string") values[key] = value;
  });
  return values;
}

function newIdempotencyKey() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const networkRetries = 2;

const submitOptions = {
  method: "post",
  // A lead changes nothing the pages show: no loader needs to run again.
  defaultShouldRevalidate: false,
} as const;

export interface LeadFormOptions {
  kind: LeadKind;
  /** The shared zod schema, loaded with the first validation (zod stays out of the first load). */
  loadSchema: () => Promise<ZodType>;
  /** Called once per answer the server gave this form (not for the page's own POST). */
  onResult?: (result: LeadFormResult) => void;
  /** Once hydrated, post the fields as JSON to this API path instead (app/lib/post-lead-json.ts). */
  api?: string;
}

/**
 * The one form pattern (STYLE.md practice 12). The form is a real `<form method="post">`
 * (`fetcher.Form`) posting to a route action, so it works before and without JavaScript: the
 * page the action renders shows its result (`pageResult`: field messages, typed values, the
 * success or error text). Once hydrated, the same form validates with the shared schema on
 * submit and on every change after that, posts through the fetcher (no reload) and shows the
 * spec's toasts. An idempotency key, kept until a success, makes a resubmission store once
 * (the same key the JSON API takes as a header, here a form field). With `api`, the hydrated
 * form posts JSON to that API path instead of the fetcher (the page's POST stays the action).
 */
export function useLeadForm({ kind, loadSchema, onResult, api }: LeadFormOptions) {
  const fetcher = useFetcher<LeadFormResult>();
  const locale = useLocale();
  // The result of this route's own POST, when the page was rendered by it (no JavaScript).
  const routeResult = useActionData<LeadFormResult | undefined>();
  const pageResult = routeResult?.form === kind ? routeResult : undefined;
  const [errors, setErrors] = useState<FieldErrors>(
    pageResult?.status === "invalid" ? (pageResult.fieldErrors ?? {}) : {},
  );
  const [submitted, setSubmitted] = useState(pageResult?.status === "invalid");
  const [pending, setPending] = useState(false);
  // Fields are uncontrolled: what the page's POST rendered is where they start, and stays so.
  const [defaultValues] = useState<Record<string, string>>(pageResult?.values ?? {});
  const [seen, setSeen] = useState<LeadFormResult | undefined>(undefined);
  const [answer, setAnswer] = useState<LeadFormResult | undefined>(undefined);
  // A request that got no answer (the network) is sent again, with the same key, a few times.
  const [retries, setRetries] = useState(0);
  const [retryDue, setRetryDue] = useState<LeadFormResult | undefined>(undefined);
  const lastSubmission = useRef<{ formData: FormData; action: string } | null>(null);
  // One key per lead, kept until it is stored: a resubmission after a lost answer replays.
  const idempotencyKey = useRef<string | null>(null);
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });

  // A new answer from the server (React's "adjust state when a value changes" pattern).
  if (fetcher.state === "idle" && fetcher.data && fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data.status === "exception" && retries < networkRetries) {
      setRetries(retries + 1);
      setRetryDue(fetcher.data);
    } else {
      setAnswer(fetcher.data);
      if (fetcher.data.status === "invalid") setErrors(fetcher.data.fieldErrors ?? {});
      if (fetcher.data.status === "success") setSubmitted(false);
    }
  }

  const { submit: fetcherSubmit } = fetcher;
  useEffect(() => {
    const submission = lastSubmission.current;
    if (!retryDue || !submission) return;
    const timer = setTimeout(() => {
      setRetryDue(undefined);
      void fetcherSubmit(submission.formData, { ...submitOptions, action: submission.action });
    }, 400 * retries);
    return () => clearTimeout(timer);
  }, [retryDue, retries, fetcherSubmit]);

  useEffect(() => {
    if (!answer) return;
    if (answer.status === "success") idempotencyKey.current = null;
    void import("~/features/lead-toasts").then(({ showLeadOutcome }) =>
      showLeadOutcome(kind, answer, locale),
    );
    onResultRef.current?.(answer);
  }, [answer, kind, locale]);

  async function validate(form: HTMLFormElement): Promise<boolean> {
    // A Spanish form says the schema's English words in Spanish (loaded with the schema).
    const [schema, say] = await Promise.all([
      loadSchema(),
      locale === "en" ? undefined : import("./said-in").then(({ saidIn }) => saidIn),
    ]);
    const result = schema.safeParse(valuesOf(form));
    const found: FieldErrors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? "");
        found[field] ??= say ? say(issue.message, locale) : issue.message;
      }
    }
    flushSync(() => setErrors(found));
    return result.success;
  }

  async function submit(form: HTMLFormElement) {
    if (!(await validate(form))) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    idempotencyKey.current ??= newIdempotencyKey();
    const formData = new FormData(form);
    if (api) {
      const { postLeadJson } = await import("./post-lead-json");
      const result = await postLeadJson(kind, api, formData, idempotencyKey.current);
      if (result.status === "success") setSubmitted(false);
      setAnswer(result);
      return;
    }
    formData.set(idempotencyKeyField, idempotencyKey.current);
    const submission = { formData, action: form.getAttribute("action") ?? "" };
    lastSubmission.current = submission;
    setRetries(0);
    await fetcher.submit(formData, { ...submitOptions, action: submission.action });
  }

  // After the page's own POST found problems, the browser focuses the first field named
  // (the schema lists fields in the form's order).
  const firstInvalid =
    pageResult?.status === "invalid" ? Object.keys(pageResult.fieldErrors ?? {})[0] : undefined;

  return {
    fetcher,
    /** A text field's name, starting value and (after a failed POST) focus. */
    field: (name: string) => ({
      name,
      defaultValue: defaultValues[name],
      autoFocus: name === firstInvalid || undefined,
    }),
    /** The field messages to show: the browser's own check, or the server's answer. */
    errors,
    /** True from the submit until the answer (including the first load of the schema). */
    busy: pending || fetcher.state !== "idle" || retryDue !== undefined,
    /** The answer of the page's own POST (no JavaScript); a later fetcher answer replaces it. */
    pageResult: answer || fetcher.data ? undefined : pageResult,
    /** The values the page's own POST sent back (no JavaScript): the fields' starting values. */
    defaultValues,
    onChange: (event: React.FormEvent<HTMLFormElement>) => {
      if (submitted) void validate(event.currentTarget);
    },
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      // Validation loads on first use, so the fetcher submits once it has answered.
      event.preventDefault();
      const form = event.currentTarget;
      setSubmitted(true);
      setPending(true);
      void submit(form).finally(() => setPending(false));
    },
  };
}
