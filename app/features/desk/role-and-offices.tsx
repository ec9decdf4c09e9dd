import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";

/** A staff member's role and offices, as the invitation and each member's form choose them. */
export function RoleAndOffices({
  role,
  chosen,
  offices,
  idPrefix,
}: {
  role: string;
  chosen: readonly string[];
  offices: { slug: string; name: string }[];
  idPrefix: string;
}) {
  return (
    <>
      <Field label="Role">
        {(wiring) => (
          <Select {...wiring} name="role" defaultValue={role}>
            <option value="dispatcher">Dispatcher (the offices below)</option>
            <option value="technician">Technician (their own visits, on My day)</option>
            <option value="owner">Owner (every office, and the staff)</option>
          </Select>
        )}
      </Field>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-semibold text-slate-900">
          Offices (for a dispatcher or technician)
        </legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {offices.map((office) => (
            <label
              key={office.slug}
              htmlFor={`${idPrefix}-${office.slug}`}
              className="flex items-center gap-1.5"
            >
              <input
                id={`${idPrefix}-${office.slug}`}
                type="checkbox"
                name="offices"
                value={office.slug}
                defaultChecked={chosen.includes(office.slug)}
              />
              {office.name}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
