import { createContext, data, Link } from "react-router";

import { DeskHeader } from "~/features/desk/desk-header";
import { FilteredPageButton, FilterForm, LeadRow } from "~/features/desk/inbox-parts";
import { useDeskEvents } from "~/features/desk/use-desk-events";
import { deskMeta } from "~/features/desk/headers";
import { leadStatusLabels, leadStatuses } from "~/domain/leads";
import { reviewWords } from "~/domain/reviews";
import { isFiltered, noFilters } from "~/domain/inbox";
import { inboxFiltersSchema, type InboxFilters } from "~/domain/inbox-filters";
import { inboxRowsFrom } from "~/features/desk/inbox-rows.server";
import { stateBySlug } from "~/content/states";

import { signedInOf } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { fieldErrorsOf } from "~/lib/field-errors";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";
import { servicesOf } from "~/services.server";

import { inboxPage } from "../../server/desk/inbox.server";
import { reviewsNeedingAttention as reviewsNeedingAttentionOf } from "../../server/reviews/published-reviews.server";
import type { StaffMember } from "../../server/desk/staff-accounts.server";

import type { Route } from "./+types/office.inbox";

/** The filters' answer: the leads they select, or why they were refused. */
type InboxPageWithCounts = Awaited<ReturnType<typeof inboxPage>>;
type FilterResult = FormResult<
  "filters",
  { filters: InboxFilters; inbox: ReturnType<typeof inboxRowsFrom<InboxPageWithCounts>> }
>;

export function meta() {
  return deskMeta("Inbox");
}

function staffSummary(staff: StaffMember) {
  return {
    name: staff.name,
    role: staff.role,
    offices: staff.offices.map((slug) => ({ slug, name: stateBySlug(slug)?.name ?? slug })),
  };
}

/**
 * Set by the filters' action: the page it answered is the one shown. A form posted without
 * JavaScript is answered in one request, whose loaders run after its action; the unfiltered
 * inbox they would read is not shown (an owner's, over 50,000 leads, cost about 100 ms).
 */
const filtersAnswered = createContext<boolean>(false);

// The unfiltered inbox, page by page (the page number is all its address carries; anything
// but a page number is a 400).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  const parsed = inboxFiltersSchema.safeParse({
    page: new URL(request.url).searchParams.get("page") ?? undefined,
  });
  if (!parsed.success) {
    throw data("No such page", { status: 400 });
  }
  const filters = parsed.data;
  const { db } = servicesOf(context).desk;
  const [inbox, reviewsNeedingAttention] = await Promise.all([
    context.get(filtersAnswered) ? null : inboxPage(db, staff, filters),
    // Owners only (the reviews are theirs): low ratings nobody has handled yet.
    reviewsNeedingAttentionOf(db, staff),
  ]);
  return {
    staff: staffSummary(staff),
    inbox: inbox ? inboxRowsFrom(inbox) : null,
    reviewsNeedingAttention,
  };
}

// Filters and search arrive by POST: a customer's name or phone never goes into an address.
export async function action({ request, context }: Route.ActionArgs) {
  const { staff } = signedInOf(context);
  const answer = (result: FilterResult, status = 200) => data(result, { status });
  const parsed = inboxFiltersSchema.safeParse((await postedForm(request)).fields());
  if (!parsed.success) {
    return answer(
      { form: "filters", status: "invalid", fieldErrors: fieldErrorsOf(parsed.error) },
      400,
    );
  }
  const inbox = inboxRowsFrom(await inboxPage(servicesOf(context).desk.db, staff, parsed.data));
  context.set(filtersAnswered, true);
  return answer({ form: "filters", status: "success", filters: parsed.data, inbox });
}

export default function Inbox({ loaderData, actionData }: Route.ComponentProps) {
  const { staff } = loaderData;
  const filtered = actionData?.status === "success" ? actionData : null;
  // The loader leaves the unfiltered inbox unread only when the filters' action answered.
  const inbox = filtered?.inbox ?? loaderData.inbox;
  if (!inbox) throw new Error("The inbox was neither read nor answered by the filters");
  const filters = filtered?.filters ?? noFilters;
  const arrived = useDeskEvents(!filtered && inbox.page === 1);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <DeskHeader title="Inbox" staff={staff} />
      <p className="mt-4">
        <Link
          to="/office/leads/new"
          className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:ring-3 focus-visible:ring-brand-400/60 focus-visible:outline-none"
        >
          New request
        </Link>
      </p>
      {loaderData.reviewsNeedingAttention > 0 ? (
        <p className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-900">
          <Link to="/office/reviews" className="underline">
            {reviewWords.attention(loaderData.reviewsNeedingAttention)}
          </Link>
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {arrived > 0
          ? `${arrived} new ${arrived === 1 ? "lead" : "leads"} since this page opened`
          : ""}
      </p>
      <FilterForm
        filters={filters}
        fieldErrors={fieldErrorsIn(actionData)}
        staff={staff}
        open={isFiltered(filters) || actionData?.status === "invalid"}
      />
      <ul
        aria-label="Leads per status"
        className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700"
      >
        {leadStatuses.map((status) => (
          <li key={status}>
            {leadStatusLabels[status]}: <strong>{inbox.counts[status]}</strong>
          </li>
        ))}
      </ul>
      {inbox.leads.length === 0 ? (
        <p className="mt-8 text-slate-700">
          {filtered && isFiltered(filters)
            ? "Nothing matches these filters."
            : inbox.page === 1
              ? "No requests or messages yet."
              : "No more leads."}
        </p>
      ) : (
        <>
          <div
            className="mt-6 overflow-x-auto focus-visible:ring-3 focus-visible:ring-brand-400/60 focus-visible:outline-none"
            // The table scrolls sideways on a phone: the keyboard can scroll it too.
            tabIndex={0}
            role="region"
            aria-label="Leads table"
          >
            <table className="block w-full text-left text-sm text-slate-700 md:table md:min-w-[960px]">
              <caption className="sr-only">
                Service requests and messages, newest first (page {inbox.page})
              </caption>
              <thead className="sr-only border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase md:not-sr-only md:table-header-group">
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
              <tbody className="grid gap-3 md:table-row-group md:divide-y md:divide-slate-100">
                {inbox.leads.map((lead) => (
                  <LeadRow key={`${lead.kind}-${lead.id}`} lead={lead} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <nav aria-label="Inbox pages" className="mt-6 flex gap-4 text-sm">
        {filtered ? (
          <>
            {inbox.page > 1 ? (
              <FilteredPageButton filters={filters} page={inbox.page - 1}>
                Newer
              </FilteredPageButton>
            ) : null}
            {inbox.hasNextPage ? (
              <FilteredPageButton filters={filters} page={inbox.page + 1}>
                Older
              </FilteredPageButton>
            ) : null}
          </>
        ) : (
          <>
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
          </>
        )}
      </nav>
    </div>
  );
}
