import { Form, Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import type { LeadView } from "~/domain/lead-view";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { VersionField } from "~/features/desk/version-field";

/**
 * "Confirm requested visit": the day and window the homeowner asked for, already filled in, and
 * a technician of the office; one click books it (the status form's booking, with the
 * technician's account, so it shows on their My day).
 */
export function ConfirmVisit({
  lead,
  confirm,
  windows,
  result,
  busy,
}: {
  lead: Pick<LeadView, "version">;
  confirm: NonNullable<LeadView["confirm"]>;
  windows: { id: string; label: string }[];
  result: FormResult | undefined;
  busy: boolean;
}) {
  const errors = fieldErrorsIn(result);
  return (
    <section aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" className="text-lg font-bold text-slate-900">
        Confirm requested visit
      </h2>
      <Form method="post" className="mt-4 grid gap-4" aria-labelledby="confirm-heading">
        <input type="hidden" name="intent" value="confirm-visit" />
        <VersionField version={lead.version} />
        <ResultNotice result={result} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Visit date" error={errors.scheduledDate}>
            {(wiring) => (
              <Input {...wiring} type="date" name="scheduledDate" defaultValue={confirm.date} />
            )}
          </Field>
          <Field label="Visit window" error={errors.scheduledWindow}>
            {(wiring) => (
              <Select {...wiring} name="scheduledWindow" defaultValue={confirm.window}>
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
        {confirm.technicians.length > 0 ? (
          <Field label="Assign to" error={errors.technicianId}>
            {(wiring) => (
              <Select {...wiring} name="technicianId" defaultValue={confirm.technicianId}>
                <option value="">Choose a technician…</option>
                {confirm.technicians.map((technician) => (
                  <option key={technician.id} value={technician.id}>
                    {technician.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          <p className="text-sm text-slate-700">
            This office has no technician accounts yet: an owner adds them on{" "}
            <Link to="/office/staff" className="text-brand-700 underline">
              Staff
            </Link>
            . Meanwhile, book with the status form below.
          </p>
        )}
        <Button type="submit" disabled={busy || confirm.technicians.length === 0}>
          Confirm requested visit
        </Button>
      </Form>
    </section>
  );
}
