import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import type { LeadView } from "~/domain/lead-view";
import { requestSourceLabels, requestSources, sourceText } from "~/domain/phone-booking";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";

import { VersionField } from "./version-field";

/**
 * "Source": where the request came from, as the numbers count it, and the office's correction
 * (a caller who found us on Yelp booked on the website). The timeline says what it was before.
 */
export function LeadSource({
  lead,
  source,
  result,
  busy,
}: {
  lead: LeadView;
  source: NonNullable<LeadView["source"]>;
  result: FormResult | undefined;
  busy: boolean;
}) {
  const errors = fieldErrorsIn(result);
  const failed = result?.status === "invalid";
  return (
    <section id="source" aria-labelledby="source-heading">
      <h2 id="source-heading" className="text-lg font-bold text-slate-900">
        Source
      </h2>
      <p className="mt-1 text-slate-800">{sourceText(source.current, source.detail || null)}</p>
      <details open={failed || undefined} className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 underline">
          Correct the source
        </summary>
        <Form method="post" className="mt-3 grid gap-4" aria-labelledby="source-heading">
          <input type="hidden" name="intent" value="source" />
          <VersionField version={lead.version} />
          <ResultNotice result={result} />
          <Field label="Where the customer came from" error={errors.source}>
            {(wiring) => (
              <Select {...wiring} name="source" defaultValue={source.current}>
                {/* "Returning customer" is the customer's history's to say, not a choice. */}
                {requestSources
                  .filter((option) => option !== "returning-customer" || option === source.current)
                  .map((option) => (
                    <option key={option} value={option}>
                      {requestSourceLabels[option]}
                    </option>
                  ))}
              </Select>
            )}
          </Field>
          <Field
            label="Which one (Other, Referral site)"
            hint="A few words: the flyer, the website."
            error={errors.sourceDetail}
          >
            {(wiring) => (
              <Input
                {...wiring}
                name="sourceDetail"
                maxLength={100}
                defaultValue={source.detail}
                autoComplete="off"
              />
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            Save the source
          </Button>
        </Form>
      </details>
    </section>
  );
}
