import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import type { LeadView } from "~/domain/lead-view";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { VersionField } from "~/features/desk/version-field";

type Booking = NonNullable<LeadView["booking"]>;

/**
 * The lead page's one way to book the visit: a day, a window and a technician of the office (a
 * choice of their accounts, so the visit shows on their My day). Before the visit is booked it is
 * "Confirm requested visit", the day and window the homeowner asked for filled in ("Book the
 * visit" when they named none); once booked the page says "Confirmed with Alex" and the day and
 * window, and "Change" opens the same form filled with the booking (a <details>: it opens
 * without JavaScript, by keyboard, and says whether it is open). The same booking sent again
 * changes and sends nothing (server/desk/lead-changes.server.ts). After the technician's Can't fix it is
 * "Book another visit": the visit that ended is not changed, another is booked.
 */
export function BookVisit({
  lead,
  booking,
  windows,
  result,
  busy,
}: {
  lead: Pick<LeadView, "version">;
  booking: Booking;
  windows: { id: string; label: string }[];
  result: FormResult | undefined;
  busy: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const saved = result?.status === "success";
  const { booked } = booking;
  // After a booking is saved its form is gone (the confirmation replaces it, or Change closes):
  // the focus goes to the confirmation, not to the top of the page. The answer can arrive before
  // the page's new data: the focus waits for the confirmation to be drawn.
  const confirmationShown = booked !== null;
  useEffect(() => {
    if (saved && confirmationShown) heading.current?.focus();
  }, [saved, result, confirmationShown]);
  if (!booked) {
    const title = booking.afterCantFix
      ? "Book another visit"
      : booking.requested
        ? "Confirm requested visit"
        : "Book the visit";
    return (
      <section aria-labelledby="booking-heading">
        <h2 id="booking-heading" className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <BookingForm
          labelledBy="booking-heading"
          submitLabel={title}
          lead={lead}
          booking={booking}
          windows={windows}
          result={result}
          busy={busy}
        />
      </section>
    );
  }
  const refused = result !== undefined && !saved;
  return (
    <section aria-labelledby="booking-heading">
      <h2
        id="booking-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-bold text-slate-900 focus-visible:outline-none"
      >
        {booked.technician ? (
          <>
            Confirmed with <bdi>{booked.technician}</bdi>
          </>
        ) : (
          "Booked: no technician assigned"
        )}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{booked.when}</p>
      {booked.technician ? null : (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-300">
          {booked.typedName ? (
            <>
              Booked with “<bdi>{booked.typedName}</bdi>”, who is not a technician account of this
              office: the visit is on nobody’s My day.
            </>
          ) : (
            "The visit is on nobody’s My day."
          )}{" "}
          Choose the technician.
        </p>
      )}
      {saved ? <ResultNotice result={result} className="mt-3" /> : null}
      <details
        // Closed again once the booking changes; open while a refusal or a missing technician waits.
        key={`${booking.date} ${booking.window} ${booking.technicianId}`}
        open={refused || !booked.technician}
        className="mt-4 rounded-lg border border-slate-200"
      >
        <summary className="min-h-11 cursor-pointer rounded-lg px-3 py-2.5 text-sm font-semibold text-brand-800 focus-visible:ring-3 focus-visible:ring-brand-400/60 focus-visible:outline-none">
          Change
        </summary>
        <div className="border-t border-slate-200 p-4">
          <BookingForm
            label="Change the visit"
            submitLabel="Save the change"
            lead={lead}
            booking={booking}
            windows={windows}
            result={refused ? result : undefined}
            busy={busy}
          />
        </div>
      </details>
    </section>
  );
}

/** The booking's fields: posted as "confirm-visit", however the page names the form. */
function BookingForm({
  labelledBy,
  label,
  submitLabel,
  lead,
  booking,
  windows,
  result,
  busy,
}: {
  labelledBy?: string;
  label?: string;
  submitLabel: string;
  lead: Pick<LeadView, "version">;
  booking: Booking;
  windows: { id: string; label: string }[];
  result: FormResult | undefined;
  busy: boolean;
}) {
  const errors = fieldErrorsIn(result);
  const noTechnicians = booking.technicians.length === 0;
  return (
    <Form
      method="post"
      // The server says what is missing, under each field, with or without JavaScript.
      noValidate
      className="mt-4 grid gap-4 first:mt-0"
      aria-labelledby={labelledBy}
      aria-label={label}
    >
      <input type="hidden" name="intent" value="confirm-visit" />
      <VersionField version={lead.version} />
      <ResultNotice result={result} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Visit date" error={errors.scheduledDate} markedRequired>
          {(wiring) => (
            <Input
              {...wiring}
              type="date"
              name="scheduledDate"
              required
              defaultValue={booking.date}
            />
          )}
        </Field>
        <Field label="Visit window" error={errors.scheduledWindow} markedRequired>
          {(wiring) => (
            <Select {...wiring} name="scheduledWindow" required defaultValue={booking.window}>
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
      {noTechnicians ? (
        <p className="text-sm text-slate-700">
          This office has no technician accounts yet: an owner adds them on{" "}
          <Link to="/office/staff" className="text-brand-700 underline">
            Staff
          </Link>
          . A visit is booked with one of them.
        </p>
      ) : (
        <Field
          label="Assign to"
          hint={loadsHint(booking.technicians)}
          error={errors.technicianId}
          markedRequired
        >
          {(wiring) => (
            <Select {...wiring} name="technicianId" required defaultValue={booking.technicianId}>
              <option value="">Choose a technician…</option>
              {booking.technicians.map((technician) => (
                <option key={technician.id} value={technician.id}>
                  {technician.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Button type="submit" disabled={busy || noTechnicians}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** "Visits that day: Alex Rivera 2, Bea Tran 0": each technician's load on the form's day. */
function loadsHint(technicians: { name: string; visits: number | null }[]): string | undefined {
  if (technicians.some((technician) => technician.visits === null)) return undefined;
  return `Visits that day: ${technicians.map((technician) => `${technician.name} ${technician.visits}`).join(", ")}`;
}
