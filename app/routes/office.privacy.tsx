import { data, Form, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Notice } from "~/components/ui/notice";
import { DeskHeader } from "~/features/desk/desk-header";
import { deskMeta } from "~/features/desk/headers";

import { signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import {
  erasePrivacyRecords,
  privacySubjectFrom,
  privacySummary,
} from "../../server/desk/privacy.server";

import type { Route } from "./+types/office.privacy";

export function meta() {
  return deskMeta("Privacy requests");
}

export function loader({ context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  return { staff: { name: staff.name, role: staff.role } };
}

const unreadable = "Enter an email address or a 10-digit US phone number";

type PrivacySummary = NonNullable<Awaited<ReturnType<typeof privacySummary>>>;
/** Finding a person's records, or erasing them: what was found stays on the page. */
type PrivacyResult = FormResult<
  "find" | "erase",
  { found: PrivacySummary; erased?: number },
  { found?: PrivacySummary }
>;

export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const { db } = servicesOf(context).desk;
  const form = await postedForm(request);
  const who = form.text("who").slice(0, 254);
  const values = { who };
  const answer = (result: PrivacyResult, status = 200) => data(result, { status });
  const unfound: PrivacyResult = {
    form: "find",
    status: "invalid",
    values,
    fieldErrors: { who: unreadable },
  };
  if (form.text("intent") === "erase") {
    if (form.text("confirm") !== "yes") {
      const found = (await privacySummary(db, who)) ?? undefined;
      return answer(
        {
          form: "erase",
          status: "invalid",
          values,
          found,
          message: "Tick the box to confirm that you checked who is asking.",
        },
        400,
      );
    }
    const subject = privacySubjectFrom(who);
    const erased = subject
      ? await erasePrivacyRecords(db, staff, subject, servicesOf(context).desk.cards)
      : null;
    const found = erased === null ? null : await privacySummary(db, who);
    if (erased === null || !found) return answer(unfound, 400);
    return answer({ form: "erase", status: "success", values, found, erased });
  }
  const found = await privacySummary(db, who);
  if (!found) return answer(unfound, 400);
  return answer({ form: "find", status: "success", values, found });
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const found = actionData && "found" in actionData ? actionData.found : undefined;
  const who = actionData?.values?.who;
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
          <Field
            label="Email or phone"
            error={actionData?.form === "find" ? fieldErrorsIn(actionData).who : undefined}
          >
            {(wiring) => <Input {...wiring} name="who" defaultValue={who} autoComplete="off" />}
          </Field>
        </div>
        <Button type="submit" name="intent" value="find" disabled={busy}>
          Find records
        </Button>
      </Form>
      {actionData?.status === "success" && actionData.erased !== undefined ? (
        <Notice tone="success" className="mt-6">
          Erased {actionData.erased} records.
        </Notice>
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
                <input type="hidden" name="who" value={who} />
                <Button type="submit" variant="outline">
                  Download as JSON
                </Button>
              </form>
              <Form
                method="post"
                className="grid gap-3 rounded-lg border border-red-200 p-4"
                aria-label="Erase"
              >
                <input type="hidden" name="who" value={who} />
                {actionData?.form === "erase" && actionData.message ? (
                  <p role="alert" className="text-sm font-medium text-red-700">
                    {actionData.message}
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
                <Button type="submit" name="intent" value="erase" disabled={busy}>
                  Erase everything
                </Button>
              </Form>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
