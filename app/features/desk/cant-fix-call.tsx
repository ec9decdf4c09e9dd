import { PhoneCall } from "lucide-react";
import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ResultNotice } from "~/components/ui/notice";
import type { LeadView } from "~/domain/lead-view";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";

/** The inbox row's flag: the technician tapped Can't fix and the office owes the homeowner a call. */
export function CantFixCallChip() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-orange-100 px-2 py-0.5 align-middle text-xs font-semibold whitespace-nowrap text-orange-950 ring-1 ring-orange-300">
      <PhoneCall className="size-3.5" aria-hidden="true" />
      Can't fix: call
    </span>
  );
}

/**
 * "Can't fix: call Priya Shah": at the top of the lead's work column until someone records the
 * call the homeowner's page promises. Why the technician stopped, the number to call, and
 * "Record the call" with what was agreed (required): a plain POST (`intent=cant-fix-call`).
 */
export function CantFixCall({
  call,
  result,
  busy,
}: {
  call: NonNullable<LeadView["cantFixCall"]>;
  result: FormResult | undefined;
  busy: boolean;
}) {
  const errors = fieldErrorsIn(result);
  return (
    <section
      aria-labelledby="cant-fix-call-heading"
      className="grid gap-3 rounded-xl border-2 border-orange-400 bg-orange-50 p-4"
    >
      <h2
        id="cant-fix-call-heading"
        className="text-lg font-bold [overflow-wrap:anywhere] text-orange-950"
      >
        Can't fix: call <bdi>{call.name}</bdi>
      </h2>
      <p className="text-sm text-slate-900">
        {call.technician ? (
          <>
            <bdi>{call.technician}</bdi> could not fix it:{" "}
          </>
        ) : (
          "The technician could not fix it: "
        )}
        <bdi className="font-semibold [overflow-wrap:anywhere] whitespace-pre-wrap">
          {call.reason}
        </bdi>
      </p>
      <p className="text-sm text-slate-900">
        The customer's page says the office will call them about what comes next.
      </p>
      {call.phoneDigits ? (
        <a
          href={`tel:${call.phoneDigits}`}
          className="inline-flex min-h-11 items-center gap-2 justify-self-start rounded-md bg-orange-800 px-4 font-semibold text-white hover:bg-orange-900 focus-visible:ring-3 focus-visible:ring-orange-400 focus-visible:outline-none"
        >
          <PhoneCall className="size-4" aria-hidden="true" />
          Call {call.phone}
        </a>
      ) : null}
      <Form method="post" className="grid gap-3" aria-labelledby="cant-fix-record-heading">
        <h3 id="cant-fix-record-heading" className="font-semibold text-slate-900">
          Record the call
        </h3>
        <input type="hidden" name="intent" value="cant-fix-call" />
        <ResultNotice result={result} />
        <Field label="What was agreed" error={errors.note} markedRequired>
          {(wiring) => (
            <textarea
              {...wiring}
              name="note"
              rows={3}
              required
              maxLength={4000}
              className="min-h-24 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:ring-3 focus-visible:ring-brand-400/40 focus-visible:outline-none aria-invalid:border-red-600 sm:text-sm"
            />
          )}
        </Field>
        <Button type="submit" disabled={busy} className="justify-self-start">
          Record the call
        </Button>
      </Form>
    </section>
  );
}
