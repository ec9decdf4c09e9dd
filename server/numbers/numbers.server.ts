/**
 * The owner's numbers (`/office/numbers`): where the work comes from, counted over a date range
 * against the range before it, for the owner's offices or one of them. Every count is defined in
 * app/domain/numbers.ts, in the words the page prints under it; the queries below are those
 * definitions, one request per row, so that a request is never counted twice.
 */
import { sql } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { stateBySlug, type StateSlug } from "~/content/states";
import { paymentMethodLabels, type PaymentMethod } from "~/domain/after-the-job";
import {
  percentOf,
  profileLinksOf,
  unknownSourceLabel,
  type MoneyView,
  type NumbersRange,
  type NumbersView,
  type SourceRow,
  type SourceTotals,
} from "~/domain/numbers";
import { requestSources, sourceText, type RequestSource } from "~/domain/phone-booking";
import { isValidIsoDate } from "~/domain/service-request";
import { isoDateIn } from "~/lib/dates";

import type { Database } from "../db/database";
import { leadOffices, type StaffMember } from "../desk/staff-accounts.server";
import { netPaid } from "../requests/ledger";
import { repairSettled } from "../requests/request-rows";
import { addDays } from "../requests/windows";
import { clickConversionsOf } from "./conversions.server";
import { spendBySource, spendEntriesOf } from "./spend.server";
import { speedOf } from "./speed.server";
import { techniciansOf } from "./technicians.server";
import {
  csvOf,
  daysBetween,
  dollars,
  officeDayOf,
  officeList,
  rowsOf,
  withinRange,
} from "./queries";

/** The longest range the page counts at once: a year (and a day, for a leap year). */
const maxRangeDays = 366;
const defaultRangeDays = 30;

export type NumbersChoice =
  | {
      ok: true;
      range: NumbersRange;
      previous: NumbersRange;
      offices: StateSlug[];
      office: StateSlug | null;
    }
  | { ok: false; message: string };

/**
 * The range and office the page's form asked for (`from`, `to`, `office`), or what is wrong with
 * them. No range: the last 30 days, today included (in the first office's time zone).
 */
export function numbersChoiceOf(
  params: URLSearchParams,
  staff: Pick<StaffMember, "role" | "offices">,
  now: Date,
): NumbersChoice {
  const mine = leadOffices(staff);
  const officeParam = params.get("office") ?? "";
  if (officeParam !== "" && !mine.includes(officeParam as StateSlug)) {
    return { ok: false, message: "Choose one of your offices, or all of them." };
  }
  const office = officeParam === "" ? null : (officeParam as StateSlug);
  const offices = office ? [office] : mine;
  const today = isoDateIn(now, profileForState(offices[0] ?? "texas").timeZone);
  const to = params.get("to") || today;
  const from = params.get("from") || addDays(to, -(defaultRangeDays - 1));
  for (const [name, value] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (!isValidIsoDate(value)) {
      return {
        ok: false,
        message: `The ${name === "from" ? "first" : "last"} day is not a date: use the calendar, or write it like 2026-11-29.`,
      };
    }
  }
  if (from < "2000-01-01" || to > "2100-12-31") {
    return { ok: false, message: "Count days between the years 2000 and 2100." };
  }
  if (from > to) return { ok: false, message: "The first day comes after the last day." };
  const days = daysBetween(from, to) + 1;
  if (days > maxRangeDays) {
    return { ok: false, message: `Count at most ${maxRangeDays} days at once.` };
  }
  const previous = { from: addDays(from, -days), to: addDays(from, -1) };
  return { ok: true, range: { from, to }, previous, offices, office };
}

interface SourceCount {
  source: RequestSource | null;
  detail: string | null;
  /** Taken by phone: a caller who said "your website" is no unknown. */
  byPhone: boolean;
  /** The revenue of the paid leads alone (the average ticket's). */
  paidRevenue: number;
  leads: number;
  booked: number;
  completed: number;
  paid: number;
  revenue: number;
  cancelled: number;
}

/**
 * Each source's counts over `range` and over `previous` (the days just before it) in `offices`
 * (see `sourceDefinitions`): one read of both, as the requests of either are one span of days.
 */
async function sourceCounts(
  db: Database,
  offices: readonly StateSlug[],
  range: NumbersRange,
  previous: NumbersRange,
): Promise<{ current: SourceCount[]; previous: SourceCount[] }> {
  if (offices.length === 0) return { current: [], previous: [] };
  const result = await db.execute(sql`
    with leads as (
      select sr.id,
        ${officeDayOf(sql`sr.created_at`, offices)} >= ${range.from}::date as in_range,
        sr.source,
        sr.taken_by_id is not null as by_phone,
        case when sr.source in ('other', 'referral-site') then sr.source_detail end as detail,
        sr.status,
        exists (select 1 from request_visits v where v.request_id = sr.id and v.date is not null) as booked,
        exists (select 1 from request_visits v where v.request_id = sr.id and v.field_status = 'done') as completed,
        -- Settled (more than nothing: the count asks the revenue too).
        exists (
          select 1 from payments p
          where p.request_id = sr.id and p.settles and p.state in ('paid', 'refunded')
        ) as paid,
        ${netPaid(sql`p.request_id = sr.id`)} as revenue
      from service_requests sr
      where sr.office in (${officeList(offices)})
        and sr.status <> 'spam'
        and ${withinRange(sql`sr.created_at`, offices, { from: previous.from, to: range.to })}
    )
    select in_range, source, detail, by_phone,
      count(*)::int as leads,
      (count(*) filter (where booked))::int as booked,
      (count(*) filter (where completed))::int as completed,
      -- Paid: a job paid more than nothing, and not all of it given back.
      (count(*) filter (where paid and revenue > 0))::int as paid,
      coalesce(sum(revenue), 0)::bigint as revenue,
      coalesce(sum(revenue) filter (where paid and revenue > 0), 0)::bigint as paid_revenue,
      (count(*) filter (where status = 'cancelled'))::int as cancelled
    from leads
    group by in_range, source, detail, by_phone
  `);
  const counts = rowsOf(result).map((row) => ({
    inRange: row.in_range === true,
    source: (row.source as RequestSource | null) ?? null,
    detail: (row.detail as string | null) ?? null,
    byPhone: row.by_phone === true,
    paidRevenue: Number(row.paid_revenue),
    leads: Number(row.leads),
    booked: Number(row.booked),
    completed: Number(row.completed),
    paid: Number(row.paid),
    revenue: Number(row.revenue),
    cancelled: Number(row.cancelled),
  }));
  return {
    current: counts.filter((count) => count.inRange),
    previous: counts.filter((count) => !count.inRange),
  };
}

/** The website reached directly (and requests from before sources were kept): unknown. */
function isUnknown(count: Pick<SourceCount, "source" | "byPhone">): boolean {
  return !count.byPhone && (count.source === null || count.source === "website");
}

function totalsOf(counts: readonly SourceCount[]): SourceTotals {
  return counts.reduce(
    (total, count) => ({
      leads: total.leads + count.leads,
      paid: total.paid + count.paid,
      revenueCents: total.revenueCents + count.revenue,
      unknown: total.unknown + (isUnknown(count) ? count.leads : 0),
    }),
    { leads: 0, paid: 0, revenueCents: 0, unknown: 0 },
  );
}

function emptySourceRow(source: string, key: SourceRow["key"]): SourceRow {
  return {
    source,
    key,
    leads: 0,
    booked: 0,
    completed: 0,
    paid: 0,
    revenueCents: 0,
    averageTicketCents: null,
    cancelled: 0,
    paidRevenueCents: 0,
    spendCents: null,
    costPerPaidJobCents: null,
  };
}

function sourceRowsOf(
  counts: readonly SourceCount[],
  spent: ReadonlyMap<RequestSource, number>,
): SourceRow[] {
  // The unknown requests are one row, whatever their column says.
  const merged = new Map<string, SourceRow>();
  for (const count of counts) {
    const unknown = isUnknown(count);
    const key = {
      source: unknown ? ("website" as const) : (count.source ?? "website"),
      detail: unknown ? null : count.detail,
    };
    const label = unknown ? unknownSourceLabel : sourceText(key.source, key.detail);
    const row = merged.get(label) ?? emptySourceRow(label, key);
    row.leads += count.leads;
    row.booked += count.booked;
    row.completed += count.completed;
    row.paid += count.paid;
    row.revenueCents += count.revenue;
    row.paidRevenueCents += count.paidRevenue;
    row.cancelled += count.cancelled;
    merged.set(label, row);
  }
  // A source money went to with no lead in the range still has its row: spent, nothing back.
  for (const source of spent.keys()) {
    const label = sourceText(source, null);
    if (merged.has(label)) continue;
    merged.set(label, emptySourceRow(label, { source, detail: null }));
  }
  const order = (row: SourceRow) => requestSources.indexOf(row.key.source);
  return [...merged.values()]
    .map((row) => {
      const spend = row.source === unknownSourceLabel ? undefined : spent.get(row.key.source);
      const spendCents = spend === undefined || row.key.detail !== null ? null : Math.round(spend);
      return {
        ...row,
        averageTicketCents: row.paid > 0 ? Math.round(row.paidRevenueCents / row.paid) : null,
        spendCents,
        costPerPaidJobCents:
          spendCents !== null && row.paid > 0 ? Math.round(spendCents / row.paid) : null,
      };
    })
    .sort(
      (a, b) =>
        b.leads - a.leads ||
        b.revenueCents - a.revenueCents ||
        order(a) - order(b) ||
        a.source.localeCompare(b.source),
    );
}

/** The Money table (see `moneyDefinitions`): received by method in `range`; balances and deposits today. */
async function moneyOf(
  db: Database,
  offices: readonly StateSlug[],
  range: NumbersRange,
  now: Date,
): Promise<MoneyView> {
  const empty: MoneyView = {
    byMethod: [],
    openBalances: ageBuckets.map(({ label }) => ({ label, requests: 0, cents: 0 })),
    depositsHeld: { requests: 0, cents: 0 },
  };
  if (offices.length === 0) return empty;
  const [methods, balances, deposits] = await Promise.all([
    db.execute(sql`
      select p.method,
        (count(*) filter (where p.kind <> 'refund' and p.amount_cents > 0))::int as payments,
        coalesce(sum(p.amount_cents) filter (where p.kind <> 'refund'), 0)::bigint as received,
        coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0)::bigint as refunded
      from payments p
      join service_requests sr on sr.id = p.request_id
      where sr.office in (${officeList(offices)})
        and ((p.kind <> 'refund' and p.state in ('paid', 'refunded')) or (p.kind = 'refund' and p.state = 'paid'))
        and ${withinRange(sql`p.settled_at`, offices, range)}
      group by p.method
    `),
    db.execute(sql`
      select sr.office, v.done_at, v.amount_charged_cents as charge,
        ${netPaid(sql`p.request_id = sr.id and p.job_number = sr.job_number and p.payment_for = 'repair'`)} as paid
      from service_requests sr
      join request_visits v on v.request_id = sr.id and v.number = sr.visit_number
      where sr.office in (${officeList(offices)})
        and sr.erased_at is null
        and sr.status = 'completed'
        and v.field_status = 'done'
        and v.amount_charged_cents > 0
        and not ${repairSettled(sql`sr.id`, sql`sr.job_number`)}
    `),
    db.execute(sql`
      select p.request_id, p.id, p.kind, p.state, p.amount_cents, p.refund_of
      from payments p
      join service_requests sr on sr.id = p.request_id and p.job_number = sr.job_number
      join request_visits v on v.request_id = sr.id and v.number = sr.visit_number
      where sr.office in (${officeList(offices)})
        and sr.status = 'scheduled'
        and (v.field_status is null or v.field_status <> 'done')
        and not ${repairSettled(sql`sr.id`, sql`sr.job_number`)}
        and p.kind in ('deposit', 'refund')
    `),
  ]);
  const byMethod = rowsOf(methods)
    .map((row) => ({
      method: paymentMethodLabels[row.method as PaymentMethod] ?? String(row.method),
      payments: Number(row.payments),
      receivedCents: Number(row.received),
      refundedCents: Number(row.refunded),
    }))
    .sort((a, b) => b.receivedCents - a.receivedCents || a.method.localeCompare(b.method));
  const openBalances = ageBuckets.map(({ label }) => ({ label, requests: 0, cents: 0 }));
  for (const row of rowsOf(balances)) {
    const owed = Number(row.charge) - Number(row.paid);
    if (owed <= 0 || !row.done_at) continue;
    const office = profileForState(row.office as StateSlug);
    const age = daysBetween(
      isoDateIn(new Date(row.done_at as string), office.timeZone),
      isoDateIn(now, office.timeZone),
    );
    const bucket = openBalances[ageBuckets.findIndex((candidate) => age <= candidate.maxDays)]!;
    bucket.requests += 1;
    bucket.cents += owed;
  }
  const held = new Map<string, number>();
  const ledgerRows = rowsOf(deposits);
  const depositIds = new Set(
    ledgerRows.filter((row) => row.kind === "deposit").map((row) => row.id),
  );
  for (const row of ledgerRows) {
    const effect =
      row.kind === "deposit"
        ? row.state === "paid" || row.state === "refunded"
          ? Number(row.amount_cents)
          : 0
        : row.state === "paid" && depositIds.has(row.refund_of)
          ? -Number(row.amount_cents)
          : 0;
    held.set(row.request_id as string, (held.get(row.request_id as string) ?? 0) + effect);
  }
  const heldCents = [...held.values()].filter((cents) => cents > 0);
  return {
    byMethod,
    openBalances,
    depositsHeld: {
      requests: heldCents.length,
      cents: heldCents.reduce((sum, cents) => sum + cents, 0),
    },
  };
}

const ageBuckets = [
  { label: "0-7 days", maxDays: 7 },
  { label: "8-30 days", maxDays: 30 },
  { label: "31 days and more", maxDays: Number.POSITIVE_INFINITY },
] as const;

/** The page's numbers for a valid choice; `siteUrl` is the site its links are on. */
export async function ownerNumbers(
  db: Database,
  staff: Pick<StaffMember, "role" | "offices">,
  choice: Extract<NumbersChoice, { ok: true }>,
  now: Date,
  siteUrl: string,
): Promise<NumbersView> {
  const [{ current, previous }, money, speed, technicians, conversions, spend] = await Promise.all([
    sourceCounts(db, choice.offices, choice.range, choice.previous),
    moneyOf(db, choice.offices, choice.range, now),
    speedOf(db, choice.offices, choice.range),
    techniciansOf(db, choice.offices, choice.range),
    clickConversionsOf(db, choice.offices, choice.range),
    spendEntriesOf(db, choice.offices, choice.range),
  ]);
  return {
    range: choice.range,
    previous: choice.previous,
    office: choice.office,
    offices: leadOffices(staff).map((slug) => ({ slug, name: stateBySlug(slug)?.name ?? slug })),
    sources: sourceRowsOf(current, spendBySource(spend, choice.range)),
    totals: { current: totalsOf(current), previous: totalsOf(previous) },
    money,
    speed,
    spend,
    technicians,
    profileLinks: choice.offices.map((slug) =>
      profileLinksOf(siteUrl, { slug, name: stateBySlug(slug)?.name ?? slug }),
    ),
    clickConversions: conversions.length,
  };
}

/** The Technicians table as CSV: the page's columns, each rate with what it is of. */
export function techniciansCsv(view: NumbersView): string {
  return csvOf([
    [
      "Technician",
      "Completed visits",
      "Paid revenue ($)",
      "Average ticket ($)",
      "Estimates approved",
      "Estimates answered",
      "Estimate approval",
      "First visits fixed",
      "First visits",
      "First-visit fix",
      "Callbacks",
      "Repairs",
      "Callback rate",
      "Reviews",
      "Repairs done",
      "Review rate",
      "Average rating",
      "Median minutes Done to paid",
    ],
    ...view.technicians.map((row) => [
      row.technician,
      row.completed,
      dollars(row.revenueCents),
      dollars(row.averageTicketCents),
      row.estimates.approved,
      row.estimates.decided,
      percentOf(row.estimates.approved, row.estimates.decided),
      row.firstVisitFix.fixed,
      row.firstVisitFix.of,
      percentOf(row.firstVisitFix.fixed, row.firstVisitFix.of),
      row.callbacks.callbacks,
      row.callbacks.of,
      percentOf(row.callbacks.callbacks, row.callbacks.of),
      row.reviews.reviews,
      row.reviews.of,
      percentOf(row.reviews.reviews, row.reviews.of),
      row.reviews.averageRating === null ? null : row.reviews.averageRating.toFixed(1),
      row.medianDoneToPaidMinutes,
    ]),
  ]);
}

/** The Speed table as CSV: each office's row, then all of them together. */
export function speedCsv(view: NumbersView): string {
  return csvOf([
    ["Office", "Web requests", "Acted on", "Median minutes to first action", "Still waiting"],
    ...view.speed.map((row) => [
      row.office,
      row.requests,
      row.answered,
      row.medianMinutes,
      row.waiting,
    ]),
  ]);
}

/** The Sources table as CSV: the page's columns, money in dollars with cents. */
export function sourcesCsv(view: NumbersView): string {
  const header = [
    "Source",
    "Leads",
    "Booked",
    "Completed",
    "Paid",
    "Paid revenue ($)",
    "Average ticket ($)",
    "Cancelled",
    "Spend ($)",
    "Cost per paid job ($)",
  ];
  const lines = view.sources.map((row) => [
    row.source,
    row.leads,
    row.booked,
    row.completed,
    row.paid,
    dollars(row.revenueCents),
    dollars(row.averageTicketCents),
    row.cancelled,
    dollars(row.spendCents),
    dollars(row.costPerPaidJobCents),
  ]);
  return csvOf([header, ...lines]);
}

/** The Money table as CSV: each method's payments, then today's open balances and deposits held. */
export function moneyCsv(view: NumbersView): string {
  const { money } = view;
  const lines: (string | number | null)[][] = [
    ["Method", "Payments", "Received ($)", "Refunded ($)", "Net ($)"],
    ...money.byMethod.map((row) => [
      row.method,
      row.payments,
      dollars(row.receivedCents),
      dollars(row.refundedCents),
      dollars(row.receivedCents - row.refundedCents),
    ]),
    [],
    ["Today", "Requests", "Amount ($)"],
    ...money.openBalances.map((bucket) => [
      `Open balances, ${bucket.label}`,
      bucket.requests,
      dollars(bucket.cents),
    ]),
    ["Deposits held", money.depositsHeld.requests, dollars(money.depositsHeld.cents)],
  ];
  return csvOf(lines);
}
