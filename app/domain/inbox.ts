import type { InboxFilters } from "./inbox-filters";
import type { StateSlug } from "~/content/states";
import type { LeadKind, LeadStatus } from "~/domain/leads";
import type { Locale } from "~/lib/locale";

import type { SafetyConcern } from "./safety";

/** Leads shown on one page of the inbox. */
export const inboxPageSize = 50;

/** One row of the inbox: a service request or a contact message of the person's offices. */
export interface InboxLead {
  id: string;
  kind: LeadKind;
  /** The office's state slug. */
  office: StateSlug;
  name: string;
  phone: string;
  /** The appliance of a service request, the subject of a message. */
  topic: string;
  preferredDate: string | null;
  preferredTime: string;
  status: LeadStatus;
  /** A service request's dangers (gas, burning, water): flagged, and first among the new. */
  safety: SafetyConcern[];
  /** The language the homeowner booked in: the desk says "Prefers Spanish". */
  language: Locale;
  /** The technician tapped Needs a part: the office books the return visit. */
  waitingForPart: boolean;
  /** The homeowner booked the warranty callback and it is not done yet: "Warranty callback". */
  warrantyCallback: boolean;
  /** The customer asked before, in one of the person's offices: "Returning customer". */
  returningCustomer: boolean;
  /** The technician tapped Can't fix and the office has not recorded its call yet: flagged, first. */
  cantFixCall: boolean;
  /** When it was received, ISO 8601. */
  createdAt: string;
}

export interface InboxPage {
  page: number;
  hasNextPage: boolean;
  leads: InboxLead[];
}

/** An inbox lead as the page shows it: times in the office's zone, names for slugs. */
export interface InboxRow extends InboxLead {
  /** "Nov 24, 2026, 9:05 AM", in the office's time zone. */
  receivedAt: string;
  timeZoneLabel: string;
  officeName: string;
  /** "March 12, 2031, morning (8:00 AM - 12:00 PM)"; empty for a message. */
  requestedVisit: string;
}

/** The inbox as it opens: nothing filtered, the first page. */
export const noFilters: InboxFilters = {
  status: "",
  kind: "",
  office: "",
  from: "",
  to: "",
  search: "",
  page: 1,
};

export function isFiltered(filters: InboxFilters) {
  return Object.entries(filters).some(([name, value]) => name !== "page" && value !== "");
}
