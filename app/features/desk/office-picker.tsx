import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import type { StateSlug } from "~/content/states";

export interface OfficeChoice {
  slug: StateSlug;
  name: string;
}

/** An owners' page's office (`?office=texas`): a GET form, the office is all it puts in the address. */
export function OfficePicker({ office, offices }: { office: StateSlug; offices: OfficeChoice[] }) {
  return (
    <Form method="get" aria-label="Choose an office" className="mt-6 flex items-end gap-3">
      <div className="min-w-0 flex-1 sm:max-w-xs">
        <Field label="Office">
          {(wiring) => (
            <Select {...wiring} key={office} name="office" defaultValue={office}>
              {offices.map((candidate) => (
                <option key={candidate.slug} value={candidate.slug}>
                  {candidate.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Button type="submit" variant="outline">
        Show
      </Button>
    </Form>
  );
}
