import { data, Form, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import { customerEditSchema, customerMergeSchema } from "~/domain/customers";
import { CustomerRequestItem } from "~/features/desk/customer-request";
import { DeskHeader } from "~/features/desk/desk-header";
import { deskMeta } from "~/features/desk/headers";
import { notFound, signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import {
  customerPage,
  editCustomer,
  mergeCustomers,
  type CustomerChangeOutcome,
} from "../../server/customers/customers.server";

import type { Route } from "./+types/office.customer";

export function meta() {
  return deskMeta("Customer");
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  const { db, visits } = servicesOf(context).desk;
  const customer = (await customerPage(db, staff, params.id, visits.now())) ?? notFound();
  return { staff: { name: staff.name, role: staff.role }, customer };
}

type CustomerPageResult = FormResult<"edit" | "merge">;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  // The owner's forms: for anyone else they do not exist.
  if (staff.role !== "owner") notFound();
  const { db } = servicesOf(context).desk;
  const fields = (await postedForm(request)).fields();
  const values = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => typeof value === "string"),
  ) as Record<string, string>;
  const form = fields.intent === "merge" ? "merge" : "edit";
  const answer = (outcome: CustomerChangeOutcome) => {
    if (outcome.ok)
      return data<CustomerPageResult>({ form, status: "success", message: outcome.message });
    if (outcome.reason === "not-found") notFound();
    return data<CustomerPageResult>(
      {
        form,
        status: "invalid",
        message: outcome.fieldErrors.form ?? "Nothing was changed: see the fields marked below.",
        fieldErrors: outcome.fieldErrors,
        values,
      },
      { status: outcome.fieldErrors.form ? 409 : 400 },
    );
  };
  if (form === "merge") {
    const parsed = customerMergeSchema.safeParse(fields);
    if (!parsed.success) {
      return answer({ ok: false, reason: "invalid", fieldErrors: fieldErrorsOf(parsed.error) });
    }
    return answer(await mergeCustomers(db, staff, params.id, parsed.data));
  }
  const parsed = customerEditSchema.safeParse(fields);
  if (!parsed.success) {
    return answer({ ok: false, reason: "invalid", fieldErrors: fieldErrorsOf(parsed.error) });
  }
  return answer(await editCustomer(db, staff, params.id, parsed.data));
}

export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, customer } = loaderData;
  const busy = useNavigation().state !== "idle";
  const editAnswer = actionData?.form === "edit" ? actionData : undefined;
  const mergeAnswer = actionData?.form === "merge" ? actionData : undefined;
  const editErrors = fieldErrorsIn(editAnswer);
  const mergeErrors = fieldErrorsIn(mergeAnswer);
  // What was typed comes back when it was refused; after a save the page shows what is stored.
  const typed = (name: keyof typeof customer & string) =>
    editAnswer?.status === "invalid" ? (editAnswer.values?.[name] ?? "") : String(customer[name]);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <DeskHeader title={customer.name || "Customer"} staff={staff} />
      <p className="mt-2 text-slate-700">Customer since {customer.since}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-slate-900">Phone</dt>
        <dd>
          <a
            className="text-brand-700 underline"
            href={`tel:${customer.phone.replace(/[^\d+]/g, "")}`}
          >
            {customer.phone}
          </a>
        </dd>
        <dt className="font-semibold text-slate-900">Email</dt>
        <dd className="[overflow-wrap:anywhere]">{customer.email || "None given"}</dd>
        <dt className="font-semibold text-slate-900">Address</dt>
        <dd className="[overflow-wrap:anywhere]">
          <bdi>
            {customer.address}
            {customer.zipCode ? ` ${customer.zipCode}` : ""}
          </bdi>
        </dd>
      </dl>

      <section aria-labelledby="requests-heading" className="mt-8">
        <h2 id="requests-heading" className="text-lg font-bold text-slate-900">
          Requests
        </h2>
        <ul className="mt-2 grid gap-3 text-sm text-slate-700">
          {customer.requests.map((request) => (
            <CustomerRequestItem key={request.id} request={request} />
          ))}
        </ul>
      </section>

      {staff.role === "owner" ? (
        <>
          <section aria-labelledby="edit-heading" className="mt-10">
            <h2 id="edit-heading" className="text-lg font-bold text-slate-900">
              Edit the contact details
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              The requests keep the details they were made with; New request fills in these.
            </p>
            <ResultNotice result={editAnswer} className="mt-3" />
            <Form
              method="post"
              noValidate
              aria-labelledby="edit-heading"
              className="mt-4 grid gap-4"
              // A saved edit shows the stored details: the inputs start again from them.
              key={`edit-${customer.version}`}
            >
              <input type="hidden" name="intent" value="edit" />
              <input type="hidden" name="version" value={customer.version} />
              <Field label="Full name" error={editErrors.name}>
                {(wiring) => (
                  <Input
                    {...wiring}
                    name="name"
                    maxLength={100}
                    required
                    defaultValue={typed("name")}
                  />
                )}
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Phone" error={editErrors.phone}>
                  {(wiring) => (
                    <Input
                      {...wiring}
                      name="phone"
                      type="tel"
                      required
                      defaultValue={typed("phone")}
                    />
                  )}
                </Field>
                <Field label="Email (optional)" error={editErrors.email}>
                  {(wiring) => (
                    <Input {...wiring} name="email" type="email" defaultValue={typed("email")} />
                  )}
                </Field>
              </div>
              <Field label="Address" error={editErrors.address}>
                {(wiring) => (
                  <Input
                    {...wiring}
                    name="address"
                    maxLength={200}
                    required
                    defaultValue={typed("address")}
                  />
                )}
              </Field>
              <Field label="Zip code" error={editErrors.zipCode} className="sm:max-w-48">
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
              <div>
                <Button type="submit" className="h-11" disabled={busy}>
                  Save details
                </Button>
              </div>
            </Form>
          </section>

          <section aria-labelledby="merge-heading" className="mt-10">
            <h2 id="merge-heading" className="text-lg font-bold text-slate-900">
              Merge another customer into this one
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              The same person under two records (a new phone, a second email): their requests move
              here, and their phone and email find this customer from then on.
            </p>
            <ResultNotice result={mergeAnswer} className="mt-3" />
            <Form
              method="post"
              noValidate
              aria-labelledby="merge-heading"
              className="mt-4 grid gap-4"
            >
              <input type="hidden" name="intent" value="merge" />
              <input type="hidden" name="version" value={customer.version} />
              <Field label="The other customer's phone or email" error={mergeErrors.other}>
                {(wiring) => (
                  <Input
                    {...wiring}
                    name="other"
                    autoComplete="off"
                    maxLength={254}
                    required
                    defaultValue={
                      mergeAnswer?.status === "invalid" ? mergeAnswer.values?.other : ""
                    }
                  />
                )}
              </Field>
              <div>
                <Button type="submit" variant="outline" className="h-11" disabled={busy}>
                  Merge into this customer
                </Button>
              </div>
            </Form>
          </section>
        </>
      ) : null}

      {customer.events.length > 0 ? (
        <section aria-labelledby="customer-timeline-heading" className="mt-10">
          <h2 id="customer-timeline-heading" className="text-lg font-bold text-slate-900">
            Timeline
          </h2>
          <ol className="mt-2 grid gap-1 text-sm text-slate-700">
            {customer.events.map((event) => (
              <li key={event.id}>{event.text}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
