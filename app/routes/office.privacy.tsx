import { data, Form, useNavigation } from "react-router";

import { DeskButton, DeskField, DeskInput, DeskNotice } from "~/features/desk/desk-controls";
import { DeskHeader } from "~/features/desk/desk-header";
import { deskMeta } from "~/features/desk/headers";

import { signedInOf } from "~/features/desk/desk-route.server";
import { servicesOf } from "~/services.server";

import { erasePrivacyRecords, privacySubjectFrom, privacySummary } from "../../server/desk/privacy";

import type { Route } from "./+types/office.privacy";

export function meta() {
  return deskMeta("Privacy requests");
}

export function loader({ context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  return { staff: { name: staff.name, role: staff.role } };
}

const unreadable = "Enter an email address or a 10-digit US phone number";

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const { db } = servicesOf(context).desk;
  const form = await request.formData();
  const who = String(form.get("who") ?? "").slice(0, 254);
  if (form.get("intent") === "erase") {
    if (form.get("confirm") !== "yes") {
      const found = await privacySummary(db, who);
      return data(
        {
          who,
          found,
          error: "Tick the box to confirm that you checked who is asking.",
          erased: null,
        },
        { status: 400 },
      );
    }
    const subject = privacySubjectFrom(who);
    const erased = subject ? await erasePrivacyRecords(db, staff, subject) : null;
    if (erased === null)
      return data({ who, found: null, error: unreadable, erased: null }, { status: 400 });
    return { who, found: await privacySummary(db, who), error: null, erased };
  }
  const found = await privacySummary(db, who);
  if (!found) return data({ who, found: null, error: unreadable, erased: null }, { status: 400 });
  return { who, found, error: null, erased: null };
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const found = actionData?.found;
  const total = found
    ? found.serviceRequests + found.contactMessages + found.subscriptions + found.emails
    : 0;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <DeskHeader title="Privacy requests" staff={loaderData.staff} />
      <p className="mt-6 text-sm text-slate-700">
        A person may ask to see, or to delete, what the company holds about them. Find their records
        by the email or phone they used, send them the file, or erase them: the personal details are
        removed, the records stay (marked erased) for the counts, emails not yet sent are cancelled,
        and this desk logs who did it and when.
      </p>
      <Form
        method="post"
        aria-label="Find a person's records"
        className="mt-6 flex flex-wrap items-end gap-3"
      >
        <div className="min-w-64 flex-1">
          <DeskField
            label="Email or phone"
            error={actionData?.found === null ? (actionData.error ?? undefined) : undefined}
          >
            {(wiring) => (
              <DeskInput {...wiring} name="who" defaultValue={actionData?.who} autoComplete="off" />
            )}
          </DeskField>
        </div>
        <DeskButton type="submit" name="intent" value="find" disabled={busy}>
          Find records
        </DeskButton>
      </Form>
      {actionData?.erased != null ? (
        <DeskNotice tone="success" className="mt-6">
          Erased {actionData.erased} records.
        </DeskNotice>
      ) : null}
      {found ? (
        <section aria-labelledby="found-heading" className="mt-6">
          <h2 id="found-heading" className="text-lg font-bold text-slate-900">
            What the company holds
          </h2>
          <ul className="mt-2 grid gap-1 text-sm text-slate-700">
            <li>Service requests: {found.serviceRequests}</li>
            <li>Contact messages: {found.contactMessages}</li>
            <li>Newsletter subscriptions: {found.subscriptions}</li>
            <li>Emails: {found.emails}</li>
            <li>Staff notes on their requests: {found.notes}</li>
          </ul>
          {total > 0 ? (
            <div className="mt-4 grid gap-4">
              <form method="post" action="/office/privacy/export">
                <input type="hidden" name="who" value={actionData?.who} />
                <DeskButton type="submit" look="outline">
                  Download as JSON
                </DeskButton>
              </form>
              <Form
                method="post"
                className="grid gap-3 rounded-lg border border-red-200 p-4"
                aria-label="Erase"
              >
                <input type="hidden" name="who" value={actionData?.who} />
                {actionData?.error ? (
                  <p role="alert" className="text-sm font-medium text-red-700">
                    {actionData.error}
                  </p>
                ) : null}
                <label
                  htmlFor="confirm-erase"
                  className="flex items-start gap-2 text-sm text-slate-800"
                >
                  <input
                    id="confirm-erase"
                    type="checkbox"
                    name="confirm"
                    value="yes"
                    className="mt-1"
                  />
                  I checked that the request comes from this person. Erasing cannot be undone.
                </label>
                <DeskButton type="submit" name="intent" value="erase" disabled={busy}>
                  Erase everything
                </DeskButton>
              </Form>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
