/**
 * The owner's numbers (`/office/numbers`): what each table counts, in words printed under it, so
 * that a number is never read without its definition. Shared by the page, its CSV and the server.
 */
import type { RequestSource } from "./phone-booking";

/** The tables the page downloads as CSV (`/office/numbers/export?table=`). */
export const numbersTables = ["sources", "technicians", "money", "speed", "conversions"] as const;
export type NumbersTable = (typeof numbersTables)[number];

export function isNumbersTable(value: string | null): value is NumbersTable {
  return numbersTables.includes(value as NumbersTable);
}

/** A date range, both days included, in each request's office's time zone. */
export interface NumbersRange {
  from: string;
  to: string;
}

export interface SourceRow {
  /** "Google Ads", "Other: a flyer", "Unknown (website, direct)". */
  source: string;
  key: { source: RequestSource; detail: string | null };
  leads: number;
  booked: number;
  completed: number;
  paid: number;
  /** Cents. */
  revenueCents: number;
  /** Cents, or null without a paid job. */
  averageTicketCents: number | null;
  cancelled: number;
  /** Cents: the paid leads' revenue alone (the average ticket's numerator). */
  paidRevenueCents: number;
  /** Cents spent on the source over the range (typed by month), or null when none was typed. */
  spendCents: number | null;
  /** Cents: the spend divided by the paid leads; null without either. */
  costPerPaidJobCents: number | null;
}

/** The sources money is spent on: not the website reached directly, a returning customer or a free-text one. */
export const spendSources: readonly RequestSource[] = [
  "google-business-profile",
  "google-local-services",
  "google-ads",
  "organic-search",
  "bing",
  "facebook",
  "newsletter",
  "referral",
  "yelp",
  "angi",
  "thumbtack",
  "truck-or-yard-sign",
];

/** A month's spend on a source in an office, as the owner typed it. */
export interface SpendEntry {
  /** "2031-03". */
  month: string;
  /** The office's name. */
  office: string;
  source: RequestSource;
  sourceLabel: string;
  cents: number;
}

/** Money received in the range, by how it was paid. */
export interface MethodRow {
  method: string;
  payments: number;
  receivedCents: number;
  refundedCents: number;
}

export interface MoneyView {
  byMethod: MethodRow[];
  /** What Done left owed and is not paid yet, today, by how long ago the repair was done. */
  openBalances: { label: string; requests: number; cents: number }[];
  /** Part deposits paid on repairs not done yet, today. */
  depositsHeld: { requests: number; cents: number };
}

/** How soon an office acts on the web's requests. */
export interface SpeedRow {
  /** The office's name, or "All offices". */
  office: string;
  requests: number;
  answered: number;
  waiting: number;
  /** Minutes, or null when none was acted on. */
  medianMinutes: number | null;
}

/** What a technician's visits did in the range (see `technicianDefinitions`). */
export interface TechnicianRow {
  technician: string;
  completed: number;
  /** Cents: their share of the jobs paid in the range. */
  revenueCents: number;
  averageTicketCents: number | null;
  estimates: { approved: number; decided: number };
  firstVisitFix: { fixed: number; of: number };
  callbacks: { callbacks: number; of: number };
  reviews: { reviews: number; of: number; averageRating: number | null };
  medianDoneToPaidMinutes: number | null;
}

/** The links an office pastes into its Google Business Profile. */
export interface ProfileLinks {
  office: string;
  website: string;
  booking: string;
}

export interface NumbersView {
  range: NumbersRange;
  previous: NumbersRange;
  office: string | null;
  offices: { slug: string; name: string }[];
  sources: SourceRow[];
  totals: { current: SourceTotals; previous: SourceTotals };
  money: MoneyView;
  speed: SpeedRow[];
  /** The spend typed for the months the range touches. */
  spend: SpendEntry[];
  technicians: TechnicianRow[];
  profileLinks: ProfileLinks[];
  /** Paid jobs in the range with a Google click id, ready for Google Ads. */
  clickConversions: number;
}

export interface SourceTotals {
  leads: number;
  paid: number;
  revenueCents: number;
  /** Leads whose source is unknown (booked on the website with no campaign or referrer). */
  unknown: number;
}

/** The row of requests nobody knows the source of: the website, reached directly. */
export const unknownSourceLabel = "Unknown (website, direct)";

export const sourceDefinitions = {
  leads:
    "Leads: service requests received in the range (on the website or by phone), spam left out, counted in the office's own time zone.",
  booked: "Booked: of those leads, the ones that had a visit booked.",
  completed: "Completed: of those leads, the ones whose repair was done (Done on a visit).",
  paid: "Paid: of those leads, the ones with a job paid (more than nothing, and not all of it refunded).",
  revenue:
    "Paid revenue: the money received for those leads (card, cash, check), whenever it came in, refunds taken off.",
  averageTicket:
    "Average ticket: the paid leads' revenue divided by their number (a deposit alone, or a free warranty callback, does not lower it).",
  cancelRate: "Cancel rate: the leads cancelled, of all leads.",
  costPerPaidJob:
    "Cost per paid job: the money spent on the source over the range (each month's spend as typed below, by the share of its days the range holds) divided by its paid leads.",
  source:
    "Source: where the request came from. A web booking is credited to the last visit that said where it came from (an ad's click id or campaign, another site's link); a phone booking to what the caller said; a customer with a paid job before is a returning customer, whatever brought them back. The office may correct it on the lead page.",
  unknown:
    "Unknown: booked on the website with no campaign, click id or other site's link (typed in, a bookmark, or a browser that hides where it came from). A caller who names the website is counted as Website.",
} as const;

export const moneyDefinitions = {
  byMethod:
    "Paid by method: payments received in the range (the day each was paid, in the office's time zone), by card, cash or check; refunded: refunds made in the range, by the method of the payment they give back.",
  openBalances:
    "Open balances: today, what a done repair's charge leaves owed after what was paid on it, by the days since it was done (0-7, 8-30, 31 and more).",
  depositsHeld:
    "Deposits held: today, the part deposits paid (refunds taken off) on repairs not done yet.",
} as const;

export const technicianDefinitions = {
  completed:
    "Completed visits: the technician's visits marked Done in the range (in the office's time zone), warranty callbacks included.",
  revenue:
    "Paid revenue: the jobs paid in the range, refunds taken off; a job two technicians worked (came to the house on one of its visits) is split evenly between them.",
  averageTicket:
    "Average ticket: their paid revenue divided by their paid jobs (a shared job counts as their share of one). A free warranty callback is no paid job, so it does not lower it.",
  estimates:
    "Estimate approval: of the estimates the homeowner answered in the range, the ones approved; an estimate is the technician's whose visit began its job.",
  firstVisitFix:
    "First-visit fix: of the jobs whose first visit was theirs and ended in the range (Done, Needs a part or Can't fix), the ones Done on that visit with no warranty callback after.",
  callbacks:
    "Callback rate: of the repairs done in the range, the ones a warranty callback followed; charged to the technician of the job's first visit, whoever did the callback.",
  reviews:
    "Reviews: of the repairs they marked Done in the range, the ones the homeowner reviewed about them, and those reviews' average stars.",
  doneToPaid:
    "Done to paid: the median time from their Done to the job's payment, of their repairs paid.",
} as const;

export const speedDefinitions = {
  requests:
    "Web requests: requests booked or sent on the website in the range (not taken by phone), spam left out.",
  median:
    "Median time to first action: half the answered requests were acted on sooner. The first action is the first thing anyone at the office did on the request that the homeowner feels: a status (confirmed, scheduled), a note, an email or text sent again, a technician's tap, an estimate or a payment. Nights and weekends count.",
  waiting:
    "Still waiting: web requests nobody at the office has acted on yet (one the homeowner cancelled first is not waiting).",
} as const;

/** The campaign parameters that name a Google Business Profile link (app/domain/visit-source.ts). */
export const profileLinkParams = "utm_source=google&utm_medium=organic&utm_campaign=gbp";

/**
 * An office's Google Business Profile links on `siteUrl`: its page of the site (the profile's
 * "Website") and the booking dialog opened for it (its "Appointment" link).
 */
export function profileLinksOf(
  siteUrl: string,
  office: { slug: string; name: string },
): ProfileLinks {
  const origin = new URL(siteUrl).origin;
  return {
    office: office.name,
    website: `${origin}/service-areas/${office.slug}?${profileLinkParams}`,
    booking: `${origin}/modals/schedule?${new URLSearchParams({ region: office.name })}&${profileLinkParams}`,
  };
}

/** "12.5%": a share, or "–" of nothing. */
export function percentOf(part: number, whole: number): string {
  if (whole === 0) return "–";
  const value = (part / whole) * 100;
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}
