import { data, Form, Link, redirect, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { applianceTypes } from "~/content/appliances";
import type { OpenWindow } from "~/domain/availability";
import type { KnownCaller } from "~/domain/customers";
import {
  phoneTextConsentWords,
  requestSourceLabels,
  requestSources,
  spanishPhoneTextConsentWords,
} from "~/domain/phone-booking";
import { timeSlots } from "~/domain/time-slots";
import { DeskHeader } from "~/features/desk/desk-header";
import { deskMeta } from "~/features/desk/headers";
import { notFound, signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { servicesOf } from "~/services.server";

import { fillInCaller } from "../../server/customers/known-callers.server";
import {
  createPhoneBooking,
  phoneBookingChoices,
  takesPhoneBookings,
} from "../../server/desk/phone-bookings.server";

import type { Route } from "./+types/office.leads-new";

export function meta() {
  return deskMeta("New request");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  if (!takesPhoneBookings(staff)) notFound();
  const { db, visits } = servicesOf(context).desk;
  const offices = await phoneBookingChoices(db, staff, visits.now());
  // The form's own key: sent twice, it makes one request (server/desk/phone-bookings.server.ts).
  return {
    staff: { name: staff.name, role: staff.role },
    offices,
    bookingKey: crypto.randomUUID(),
  };
}

interface NewRequestAnswer {
  fieldErrors: Partial<Record<string, string>>;
  /** "Find the customer" answered: the known caller (null: none), and a key to refill the form. */
  caller?: KnownCaller | null;
  filled?: string;
  openWindows?: OpenWindow[];
  repeatOf?: string;
  /** What was typed, to fill the form again (the staff member's own, on their own page). */
  values: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const { db, visits, leads, onEnqueued } = servicesOf(context).desk;
  const form = await postedForm(request);
  const intent = form.text("intent");
  if (intent === "find" || intent.startsWith("appliance:")) {
    const found = await fillInCaller(db, staff, form.fields(), intent);
    return data<NewRequestAnswer>({ ...found, filled: crypto.randomUUID() });
  }
  const outcome = await createPhoneBooking({ db, leads, visits, onEnqueued }, staff, form);
  if (outcome.ok) return redirect(`/office/leads/${outcome.id}`, 303);
  if (outcome.reason === "not-found") notFound();
  const values = Object.fromEntries(
    Object.entries(form.fields()).filter(([, value]) => typeof value === "string"),
  ) as Record<string, string>;
  return data<NewRequestAnswer>(
    {
      fieldErrors: outcome.fieldErrors,
      ...(outcome.openWindows ? { openWindows: outcome.openWindows } : {}),
      ...(outcome.repeatOf ? { repeatOf: outcome.repeatOf } : {}),
      values,
    },
    { status: 400 },
  );
}

export default function NewRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, offices, bookingKey } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = actionData?.fieldErrors ?? {};
  const typed = (name: string) => actionData?.values[name] ?? "";
  const first = offices[0];
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <DeskHeader title="New request" staff={staff} />
      <p className="mt-4 text-slate-700">
        A request taken by phone: saved as a web booking is, with its private page, its emails and
        texts, and the visit on the technician&apos;s My day.
      </p>
      {Object.keys(errors).length > 0 && !actionData?.filled ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900"
        >
          {errors.form ?? "The request was not created: see the fields marked below."}
          {actionData?.repeatOf ? (
            <>
              {" "}
              <Link to={`/office/leads/${actionData.repeatOf}`} className="font-semibold underline">
                Open the caller&apos;s request
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <Form
        method="post"
        className="mt-6 grid gap-8"
        // "Find the customer" fills the form in: its inputs start again from what it answered.
        key={actionData?.filled ?? "new-request"}
      >
        <input type="hidden" name="bookingKey" value={bookingKey} />
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-bold text-slate-900">The customer</legend>
          <Field label="Appliance" error={errors.selectedAppliance}>
            {(wiring) => (
              <Select
                {...wiring}
                name="selectedAppliance"
                defaultValue={typed("selectedAppliance")}
                required
              >
                <option value="">Choose the appliance</option>
                {applianceTypes.map((appliance) => (
                  <option key={appliance.id} value={appliance.id}>
                    {appliance.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Full name" error={errors.name}>
            {(wiring) => (
              <Input
                {...wiring}
                name="name"
                autoComplete="off"
                maxLength={100}
                required
                defaultValue={typed("name")}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Phone" error={errors.phone}>
              {(wiring) => (
                <Input
                  {...wiring}
                  name="phone"
                  type="tel"
                  autoComplete="off"
                  required
                  defaultValue={typed("phone")}
                />
              )}
            </Field>
            <Field label="Email (optional)" error={errors.email}>
              {(wiring) => (
                <Input
                  {...wiring}
                  name="email"
                  type="email"
                  autoComplete="off"
                  defaultValue={typed("email")}
                />
              )}
            </Field>
          </div>
          <div className="grid gap-3">
            <div>
              <Button
                type="submit"
                name="intent"
                value="find"
                variant="outline"
                className="h-11"
                formNoValidate
                disabled={busy}
              >
                Find the customer by phone
              </Button>
            </div>
            {actionData?.caller !== undefined ? <CallerFound caller={actionData.caller} /> : null}
          </div>
          <Field label="Address" error={errors.address}>
            {(wiring) => (
              <Input
                {...wiring}
                name="address"
                autoComplete="off"
                maxLength={200}
                required
                defaultValue={typed("address")}
              />
            )}
          </Field>
          <Field label="Zip code" error={errors.zipCode} className="sm:max-w-48">
            {(wiring) => (
              <Input
                {...wiring}
                name="zipCode"
                inputMode="numeric"
                maxLength={10}
                defaultValue={typed("zipCode")}
              />
            )}
          </Field>
          <Field label="Description of the problem" error={errors.description}>
            {(wiring) => (
              <Textarea
                {...wiring}
                name="description"
                rows={3}
                maxLength={2000}
                defaultValue={typed("description")}
              />
            )}
          </Field>
          <Field label="Notes" error={errors.notes}>
            {(wiring) => (
              <Textarea
                {...wiring}
                name="notes"
                rows={2}
                maxLength={2000}
                defaultValue={typed("notes")}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Brand" error={errors.brand}>
              {(wiring) => (
                <Input {...wiring} name="brand" maxLength={100} defaultValue={typed("brand")} />
              )}
            </Field>
            <Field label="Model" error={errors.model}>
              {(wiring) => (
                <Input {...wiring} name="model" maxLength={100} defaultValue={typed("model")} />
              )}
            </Field>
            <Field label="Serial number" error={errors.serialNumber}>
              {(wiring) => (
                <Input
                  {...wiring}
                  name="serialNumber"
                  maxLength={100}
                  defaultValue={typed("serialNumber")}
                />
              )}
            </Field>
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-bold text-slate-900">The visit</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Office" error={errors.office}>
              {(wiring) => (
                <Select {...wiring} name="office" defaultValue={typed("office") || first?.slug}>
                  {offices.map((office) => (
                    <option key={office.slug} value={office.slug}>
                      {office.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Date" error={errors.scheduledDate}>
              {(wiring) => (
                <Input
                  {...wiring}
                  name="scheduledDate"
                  type="date"
                  required
                  defaultValue={typed("scheduledDate") || first?.today}
                />
              )}
            </Field>
            <Field label="Window" error={errors.scheduledWindow}>
              {(wiring) => (
                <Select
                  {...wiring}
                  name="scheduledWindow"
                  defaultValue={typed("scheduledWindow")}
                  required
                >
                  <option value="">Choose a window</option>
                  {timeSlots.map((slot) => (
                    <option key={slot.id} value={slot.id}>
                      {slot.label}, {slot.window}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          {actionData?.openWindows && actionData.openWindows.length > 0 ? (
            <div className="rounded-lg border border-amber-700 bg-amber-50 p-3 text-sm text-slate-900">
              <p className="font-semibold">Open windows next:</p>
              <ul className="mt-1 list-disc pl-5">
                {actionData.openWindows.map((open) => (
                  <li key={`${open.date}-${open.window}`}>{open.label}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <Field
            label="Reason to book a full window (optional)"
            hint="Only for a window with no place left: the reason is kept on the request."
            error={errors.overbookReason}
          >
            {(wiring) => (
              <Input
                {...wiring}
                name="overbookReason"
                maxLength={200}
                defaultValue={typed("overbookReason")}
              />
            )}
          </Field>
          <Field label="Technician (optional)" error={errors.technicianId}>
            {(wiring) => (
              <Select {...wiring} name="technicianId" defaultValue={typed("technicianId")}>
                <option value="">Nobody yet: dispatch assigns</option>
                {offices.map((office) => (
                  <optgroup key={office.slug} label={office.name}>
                    {office.technicians.map((technician) => (
                      <option key={technician.id} value={technician.id}>
                        {technician.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            )}
          </Field>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-bold text-slate-900">Where they came from</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Source" error={errors.source}>
              {(wiring) => (
                <Select {...wiring} name="source" defaultValue={typed("source")} required>
                  <option value="">Choose the source</option>
                  {requestSources.map((source) => (
                    <option key={source} value={source}>
                      {requestSourceLabels[source]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label="Other: where from"
              hint="Only for Other: a few words."
              error={errors.sourceOther}
            >
              {(wiring) => (
                <Input
                  {...wiring}
                  name="sourceOther"
                  maxLength={100}
                  defaultValue={typed("sourceOther")}
                />
              )}
            </Field>
          </div>
          <div className="grid gap-1">
            <label className="flex min-h-11 items-center gap-2 font-semibold text-slate-900">
              <input
                type="checkbox"
                name="prefersSpanish"
                value="yes"
                defaultChecked={typed("prefersSpanish") === "yes"}
                aria-describedby="prefers-spanish-hint"
                className="size-5 shrink-0 accent-brand-700"
              />
              Prefers Spanish
            </label>
            <p id="prefers-spanish-hint" className="text-sm text-slate-700">
              Their confirmation, texts, reminders and private page are in Spanish.
            </p>
          </div>
          <div className="grid gap-1">
            <label className="flex min-h-11 items-center gap-2 font-semibold text-slate-900">
              <input
                type="checkbox"
                name="textConsent"
                value="yes"
                defaultChecked={typed("textConsent") === "yes"}
                aria-describedby="text-consent-words"
                className="size-5 shrink-0 accent-brand-700"
              />
              Customer agreed to texts by phone
            </label>
            <p id="text-consent-words" className="text-sm text-slate-700">
              Read this to them first: &ldquo;{phoneTextConsentWords}&rdquo; In Spanish:{" "}
              <span lang="es">&ldquo;{spanishPhoneTextConsentWords}&rdquo;</span>
            </p>
          </div>
        </fieldset>

        <div>
          <Button type="submit" className="h-11" disabled={busy}>
            Create request
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** What "Find the customer" found: the caller, their details filled in, their appliances to pick. */
function CallerFound({ caller }: { caller: KnownCaller | null }) {
  if (!caller) {
    return (
      <p role="status" className="text-sm text-slate-700">
        No customer of your offices has this phone: type their details.
      </p>
    );
  }
  return (
    <div role="status" className="rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm">
      <p className="text-slate-900">
        <span className="font-semibold">Returning customer:</span> <bdi>{caller.name}</bdi>,
        customer since {caller.since}.{" "}
        <Link to={`/office/customers/${caller.id}`} className="text-brand-700 underline">
          Customer&rsquo;s page
        </Link>
      </p>
      <p className="mt-1 text-slate-700">
        Their name and address fill the empty fields.
        {caller.email ? (
          <>
            {" "}
            Email on file: <bdi className="font-semibold">{caller.email}</bdi> (ask the caller
            before you type it: the private link goes there).
          </>
        ) : null}
      </p>
      {caller.appliances.length > 0 ? (
        <ul className="mt-2 grid gap-2" aria-label="Their appliances">
          {caller.appliances.map((appliance) => (
            <li key={appliance.requestId}>
              <Button
                type="submit"
                name="intent"
                value={`appliance:${appliance.requestId}`}
                variant="outline"
                className="h-auto! min-h-11 text-left whitespace-normal!"
                formNoValidate
              >
                Fill in: <bdi>{appliance.label}</bdi>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
