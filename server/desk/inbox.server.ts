// The inbox's queries (a page, the counts per status, the CSV's rows) over the two lead tables:
// they share the scoping to the person's offices and the filters, which is why they are together.
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { unionAll, type PgColumn } from "drizzle-orm/pg-core";

import { companyProfiles } from "~/content/company";
import { leadStatusLabels, type LeadStatus } from "~/domain/leads";
import { typedReference } from "~/domain/reference";
import type { SafetyConcern } from "~/domain/safety";
import type { InboxLead, InboxPage } from "~/domain/inbox";
import { inboxPageSize } from "~/domain/inbox";
import type { InboxFilters } from "~/domain/inbox-filters";

import type { Database } from "../db/database";
import { contactMessages, requestVisits, serviceRequests } from "../db/schema";
import { currentVisit } from "../requests/request-rows";
import { toCsv } from "./csv";
import { leadOffices, type StaffMember } from "./staff-accounts.server";
import type { StateSlug } from "~/content/states";

/** The most rows one CSV export holds. */
export const maxExportRows = 50_000;

/** `'America/Chicago'` for a Texas lead, and so on: the office's time zone, in SQL. */
function officeTimeZone(office: PgColumn): SQL {
  const cases = companyProfiles.map(
    (profile) => sql`when ${profile.stateSlug} then ${profile.timeZone}`,
  );
  return sql`(case ${office} ${sql.join(cases, sql` `)} else 'America/New_York' end)`;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

interface LeadTable {
  office: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
  searchText: PgColumn;
  /** A service request's short reference ("R-7K3F"): a search for one finds it. */
  reference?: PgColumn;
}

/** Where a table's rows must be to show: the person's offices, then the filters. */
function conditions(
  table: LeadTable,
  staff: StaffMember,
  filters: InboxFilters,
  { withStatus = true } = {},
): SQL | undefined {
  const all: (SQL | undefined)[] = [inArray(table.office, leadOffices(staff))];
  if (filters.office) all.push(eq(table.office, filters.office));
  if (withStatus && filters.status) all.push(eq(table.status, filters.status));
  const day = sql`(${table.createdAt} at time zone ${officeTimeZone(table.office)})::date`;
  if (filters.from) all.push(sql`${day} >= ${filters.from}::date`);
  if (filters.to) all.push(sql`${day} <= ${filters.to}::date`);
  if (filters.search) {
    // Trigram-indexed: name, email and phone digits, lower-cased (migration 0004).
    const term = filters.search.toLowerCase();
    const digits = term.replace(/\D/g, "");
    const reference = typedReference(filters.search);
    all.push(
      or(
        reference && table.reference ? eq(table.reference, reference) : undefined,
        sql`${table.searchText} like ${`%${escapeLike(term)}%`}`,
        // A reference's digits are not a phone number's ("r 7a555" is not a search for "7555").
        !reference && digits.length >= 3 && digits !== term
          ? sql`${table.searchText} like ${`%${digits}%`}`
          : undefined,
      ),
    );
  }
  return and(...all);
}

/**
 * The technician tapped Can't fix and nobody has recorded the call the homeowner's page promises
 * (the lead page's "Record the call" clears it): the lead is flagged, and first. Written as the
 * partial index `request_visits_cant_fix_call_idx` reads it, so that finding them reads no other visit.
 */
const cantFixCallWaiting = sql`${serviceRequests.status} = 'scheduled' and ${requestVisits.fieldStatus} = 'cant-fix' and ${requestVisits.cantFixCallRecordedAt} is null`;
const waitingForPart = sql<boolean>`coalesce(${serviceRequests.status} = 'scheduled' and ${requestVisits.fieldStatus} = 'needs-part', false)`;
const warrantyCallbackOpen = sql<boolean>`coalesce(${requestVisits.warrantyCallback}, false) and ${serviceRequests.status} in ('new', 'contacted', 'scheduled')`;

const requestTable: LeadTable = serviceRequests;
const messageTable: LeadTable = contactMessages;
const messageName = sql<string>`${contactMessages.name} || ' ' || ${contactMessages.lastName}`;

function wants(filters: InboxFilters, kind: InboxLead["kind"]) {
  return filters.kind === "" || filters.kind === kind;
}

/** A lead's row as the inbox lists it, before the flags its visit gives it. */
const requestColumns = {
  id: serviceRequests.id,
  kind: sql<InboxLead["kind"]>`'service-request'`.as("kind"),
  office: serviceRequests.office,
  name: serviceRequests.name,
  phone: serviceRequests.phone,
  topic: serviceRequests.selectedAppliance,
  preferredDate: serviceRequests.preferredDate,
  preferredTime: serviceRequests.preferredTime,
  status: serviceRequests.status,
  safety: serviceRequests.safetyConcerns,
  language: serviceRequests.language,
  flagged: sql<boolean>`cardinality(${serviceRequests.safetyConcerns}) > 0`.as("flagged"),
  createdAt: serviceRequests.createdAt,
};

/**
 * The request's customer asked before, in one of `offices` (spam aside): read for the page's rows
 * only, by the customer's index.
 */
function returningCustomer(offices: readonly StateSlug[]) {
  const officeList = sql.join(
    offices.map((office) => sql`${office}`),
    sql`, `,
  );
  return sql<boolean>`coalesce(exists (select 1 from ${serviceRequests} as "earlier" where "earlier"."customer_id" = ${serviceRequests.customerId} and "earlier"."created_at" < ${serviceRequests.createdAt} and "earlier"."status" <> 'spam' and "earlier"."office" in (${officeList})), false)`;
}

/**
 * A page of the inbox: first the homeowners the office promised to call after Can't fix (whatever
 * the filters ask, within them), then the leads newest first (among the new, a request that
 * mentions a danger first: gas before a slow drain). The Can't fix leads (every office's, a
 * handful, by a partial index) are found first, in a `with` of their own, so that ordering the page
 * joins no other lead's visit and reads the filters once; the flags that come
 * from a visit (waiting for a part, a warranty callback) are read for the page's rows only, in the
 * same statement. The counts per status are read beside it.
 */
export async function inboxPage(
  db: Database,
  staff: StaffMember,
  filters: InboxFilters,
): Promise<InboxPage & { counts: Record<LeadStatus, number> }> {
  const [counts, rows] = await Promise.all([
    statusCounts(db, staff, filters),
    leadOffices(staff).length === 0 ? [] : pageRows(db, staff, filters),
  ]);
  return {
    page: filters.page,
    hasNextPage: rows.length > inboxPageSize,
    leads: rows.slice(0, inboxPageSize).map((row) => ({
      id: row.id,
      kind: row.kind,
      office: row.office,
      name: row.name,
      phone: row.phone,
      topic: row.topic,
      preferredDate: row.preferredDate,
      preferredTime: row.preferredTime,
      status: row.status,
      safety: row.safety,
      language: row.language,
      waitingForPart: row.waitingForPart,
      warrantyCallback: row.warrantyCallback,
      returningCustomer: row.returningCustomer,
      cantFixCall: row.cantFixCall,
      createdAt: new Date(row.createdAt).toISOString(),
    })),
    counts,
  };
}

/** The page's rows and one more (there is a next page), each with its visit's flags. */
function pageRows(db: Database, staff: StaffMember, filters: InboxFilters) {
  const requestConditions = wants(filters, "service-request")
    ? conditions(requestTable, staff, filters)
    : sql`false`;
  const callFirst = db
    .$with("call_first")
    .as(
      db
        .select({ id: serviceRequests.id })
        .from(serviceRequests)
        .innerJoin(requestVisits, currentVisit)
        .where(cantFixCallWaiting),
    );
  const requests = db
    .select({
      ...requestColumns,
      cantFixCall: sql<boolean>`${serviceRequests.id} in (select id from ${callFirst})`.as(
        "cant_fix_call",
      ),
    })
    .from(serviceRequests)
    .where(requestConditions);
  const messages = db
    .select({
      id: contactMessages.id,
      kind: sql<InboxLead["kind"]>`'contact-message'`.as("kind"),
      office: contactMessages.office,
      name: messageName.as("name"),
      phone: contactMessages.phone,
      topic: contactMessages.subject,
      preferredDate: sql<string | null>`null::date`.as("preferred_date"),
      preferredTime: sql<string>`''`.as("preferred_time"),
      status: contactMessages.status,
      safety: sql<SafetyConcern[]>`'{}'::text[]`.as("safety_concerns"),
      language: contactMessages.language,
      flagged: sql<boolean>`false`.as("flagged"),
      createdAt: contactMessages.createdAt,
      cantFixCall: sql<boolean>`false`.as("cant_fix_call"),
    })
    .from(contactMessages)
    .where(
      wants(filters, "contact-message") ? conditions(messageTable, staff, filters) : sql`false`,
    );
  const order = (columns: {
    cantFixCall: unknown;
    flagged: unknown;
    createdAt: unknown;
    id: unknown;
  }) => [
    sql`${columns.cantFixCall} desc`,
    ...(filters.status === "new" ? [sql`${columns.flagged} desc`] : []),
    sql`${columns.createdAt} desc`,
    sql`${columns.id} desc`,
  ];
  const page = db.$with("page").as(
    unionAll(requests, messages)
      .orderBy(
        ...order({
          cantFixCall: sql`cant_fix_call`,
          flagged: sql`flagged`,
          createdAt: sql`created_at`,
          id: sql`id`,
        }),
      )
      .limit(inboxPageSize + 1)
      .offset((filters.page - 1) * inboxPageSize),
  );
  return db
    .with(callFirst, page)
    .select({
      id: page.id,
      kind: page.kind,
      office: page.office,
      name: page.name,
      phone: page.phone,
      topic: page.topic,
      preferredDate: page.preferredDate,
      preferredTime: page.preferredTime,
      status: page.status,
      safety: page.safety,
      language: page.language,
      createdAt: page.createdAt,
      cantFixCall: page.cantFixCall,
      waitingForPart: waitingForPart.as("waiting_for_part"),
      warrantyCallback: warrantyCallbackOpen.as("warranty_callback"),
      returningCustomer: returningCustomer(leadOffices(staff)).as("returning_customer"),
    })
    .from(page)
    .leftJoin(
      serviceRequests,
      and(eq(page.kind, "service-request"), eq(serviceRequests.id, page.id)),
    )
    .leftJoin(requestVisits, currentVisit)
    .orderBy(...order(page));
}

/** How many leads of each status the filters find, whatever status they ask for. */
async function statusCounts(
  db: Database,
  staff: StaffMember,
  filters: InboxFilters,
): Promise<Record<LeadStatus, number>> {
  const counts: Record<LeadStatus, number> = {
    new: 0,
    contacted: 0,
    scheduled: 0,
    completed: 0,
    cancelled: 0,
    spam: 0,
  };
  if (leadOffices(staff).length === 0) return counts;
  const requests = db
    .select({ status: serviceRequests.status, total: sql<number>`count(*)::int`.as("total") })
    .from(serviceRequests)
    .where(
      wants(filters, "service-request")
        ? conditions(requestTable, staff, filters, { withStatus: false })
        : sql`false`,
    )
    .groupBy(serviceRequests.status);
  const messages = db
    .select({ status: contactMessages.status, total: sql<number>`count(*)::int`.as("total") })
    .from(contactMessages)
    .where(
      wants(filters, "contact-message")
        ? conditions(messageTable, staff, filters, { withStatus: false })
        : sql`false`,
    )
    .groupBy(contactMessages.status);
  for (const row of await unionAll(requests, messages)) {
    counts[row.status] += Number(row.total);
  }
  return counts;
}

export interface ExportRow {
  createdAt: Date;
  kind: InboxLead["kind"];
  status: LeadStatus;
  office: StateSlug;
  name: string;
  email: string;
  phone: string;
  topic: string;
  preferredDate: string | null;
  preferredTime: string;
  address: string;
  zipCode: string;
  details: string;
}

/** Every lead the filters find (up to `maxExportRows`), newest first, for the CSV. */
export async function exportRows(
  db: Database,
  staff: StaffMember,
  filters: InboxFilters,
): Promise<ExportRow[]> {
  if (leadOffices(staff).length === 0) return [];
  const requests = db
    .select({
      createdAt: serviceRequests.createdAt,
      kind: sql<InboxLead["kind"]>`'service-request'`.as("kind"),
      status: serviceRequests.status,
      office: serviceRequests.office,
      name: serviceRequests.name,
      email: serviceRequests.email,
      phone: serviceRequests.phone,
      topic: serviceRequests.selectedAppliance,
      preferredDate: serviceRequests.preferredDate,
      preferredTime: serviceRequests.preferredTime,
      address: serviceRequests.address,
      zipCode: serviceRequests.zipCode,
      details: serviceRequests.description,
    })
    .from(serviceRequests)
    .where(
      wants(filters, "service-request") ? conditions(requestTable, staff, filters) : sql`false`,
    );
  const messages = db
    .select({
      createdAt: contactMessages.createdAt,
      kind: sql<InboxLead["kind"]>`'contact-message'`.as("kind"),
      status: contactMessages.status,
      office: contactMessages.office,
      name: messageName.as("name"),
      email: contactMessages.email,
      phone: contactMessages.phone,
      topic: contactMessages.subject,
      preferredDate: sql<string | null>`null::date`.as("preferred_date"),
      preferredTime: sql<string>`''`.as("preferred_time"),
      address: sql<string>`''`.as("address"),
      zipCode: sql<string>`''`.as("zip_code"),
      details: contactMessages.message,
    })
    .from(contactMessages)
    .where(
      wants(filters, "contact-message") ? conditions(messageTable, staff, filters) : sql`false`,
    );
  const rows = await unionAll(requests, messages)
    .orderBy(sql`created_at desc`)
    .limit(maxExportRows);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/** Every lead the filters find, as CSV a spreadsheet opens safely. */
export async function leadsCsv(
  db: Database,
  staff: StaffMember,
  filters: InboxFilters,
): Promise<string> {
  const rows = await exportRows(db, staff, filters);
  return toCsv(
    [
      "Received (UTC)",
      "Type",
      "Status",
      "Office",
      "Name",
      "Email",
      "Phone",
      "Appliance or subject",
      "Requested date",
      "Requested window",
      "Address",
      "ZIP code",
      "Problem or message",
    ],
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.kind === "service-request" ? "Service request" : "Message",
      leadStatusLabels[row.status],
      row.office,
      row.name,
      row.email,
      row.phone,
      row.topic,
      row.preferredDate ?? "",
      row.preferredTime,
      row.address,
      row.zipCode,
      row.details,
    ]),
  );
}
