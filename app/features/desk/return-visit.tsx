import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { ResultNotice } from "~/components/ui/notice";
import type { LeadView } from "~/domain/lead-view";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { VersionField } from "~/features/desk/version-field";

import { NextVisitFields } from "./next-visit-fields";

/**
 * "Book the return visit": the technician tapped Needs a part. A day, a window and a technician
 * (the one who went comes first); the homeowner gets the new visit in their calendar.
 */
export function ReturnVisit({
  lead,
  returnVisit,
  windows,
  result,
  busy,
}: {
  lead: Pick<LeadView, "version">;
  returnVisit: NonNullable<LeadView["returnVisit"]>;
  windows: { id: string; label: string }[];
  result: FormResult | undefined;
  busy: boolean;
}) {
  const errors = fieldErrorsIn(result);
  return (
    <section aria-labelledby="return-heading">
      <h2 id="return-heading" className="text-lg font-bold text-slate-900">
        Book the return visit
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Waiting for a part: <bdi className="font-semibold">{returnVisit.part}</bdi>
      </p>
      <Form method="post" className="mt-4 grid gap-4" aria-labelledby="return-heading">
        <input type="hidden" name="intent" value="return-visit" />
        <VersionField version={lead.version} />
        <ResultNotice result={result} />
        <NextVisitFields
          labels={{
            date: "Return visit date",
            window: "Return visit window",
            technician: "Technician",
          }}
          windows={windows}
          technicians={returnVisit.technicians}
          technicianId={returnVisit.technicianId}
          errors={errors}
        />
        <Button type="submit" disabled={busy}>
          Book the return visit
        </Button>
      </Form>
    </section>
  );
}
