import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import type { FieldErrors } from "~/lib/form-result";

/**
 * The day, the window and the technician of a next visit the office books (the return visit, the
 * warranty callback), each labelled for its form ("Return visit date", "Callback date").
 */
export function NextVisitFields({
  labels,
  windows,
  technicians,
  technicianId,
  errors,
}: {
  labels: { date: string; window: string; technician: string };
  windows: { id: string; label: string }[];
  technicians: { id: string; name: string }[];
  /** The technician offered first: the one who went, or who did the repair. */
  technicianId: string;
  errors: FieldErrors;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={labels.date} error={errors.scheduledDate}>
          {(wiring) => <Input {...wiring} type="date" name="scheduledDate" />}
        </Field>
        <Field label={labels.window} error={errors.scheduledWindow}>
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
      <Field label={labels.technician} error={errors.technicianId}>
        {(wiring) => (
          <Select {...wiring} name="technicianId" defaultValue={technicianId}>
            <option value="">Choose a technician…</option>
            {technicians.map((technician) => (
              <option key={technician.id} value={technician.id}>
                {technician.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
