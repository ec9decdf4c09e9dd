import { Form, Link } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { leadStatusLabels, leadStatuses } from "~/domain/leads";
import type { InboxRow } from "~/domain/inbox";
import { warrantyCallbackLabel } from "~/domain/warranty";
import type { InboxFilters } from "~/domain/inbox-filters";
import type { FieldErrors } from "~/lib/form-result";
import { cn } from "~/lib/utils";

import { CantFixCallChip } from "./cant-fix-call";
import { PrefersSpanishChip } from "./language-chip";
import { SafetyChips } from "./safety-chips";

/*
 * The inbox's parts (routes/office.inbox.tsx): a lead's row, the filters and search (a plain
 * form post: a customer's name or phone never goes into an address), the filtered pages' buttons.
 */

/**
 * A lead's row. On a phone the table is drawn as cards (each row a card, each cell a line, the
 * phone a Call button); it stays a table for every reader and at every width.
 */
export function LeadRow({ lead }: { lead: InboxRow }) {
  return (
    <tr className="grid gap-1 rounded-lg border border-slate-200 p-4 align-top md:table-row md:rounded-none md:border-0 md:p-0">
      <td className="order-3 md:py-3 md:pr-4 md:whitespace-nowrap">
        {lead.receivedAt} <span className="text-slate-500">{lead.timeZoneLabel}</span>
      </td>
      <td className="order-2 md:py-3 md:pr-4">
        {lead.kind === "service-request" ? "Service request" : "Message"}
      </td>
      <td className="order-1 text-base font-medium [overflow-wrap:anywhere] text-slate-900 md:py-3 md:pr-4 md:text-sm">
        <Link className="text-brand-700 underline" to={`/office/leads/${lead.id}`}>
          <bdi>{lead.name}</bdi>
        </Link>{" "}
        {lead.cantFixCall ? <CantFixCallChip /> : null} <SafetyChips concerns={lead.safety} />{" "}
        <PrefersSpanishChip language={lead.language} />
      </td>
      <td className="order-7 pt-2 md:py-3 md:pr-4 md:whitespace-nowrap">
        {lead.phone ? (
          <a
            className={cn(
              buttonVariants({ variant: "outline" }),
              "h-11 md:h-auto md:border-0 md:bg-transparent md:p-0 md:font-normal md:text-brand-700 md:underline md:shadow-none",
            )}
            href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}
          >
            <span className="md:hidden">Call</span> {lead.phone}
          </a>
        ) : (
          "—"
        )}
      </td>
      <td className="order-2 [overflow-wrap:anywhere] md:py-3 md:pr-4">
        <bdi>{lead.topic}</bdi>
      </td>
      <td className="order-4 md:py-3 md:pr-4">{lead.requestedVisit}</td>
      <td className="order-5 md:py-3 md:pr-4">
        {lead.warrantyCallback ? (
          <span className="inline-block rounded bg-violet-100 px-1.5 text-xs font-semibold text-violet-950">
            {warrantyCallbackLabel}
          </span>
        ) : (
          leadStatusLabels[lead.status]
        )}
        {lead.returningCustomer ? (
          <span className="ml-1 inline-block rounded bg-sky-100 px-1.5 text-xs font-semibold text-sky-950">
            Returning customer
          </span>
        ) : null}
        {lead.waitingForPart ? (
          <span className="ml-1 inline-block rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-950">
            Waiting for a part
          </span>
        ) : null}
      </td>
      <td className="order-6 md:py-3">{lead.officeName}</td>
    </tr>
  );
}

export interface StaffSummary {
  offices: { slug: string; name: string }[];
}

/**
 * The filters and search. A plain form post (a full page, with or without JavaScript): its
 * second button downloads the same selection as CSV.
 */
export function FilterForm({
  filters,
  fieldErrors,
  staff,
  open,
}: {
  filters: InboxFilters;
  fieldErrors: FieldErrors;
  staff: StaffSummary;
  /** Unfolded on a phone too (filters in use, or a message about them). */
  open: boolean;
}) {
  return (
    <div className="mt-6">
      {/* On a phone the filters fold away behind a toggle (a checkbox: no script needed). */}
      <input
        id="show-filters"
        type="checkbox"
        defaultChecked={open}
        className="peer sr-only md:hidden"
      />
      <label
        htmlFor="show-filters"
        className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 peer-focus-visible:ring-3 peer-focus-visible:ring-brand-400/60 md:hidden"
      >
        Filters and search
      </label>
      <Form
        method="post"
        reloadDocument
        aria-labelledby="filters-heading"
        className="mt-3 hidden gap-4 rounded-lg border border-slate-200 p-4 peer-checked:grid sm:grid-cols-2 md:mt-0 md:grid lg:grid-cols-6"
      >
        <h2 id="filters-heading" className="sr-only">
          Filters and search
        </h2>
        <Field label="Status">
          {(wiring) => (
            <Select {...wiring} name="status" defaultValue={filters.status}>
              <option value="">Any status</option>
              {leadStatuses.map((status) => (
                <option key={status} value={status}>
                  {leadStatusLabels[status]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Type">
          {(wiring) => (
            <Select {...wiring} name="kind" defaultValue={filters.kind}>
              <option value="">Requests and messages</option>
              <option value="service-request">Service requests</option>
              <option value="contact-message">Messages</option>
            </Select>
          )}
        </Field>
        <Field label="Office">
          {(wiring) => (
            <Select {...wiring} name="office" defaultValue={filters.office}>
              <option value="">Every office</option>
              {staff.offices.map((office) => (
                <option key={office.slug} value={office.slug}>
                  {office.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Received from" error={fieldErrors.from}>
          {(wiring) => <Input {...wiring} type="date" name="from" defaultValue={filters.from} />}
        </Field>
        <Field label="Received until" error={fieldErrors.to}>
          {(wiring) => <Input {...wiring} type="date" name="to" defaultValue={filters.to} />}
        </Field>
        <Field label="Name, phone or email" error={fieldErrors.search}>
          {(wiring) => (
            <Input {...wiring} type="search" name="search" defaultValue={filters.search} />
          )}
        </Field>
        <div className="flex flex-wrap gap-3 sm:col-span-2 lg:col-span-6">
          <Button type="submit">Apply</Button>
          <Button type="submit" variant="outline" formAction="/office/export">
            Download CSV
          </Button>
          <Link
            to="/office"
            reloadDocument
            className="self-center text-sm text-brand-700 underline"
          >
            Clear
          </Link>
        </div>
      </Form>
    </div>
  );
}

/** The filtered results' pages: the filters travel again in the body. */
export function FilteredPageButton({
  filters,
  page,
  children,
}: {
  filters: InboxFilters;
  page: number;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" reloadDocument>
      {Object.entries({ ...filters, page }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      <Button type="submit" variant="outline">
        {children}
      </Button>
    </Form>
  );
}
