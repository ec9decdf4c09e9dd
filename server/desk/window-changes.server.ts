/**
 * What an owner or dispatcher changes on the arrival windows page (routes/office.windows.tsx):
 * a weekday's places per window, a closed day added, renamed or removed. Every answer names
 * its office in `values.office`, so the page shows it only beside that office's forms.
 */
import { data } from "react-router";

import { stateBySlug } from "~/content/states";
import type { PostedForm } from "~/lib/bounded-body.server";
import { firstMessages } from "~/lib/field-errors";
import type { FormResult } from "~/lib/form-result";

import type { Database } from "../db/database";
import type { StaffMember } from "./staff-accounts.server";
import { addClosedDay, removeClosedDay, saveWindowCapacities } from "./window-settings.server";

export type WindowsPageResult = FormResult<"capacities" | "closed-day" | "remove">;

export async function windowsPageAction(form: PostedForm, db: Database, staff: StaffMember) {
  const fields = form.fields();
  const office = stateBySlug(fields.office ?? "")?.slug;
  if (!office) throw data("Not found", { status: 404 });
  const answer = (result: WindowsPageResult, status = 200) => data(result, { status });
  switch (fields.intent) {
    case "capacities": {
      const saved = await saveWindowCapacities(db, staff, office, fields);
      if (!saved.success) {
        return answer(
          {
            form: "capacities",
            status: "invalid",
            message: "Nothing was saved: check the numbers marked below.",
            fieldErrors: firstMessages(saved.fieldErrors),
            values: { ...fields, office },
          },
          400,
        );
      }
      return answer({
        form: "capacities",
        status: "success",
        message: "Saved.",
        values: { office },
      });
    }
    case "closed-day": {
      const added = await addClosedDay(db, staff, office, {
        date: fields.date,
        label: fields.label,
      });
      const typed = { date: form.text("date"), label: form.text("label") };
      if (!added.success) {
        return answer(
          {
            form: "closed-day",
            status: "invalid",
            fieldErrors: firstMessages(added.fieldErrors),
            values: { ...typed, office },
          },
          400,
        );
      }
      const label = typed.label.trim();
      return answer({
        form: "closed-day",
        status: "success",
        message: added.relabelled
          ? `${added.dateText} is now called ${label}.`
          : `Closed on ${added.dateText} (${label}).`,
        values: { office },
      });
    }
    case "remove": {
      const removed = await removeClosedDay(db, staff, office, form.text("date"));
      if (!removed) {
        return answer(
          {
            form: "remove",
            status: "invalid",
            message: "That day was not closed.",
            values: { office },
          },
          404,
        );
      }
      return answer({
        form: "remove",
        status: "success",
        message: `${removed.dateText} (${removed.label}) is open again.`,
        values: { office },
      });
    }
    default:
      return answer(
        { form: "capacities", status: "invalid", message: "Unknown action", values: { office } },
        400,
      );
  }
}
