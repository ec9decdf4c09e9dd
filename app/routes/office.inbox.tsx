import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useRevalidator } from "react-router";

import { DeskButton } from "~/features/desk/desk-controls";
import { deskHandle, deskHeaders, deskMeta, withDeskHeaders } from "~/features/desk/headers";
import { leadStatusLabels, type InboxRow } from "~/features/desk/inbox";
import { inboxRowsFrom } from "~/features/desk/inbox-rows.server";

import type { Route } from "./+types/office.inbox";

export const handle = deskHandle;
export const headers = deskHeaders;

export function meta() {
  return deskMeta("Inbox");
}

const maxPage = 10_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await context.desk.signedIn(request);
  if (!signedIn) throw redirect("/office/sign-in", { headers: withDeskHeaders(new Headers()) });
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, maxPage) : 1;
  const { staff } = signedIn;
  return data(
    {
      staff: { name: staff.name, email: staff.email, role: staff.role, offices: staff.offices },
      inbox: inboxRowsFrom(await context.desk.inbox(staff, { page })),
    },
    { headers: signedIn.headers },
  );
}

function LeadRow({ lead }: { lead: InboxRow }) {
  return (
    <tr className="align-top">
      <td className="py-3 pr-4 whitespace-nowrap">
        {lead.receivedAt} <span className="text-slate-500">{lead.timeZoneLabel}</span>
      </td>
      <td className="py-3 pr-4">
        {lead.kind === "service-request" ? "Service request" : "Message"}
      </td>
      <td className="py-3 pr-4 font-medium [overflow-wrap:anywhere] text-slate-900">
        <Link className="text-brand-700 underline" to={`/office/leads/${lead.id}`}>
          {lead.name}
        </Link>
      </td>
      <td className="py-3 pr-4 whitespace-nowrap">
        <a className="text-brand-700 underline" href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}>
          {lead.phone}
        </a>
      </td>
      <td className="py-3 pr-4 [overflow-wrap:anywhere]">{lead.topic}</td>
      <td className="py-3 pr-4">{lead.requestedVisit}</td>
      <td className="py-3 pr-4">{leadStatusLabels[lead.status]}</td>
      <td className="py-3">{lead.officeName}</td>
    </tr>
  );
}

/**
 * While the first page is open, new leads of the person's offices are added as they arrive: the
 * server says "lead" on a Server-Sent Events stream and the page reloads its list.
 */
function useNewLeads(enabled: boolean) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const [arrived, setArrived] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource("/office/events");
    source.addEventListener("lead", () => {
      setArrived((count) => count + 1);
      void revalidate.current();
    });
    return () => source.close();
  }, [enabled]);
  return arrived;
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { staff, inbox } = loaderData;
  const arrived = useNewLeads(inbox.page === 1);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <div>
          <p className="text-sm font-semibold text-brand-700">Office desk</p>
          <h1 className="text-2xl font-bold text-slate-900">Inbox</h1>
        </div>
        <div className="flex items-center gap-4 text-sm text-slate-700">
          <span>
            {staff.name} ({staff.role === "owner" ? "Owner" : "Dispatcher"})
          </span>
          <Form method="post" action="/office/sign-out">
            <DeskButton type="submit" look="outline">
              Sign out
            </DeskButton>
          </Form>
        </div>
      </header>
      <p className="sr-only" aria-live="polite">
        {arrived > 0
          ? `${arrived} new ${arrived === 1 ? "lead" : "leads"} since this page opened`
          : ""}
      </p>
      {inbox.leads.length === 0 ? (
        <p className="mt-8 text-slate-700">
          {inbox.page === 1 ? "No requests or messages yet." : "No more leads."}
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full min-w-[960px] text-left text-sm text-slate-700">
            <caption className="sr-only">
              Service requests and messages, newest first (page {inbox.page})
            </caption>
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Received
                </th>
                <th scope="col" className="py-2 pr-4">
                  Type
                </th>
                <th scope="col" className="py-2 pr-4">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4">
                  Phone
                </th>
                <th scope="col" className="py-2 pr-4">
                  Appliance or subject
                </th>
                <th scope="col" className="py-2 pr-4">
                  Requested visit
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2">
                  Office
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {inbox.leads.map((lead) => (
                <LeadRow key={`${lead.kind}-${lead.id}`} lead={lead} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Inbox pages" className="mt-6 flex gap-4 text-sm">
        {inbox.page > 1 ? (
          <Link className="text-brand-700 underline" to={`/office?page=${inbox.page - 1}`}>
            Newer
          </Link>
        ) : null}
        {inbox.hasNextPage ? (
          <Link className="text-brand-700 underline" to={`/office?page=${inbox.page + 1}`}>
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
