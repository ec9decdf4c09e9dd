import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import type { LeadView } from "~/domain/lead-view";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { VersionField } from "~/features/desk/version-field";

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
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Return visit date" error={errors.scheduledDate}>
            {(wiring) => <Input {...wiring} type="date" name="scheduledDate" />}
          </Field>
          <Field label="Return visit window" error={errors.scheduledWindow}>
            {(wiring) => (
              <Select {...wiring} name="scheduledWindow" defaultValue="">
                <option value="">Choose…</option>
                {windows.map((window) => (
                  <option key={window.id} value={window.id}>
                    {window.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field label="Technician" error={errors.technicianId}>
          {(wiring) => (
            <Select {...wiring} name="technicianId" defaultValue={returnVisit.technicianId}>
              <option value="">Choose a technician…</option>
              {returnVisit.technicians.map((technician) => (
                <option key={technician.id} value={technician.id}>
                  {technician.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          Book the return visit
        </Button>
      </Form>
    </section>
  );
}
