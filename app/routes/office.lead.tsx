import { data, Form, Link, redirect, useNavigation } from "react-router";

import {
  DeskButton,
  DeskField,
  DeskInput,
  DeskNotice,
  DeskSelect,
} from "~/features/desk/desk-controls";
import { useDeskEvents } from "~/features/desk/use-desk-events";
import { deskMeta } from "~/features/desk/headers";
import { leadStatusLabels } from "~/domain/leads";
import { noteSchema, statusChangeSchema } from "~/domain/lead-view";
import { timeSlots } from "~/domain/time-slots";

import { notFound, signedInOf, textFields } from "~/features/desk/desk-route.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import { servicesOf } from "~/services.server";

import { addLeadNote, changeLeadStatus, leadView, sendEmailAgain } from "../../server/desk/leads";

import type { Route } from "./+types/office.lead";

export function meta({ data: loaderData }: Route.MetaArgs) {
  return deskMeta(loaderData ? loaderData.lead.title : "Lead");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const lead = await leadView(servicesOf(context).desk.db, signedInOf(context).staff, params.id);
  if (!lead) notFound();
  return {
    lead,
    windows: timeSlots.map((slot) => ({ id: slot.id, label: `${slot.label} (${slot.window})` })),
  };
}

interface ActionAnswer {
  form: "status" | "note" | "email";
  message?: string;
  fieldErrors?: Record<string, string | undefined>;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const { db, visits } = servicesOf(context).desk;
  const form = await textFields(request);
  const here = `/office/leads/${params.id}`;
  const answer = (body: ActionAnswer, status: number) => data<ActionAnswer>(body, { status });
  let outcome;
  switch (form.intent) {
    case "status": {
      const parsed = statusChangeSchema.safeParse(form);
      if (!parsed.success) {
        return answer(
          {
            form: "status",
            fieldErrors: fieldErrorsOf(parsed.error),
          },
          400,
        );
      }
      outcome = await changeLeadStatus(db, staff, params.id, parsed.data, visits);
      break;
    }
    case "note": {
      const parsed = noteSchema.safeParse(form);
      if (!parsed.success) {
        return answer({ form: "note", fieldErrors: fieldErrorsOf(parsed.error) }, 400);
      }
      outcome = await addLeadNote(db, staff, params.id, parsed.data.note);
      break;
    }
    case "send-again":
      outcome = await sendEmailAgain(db, staff, params.id, form.emailId ?? "");
      break;
    default:
      return answer({ form: "status", message: "Unknown action" }, 400);
  }
  if (outcome.ok) throw redirect(here);
  if (outcome.reason === "not-found") notFound();
  const formName =
    form.intent === "note" ? "note" : form.intent === "send-again" ? "email" : "status";
  return answer(
    { form: formName, message: outcome.message },
    outcome.reason === "conflict" ? 409 : 400,
  );
}

function FormMessage({ message }: { message?: string }) {
  return message ? <DeskNotice tone="error">{message}</DeskNotice> : null;
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, windows } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const statusErrors = actionData?.form === "status" ? actionData.fieldErrors : undefined;
  // A homeowner's cancellation, new window or photos show without a reload.
  useDeskEvents(true);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <p>
        <Link to="/office" className="text-sm text-brand-700 underline">
          Back to the inbox
        </Link>
      </p>
      <header className="mt-3 border-b border-slate-200 pb-4">
        <p className="text-sm font-semibold text-brand-700">
          {lead.kind === "service-request" ? "Service request" : "Message"} · {lead.officeName}
        </p>
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">
          <bdi>{lead.title}</bdi>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Received {lead.receivedAt} · Status: <strong>{leadStatusLabels[lead.status]}</strong>
        </p>
      </header>

      <div className="mt-8 grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-lg font-bold text-slate-900">
            Details
          </h2>
          <dl className="mt-4 grid gap-3 text-sm">
            {lead.fields.map((field) => (
              <div key={field.label}>
                <dt className="font-semibold text-slate-900">{field.label}</dt>
                <dd className="[overflow-wrap:anywhere] whitespace-pre-wrap text-slate-700">
                  {field.label === "Phone" && field.value ? (
                    <a
                      className="text-brand-700 underline"
                      href={`tel:${field.value.replace(/[^\d+]/g, "")}`}
                    >
                      {field.value}
                    </a>
                  ) : (
                    <bdi>{field.value || "—"}</bdi>
                  )}
                </dd>
              </div>
            ))}
          </dl>
          {lead.photos.length > 0 ? (
            <section aria-labelledby="photos-heading" className="mt-6">
              <h3 id="photos-heading" className="font-semibold text-slate-900">
                Photos from the customer
              </h3>
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                {lead.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                      <img
                        src={photo.url}
                        alt={`Photo ${index + 1} from the customer (${photo.width} × ${photo.height}, ${photo.size})`}
                        width={photo.width}
                        height={photo.height}
                        loading="lazy"
                        className="aspect-square w-full rounded-lg border border-slate-200 object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </section>

        <div className="grid content-start gap-10">
          <section aria-labelledby="status-heading">
            <h2 id="status-heading" className="text-lg font-bold text-slate-900">
              Status
            </h2>
            <Form method="post" className="mt-4 grid gap-4" aria-labelledby="status-heading">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="version" value={lead.version} />
              {actionData?.form === "status" ? <FormMessage message={actionData.message} /> : null}
              <DeskField label="New status" error={statusErrors?.status}>
                {(wiring) => (
                  <DeskSelect {...wiring} name="status" defaultValue="">
                    <option value="" disabled>
                      Choose…
                    </option>
                    {lead.nextStatuses.map((status) => (
                      <option key={status} value={status}>
                        {status === lead.status
                          ? `${leadStatusLabels[status]} (book again)`
                          : leadStatusLabels[status]}
                      </option>
                    ))}
                  </DeskSelect>
                )}
              </DeskField>
              {lead.kind === "service-request" ? (
                <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
                  <legend className="px-1 text-sm font-semibold text-slate-900">
                    The visit (when scheduling)
                  </legend>
                  <DeskField label="Date" error={statusErrors?.scheduledDate}>
                    {(wiring) => (
                      <DeskInput
                        {...wiring}
                        type="date"
                        name="scheduledDate"
                        defaultValue={lead.scheduled.date}
                      />
                    )}
                  </DeskField>
                  <DeskField label="Window" error={statusErrors?.scheduledWindow}>
                    {(wiring) => (
                      <DeskSelect
                        {...wiring}
                        name="scheduledWindow"
                        defaultValue={lead.scheduled.window}
                      >
                        <option value="">Choose…</option>
                        {windows.map((window) => (
                          <option key={window.id} value={window.id}>
                            {window.label}
                          </option>
                        ))}
                      </DeskSelect>
                    )}
                  </DeskField>
                  <DeskField label="Technician" error={statusErrors?.technician}>
                    {(wiring) => (
                      <DeskInput
                        {...wiring}
                        name="technician"
                        defaultValue={lead.scheduled.technician}
                      />
                    )}
                  </DeskField>
                </fieldset>
              ) : null}
              <DeskButton type="submit" disabled={busy}>
                Save status
              </DeskButton>
            </Form>
          </section>

          <section aria-labelledby="note-heading">
            <h2 id="note-heading" className="text-lg font-bold text-slate-900">
              Add a note
            </h2>
            <Form method="post" className="mt-4 grid gap-4" aria-labelledby="note-heading">
              <input type="hidden" name="intent" value="note" />
              <DeskField
                label="Note"
                error={actionData?.form === "note" ? actionData.fieldErrors?.note : undefined}
              >
                {(wiring) => (
                  <textarea
                    {...wiring}
                    name="note"
                    rows={3}
                    className="min-h-24 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:ring-3 focus-visible:ring-brand-400/40 focus-visible:outline-none aria-invalid:border-red-600 sm:text-sm"
                  />
                )}
              </DeskField>
              <DeskButton type="submit" look="outline" disabled={busy}>
                Add note
              </DeskButton>
            </Form>
          </section>
        </div>
      </div>

      <section aria-labelledby="emails-heading" className="mt-10">
        <h2 id="emails-heading" className="text-lg font-bold text-slate-900">
          Emails
        </h2>
        {actionData?.form === "email" ? <FormMessage message={actionData.message} /> : null}
        <ul className="mt-4 grid gap-3 text-sm">
          {lead.emails.map((email) => (
            <li key={email.id} className="rounded-lg border border-slate-200 p-4">
              <p className="font-semibold text-slate-900">
                {email.purpose}: {email.to}
              </p>
              <p className="[overflow-wrap:anywhere] text-slate-700">{email.subject}</p>
              <p className="mt-1 text-slate-700">{email.state}</p>
              {email.lastError ? (
                <p className="mt-1 [overflow-wrap:anywhere] text-red-800">
                  Last error: {email.lastError}
                </p>
              ) : null}
              {email.canSendAgain ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="send-again" />
                  <input type="hidden" name="emailId" value={email.id} />
                  <DeskButton type="submit" look="outline" disabled={busy}>
                    Send again
                  </DeskButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="timeline-heading" className="mt-10">
        <h2 id="timeline-heading" className="text-lg font-bold text-slate-900">
          Timeline
        </h2>
        <ol className="mt-4 grid gap-3 border-l-2 border-slate-200 pl-4 text-sm">
          {lead.timeline.map((event) => (
            <li key={event.id}>
              <p className="text-slate-500">
                {event.at} · {event.who}
              </p>
              <p className="[overflow-wrap:anywhere] whitespace-pre-wrap text-slate-900">
                <bdi>{event.what}</bdi>
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
