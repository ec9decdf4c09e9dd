import { Form, Link, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import { CantFixCall } from "~/features/desk/cant-fix-call";
import { CustomerRequestItem } from "~/features/desk/customer-request";
import { BookVisit } from "~/features/desk/confirm-visit";
import { LeadTexts } from "~/features/desk/lead-texts";
import { OfficeWarrantyCallback } from "~/features/desk/office-warranty-callback";
import { LeadLedger } from "~/features/desk/lead-ledger";
import { LeadSource } from "~/features/desk/lead-source";
import { ReturnVisit } from "~/features/desk/return-visit";
import { PrefersSpanishChip } from "~/features/desk/language-chip";
import { SafetyChips } from "~/features/desk/safety-chips";
import { useDeskEvents } from "~/features/desk/use-desk-events";
import { deskMeta } from "~/features/desk/headers";
import { leadStatusLabels } from "~/domain/leads";
import { warrantyCallbackLabel } from "~/domain/warranty";
import { timeSlots } from "~/domain/time-slots";
import type { CustomerView } from "~/domain/lead-view";

import { notFound, signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsIn } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import { leadPageAction } from "../../server/desk/lead-changes.server";
import { leadView } from "../../server/desk/leads.server";

import type { Route } from "./+types/office.lead";
import { VersionField } from "~/features/desk/version-field";

export function meta({ data: loaderData }: Route.MetaArgs) {
  return deskMeta(loaderData ? loaderData.lead.title : "Lead");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, visits } = servicesOf(context).desk;
  const lead = await leadView(db, signedInOf(context).staff, params.id, visits.now());
  if (!lead) notFound();
  return {
    lead,
    windows: timeSlots.map((slot) => ({ id: slot.id, label: `${slot.label} (${slot.window})` })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { desk } = servicesOf(context);
  return leadPageAction(await postedForm(request), desk, signedInOf(context).staff, params.id);
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, windows } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const statusErrors = actionData?.form === "status" ? fieldErrorsIn(actionData) : undefined;
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
        <SafetyChips concerns={lead.safety} /> <PrefersSpanishChip language={lead.language} />
        <p className="mt-1 text-sm text-slate-600">
          Received {lead.receivedAt} · Status:{" "}
          <strong>
            {lead.warrantyCallback ? warrantyCallbackLabel : leadStatusLabels[lead.status]}
          </strong>
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
          {lead.customer ? <CustomerHistory customer={lead.customer} /> : null}
          {lead.earlierVisits.length > 0 ? (
            <section aria-labelledby="earlier-visits-heading" className="mt-6">
              <h3 id="earlier-visits-heading" className="font-semibold text-slate-900">
                Earlier visits
              </h3>
              <ol className="mt-2 grid gap-1 text-sm text-slate-700">
                {lead.earlierVisits.map((visit) => (
                  <li key={visit.number} className="[overflow-wrap:anywhere]">
                    Visit {visit.number}: <bdi>{visit.text}</bdi>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
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
          {lead.cantFixCall ? (
            <CantFixCall
              call={lead.cantFixCall}
              result={actionData?.form === "cant-fix-call" ? actionData : undefined}
              busy={busy}
            />
          ) : null}
          {lead.booking ? (
            <BookVisit
              lead={lead}
              booking={lead.booking}
              windows={windows}
              result={actionData?.form === "confirm" ? actionData : undefined}
              busy={busy}
            />
          ) : null}
          {lead.returnVisit ? (
            <ReturnVisit
              lead={lead}
              returnVisit={lead.returnVisit}
              windows={windows}
              result={actionData?.form === "return" ? actionData : undefined}
              busy={busy}
            />
          ) : null}
          {lead.ledger ? (
            <LeadLedger
              ledger={lead.ledger}
              result={actionData?.form === "refund" ? actionData : undefined}
              busy={busy}
            />
          ) : null}
          {lead.source ? (
            <LeadSource
              lead={lead}
              source={lead.source}
              result={actionData?.form === "source" ? actionData : undefined}
              busy={busy}
            />
          ) : null}
          {lead.warrantyCallbackOffer ? (
            <OfficeWarrantyCallback
              lead={lead}
              offer={lead.warrantyCallbackOffer}
              windows={windows}
              result={actionData?.form === "warranty-callback" ? actionData : undefined}
              busy={busy}
            />
          ) : null}
          <section aria-labelledby="status-heading">
            <h2 id="status-heading" className="text-lg font-bold text-slate-900">
              Status
            </h2>
            <Form method="post" className="mt-4 grid gap-4" aria-labelledby="status-heading">
              <input type="hidden" name="intent" value="status" />
              <VersionField version={lead.version} />
              <ResultNotice result={actionData?.form === "status" ? actionData : undefined} />
              <Field label="New status" error={statusErrors?.status}>
                {(wiring) => (
                  <Select {...wiring} name="status" defaultValue="">
                    <option value="" disabled>
                      Choose…
                    </option>
                    {/* A visit is booked with the booking form above, never from here. */}
                    {lead.nextStatuses
                      .filter((status) => status !== "scheduled")
                      .map((status) => (
                        <option key={status} value={status}>
                          {leadStatusLabels[status]}
                        </option>
                      ))}
                  </Select>
                )}
              </Field>
              <Button type="submit" disabled={busy}>
                Save status
              </Button>
            </Form>
          </section>

          <section aria-labelledby="note-heading">
            <h2 id="note-heading" className="text-lg font-bold text-slate-900">
              Add a note
            </h2>
            <Form method="post" className="mt-4 grid gap-4" aria-labelledby="note-heading">
              <input type="hidden" name="intent" value="note" />
              <Field
                label="Note"
                error={actionData?.form === "note" ? fieldErrorsIn(actionData).note : undefined}
              >
                {(wiring) => (
                  <textarea
                    {...wiring}
                    name="note"
                    rows={3}
                    className="min-h-24 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:ring-3 focus-visible:ring-brand-400/40 focus-visible:outline-none aria-invalid:border-red-600 sm:text-sm"
                  />
                )}
              </Field>
              <Button type="submit" variant="outline" disabled={busy}>
                Add note
              </Button>
            </Form>
          </section>
        </div>
      </div>

      {lead.texts ? (
        <div className="mt-10">
          <LeadTexts
            texts={lead.texts}
            busy={busy}
            result={actionData?.form === "text" ? actionData : undefined}
          />
        </div>
      ) : null}
      <section aria-labelledby="emails-heading" className="mt-10">
        <h2 id="emails-heading" className="text-lg font-bold text-slate-900">
          Emails
        </h2>
        <ResultNotice result={actionData?.form === "email" ? actionData : undefined} />
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
                  <Button type="submit" variant="outline" disabled={busy}>
                    Send again
                  </Button>
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

/** The customer: "Returning customer", since when, their page, and each of their other requests. */
function CustomerHistory({ customer }: { customer: CustomerView }) {
  return (
    <section aria-labelledby="customer-heading" className="mt-6">
      <h3 id="customer-heading" className="font-semibold text-slate-900">
        {customer.returning ? "Returning customer" : "Customer"}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Customer since {customer.since}.{" "}
        <Link to={`/office/customers/${customer.id}`} className="text-brand-700 underline">
          Customer&rsquo;s page
        </Link>
      </p>
      {customer.requests.length > 0 ? (
        <ul className="mt-2 grid gap-2 text-sm text-slate-700">
          {customer.requests.map((request) => (
            <CustomerRequestItem key={request.id} request={request} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
