import { Form, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import { ClosedDays } from "~/features/desk/closed-days";
import { DeskHeader } from "~/features/desk/desk-header";
import { OfficePicker } from "~/features/desk/office-picker";
import { deskMeta } from "~/features/desk/headers";
import {
  capacityField,
  closedWeekday,
  maxClosedDayLabel,
  maxWindowCapacity,
} from "~/domain/windows";
import { timeSlots } from "~/domain/time-slots";

import { officeChoices, officeInAddress, signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsIn } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import { windowsPageAction } from "../../server/desk/window-changes.server";
import { windowSettings } from "../../server/desk/window-settings.server";

import type { Route } from "./+types/office.windows";

export function meta() {
  return deskMeta("Arrival windows");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  const { db, config } = servicesOf(context).desk;
  const office = officeInAddress(request);
  const settings = await windowSettings(db, staff, office, config.WINDOW_CAPACITY);
  return {
    staff: { name: staff.name, role: staff.role },
    office,
    offices: officeChoices(),
    windows: timeSlots.map((slot) => ({ id: slot.id, label: slot.label, hours: slot.window })),
    rows: settings.weekdays.map((day) => ({
      weekday: day.weekday,
      label: day.label,
      cells: timeSlots.map((slot) => ({
        field: capacityField(day.weekday, slot.id),
        label: `${day.label} ${slot.label.toLowerCase()}`,
        capacity: day.capacities[slot.id],
      })),
    })),
    closedWeekday: closedWeekday.label,
    defaultCapacity: settings.defaultCapacity,
    closedDays: settings.closedDays,
    today: settings.today,
    limits: { capacity: maxWindowCapacity, label: maxClosedDayLabel },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = servicesOf(context).desk;
  return windowsPageAction(await postedForm(request), db, signedInOf(context).staff);
}

export default function Windows({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, office, offices, windows, rows, closedDays, today, limits } = loaderData;
  const busy = useNavigation().state !== "idle";
  const answer = actionData?.values?.office === office ? actionData : undefined;
  const capacitiesAnswer = answer?.form === "capacities" ? answer : undefined;
  const officeName = offices.find((candidate) => candidate.slug === office)?.name ?? office;
  const here = `/office/windows?office=${office}`;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <DeskHeader title="Arrival windows" staff={staff} />

      <OfficePicker office={office} offices={offices} />

      <section aria-labelledby="capacities-heading" className="mt-8">
        <h2 id="capacities-heading" className="text-lg font-bold text-slate-900">
          Visits per window in {officeName}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          How many visits each arrival window takes on each weekday; 0 takes none. A window nobody
          has saved takes {loaderData.defaultCapacity}. {loaderData.closedWeekday}s are always
          closed.
        </p>
        <Form
          // Keyed by office: the inputs show the chosen office's numbers, not the last one's.
          key={office}
          method="post"
          action={here}
          noValidate
          aria-labelledby="capacities-heading"
          className="mt-4 grid gap-4"
        >
          <input type="hidden" name="intent" value="capacities" />
          <input type="hidden" name="office" value={office} />
          <ResultNotice result={capacitiesAnswer} />
          <div
            className="overflow-x-auto focus-visible:ring-3 focus-visible:ring-brand-400/60 focus-visible:outline-none"
            // On a narrow phone the table scrolls sideways: the keyboard can scroll it too.
            tabIndex={0}
            role="region"
            aria-label="Visits per window table"
          >
            <table className="w-full min-w-[20rem] text-left text-sm text-slate-700">
              <caption className="sr-only">
                Visits per arrival window in {officeName}, Monday to {loaderData.closedWeekday}
              </caption>
              <thead className="border-b border-slate-200 text-slate-900">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Day
                  </th>
                  {windows.map((window) => (
                    <th key={window.id} scope="col" className="px-1 py-2 font-semibold">
                      {window.label}
                      <span className="block text-xs font-normal text-slate-600">
                        {window.hours}
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.weekday}>
                    <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
                      {row.label}
                    </th>
                    {row.cells.map((cell) => {
                      const error = fieldErrorsIn(capacitiesAnswer)[cell.field];
                      const id = `capacity-${cell.field}`;
                      return (
                        <td key={cell.field} className="px-1 py-2 align-top">
                          <label htmlFor={id} className="sr-only">
                            {cell.label}
                          </label>
                          <Input
                            id={id}
                            type="number"
                            name={cell.field}
                            inputMode="numeric"
                            min={0}
                            max={limits.capacity}
                            step={1}
                            required
                            defaultValue={capacitiesAnswer?.values?.[cell.field] ?? cell.capacity}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${id}-error` : undefined}
                          />
                          {error ? (
                            <p
                              id={`${id}-error`}
                              role="alert"
                              className="mt-1 text-sm font-medium text-red-700"
                            >
                              {error}
                            </p>
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
                    {loaderData.closedWeekday}
                  </th>
                  <td colSpan={windows.length} className="px-1 py-2 text-slate-600">
                    Closed
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              Save
            </Button>
          </div>
        </Form>
      </section>

      <ClosedDays
        office={office}
        officeName={officeName}
        closedDays={closedDays}
        today={today}
        labelLimit={limits.label}
        answer={answer}
        busy={busy}
      />
    </div>
  );
}
