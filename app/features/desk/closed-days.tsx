import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";

/** An office's holidays on the arrival windows page: the days ahead, each removable, and a form to add one. */
export function ClosedDays({
  office,
  officeName,
  closedDays,
  today,
  labelLimit,
  answer,
  busy,
}: {
  office: string;
  officeName: string;
  closedDays: { date: string; dateText: string; label: string }[];
  /** The earliest date a holiday may be added for, in the office's time zone. */
  today: string;
  labelLimit: number;
  /** The page's last answer, when it was about this office. */
  answer: FormResult | undefined;
  busy: boolean;
}) {
  const here = `/office/windows?office=${office}`;
  const closedDayAnswer = answer?.form === "closed-day" ? answer : undefined;
  return (
    <section aria-labelledby="closed-days-heading" className="mt-10">
      <h2 id="closed-days-heading" className="text-lg font-bold text-slate-900">
        Holidays in {officeName}
      </h2>
      <p className="mt-1 text-sm text-slate-600">No visits are offered on these days.</p>
      {answer?.form === "remove" ? (
        <div className="mt-4">
          <ResultNotice result={answer} />
        </div>
      ) : null}
      {closedDays.length === 0 ? (
        <p className="mt-4 text-slate-700">No holidays ahead.</p>
      ) : (
        <ul aria-label="Holidays ahead" className="mt-4 grid gap-2">
          {closedDays.map((day) => (
            <li
              key={day.date}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-2"
            >
              <span className="text-slate-900">
                <strong className="font-semibold">{day.dateText}</strong>{" "}
                <span className="[overflow-wrap:anywhere]">{day.label}</span>
              </span>
              <Form method="post" action={here}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="office" value={office} />
                <input type="hidden" name="date" value={day.date} />
                <Button
                  type="submit"
                  variant="outline"
                  disabled={busy}
                  aria-label={`Remove ${day.dateText} ${day.label}`}
                >
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      <h3 id="add-closed-day-heading" className="mt-6 text-base font-semibold text-slate-900">
        Add a holiday
      </h3>
      <Form
        // A new key once a day is added or removed: the emptied form is ready for the next one.
        key={`${office} ${closedDays.map((day) => day.date + day.label).join(" ")}`}
        method="post"
        action={here}
        noValidate
        aria-labelledby="add-closed-day-heading"
        className="mt-3 grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
      >
        <input type="hidden" name="intent" value="closed-day" />
        <input type="hidden" name="office" value={office} />
        <div className="sm:col-span-3">
          <ResultNotice result={closedDayAnswer} />
        </div>
        <Field label="Date" error={fieldErrorsIn(closedDayAnswer).date}>
          {(wiring) => (
            <Input
              {...wiring}
              type="date"
              name="date"
              min={today}
              required
              defaultValue={closedDayAnswer?.values?.date}
            />
          )}
        </Field>
        <Field label="Holiday name" error={fieldErrorsIn(closedDayAnswer).label}>
          {(wiring) => (
            <Input
              {...wiring}
              name="label"
              maxLength={labelLimit}
              required
              autoComplete="off"
              defaultValue={closedDayAnswer?.values?.label}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy} className="sm:mt-7">
          Add holiday
        </Button>
      </Form>
    </section>
  );
}
