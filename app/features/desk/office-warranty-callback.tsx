import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import type { LeadView } from "~/domain/lead-view";
import { maxCallbackProblemLength } from "~/domain/warranty";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { VersionField } from "~/features/desk/version-field";

import { NextVisitFields } from "./next-visit-fields";

/**
 * "Book the warranty callback": the homeowner called about the repair again while its warranty
 * runs. What went wrong, a day, a window and a technician (the one who did the repair first); no
 * charge, and the homeowner gets the visit in their calendar.
 */
export function OfficeWarrantyCallback({
  lead,
  offer,
  windows,
  result,
  busy,
}: {
  lead: Pick<LeadView, "version">;
  offer: NonNullable<LeadView["warrantyCallbackOffer"]>;
  windows: { id: string; label: string }[];
  result: FormResult | undefined;
  busy: boolean;
}) {
  const errors = fieldErrorsIn(result);
  return (
    <section id="warranty-callback" aria-labelledby="warranty-callback-heading">
      <h2 id="warranty-callback-heading" className="text-lg font-bold text-slate-900">
        Book the warranty callback
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        In warranty until {offer.ends}: the visit is free of charge.
      </p>
      <Form method="post" className="mt-4 grid gap-4" aria-labelledby="warranty-callback-heading">
        <input type="hidden" name="intent" value="warranty-callback" />
        <VersionField version={lead.version} />
        <ResultNotice result={result} />
        <Field label="What went wrong this time" error={errors.problem}>
          {(wiring) => (
            <Textarea {...wiring} name="problem" rows={3} maxLength={maxCallbackProblemLength} />
          )}
        </Field>
        <NextVisitFields
          labels={{
            date: "Callback date",
            window: "Callback window",
            technician: "Callback technician",
          }}
          windows={windows}
          technicians={offer.technicians}
          technicianId={offer.technicianId}
          errors={errors}
        />
        <Button type="submit" disabled={busy}>
          Book the warranty callback
        </Button>
      </Form>
    </section>
  );
}
