import type { FormResult } from "~/lib/form-result";
import type { Locale } from "~/lib/locale";

import type { OpenWindow } from "./availability";
import type { RequestAfterTheJob } from "./estimate";
import type { ReviewPageView } from "./reviews";
import type { TimeSlotId } from "./time-slots";
import type { WarrantyView } from "./warranty";

/** Where a request stands, as the homeowner sees it. */
export type RequestStep = "received" | "confirmed" | "completed" | "cancelled";

/** What the private page `/requests/{token}` shows. */
export interface RequestPageView {
  /** The language the request was booked in: the page, its answers and its frame speak it. */
  locale: Locale;
  /** "Refrigerator". */
  appliance: string;
  /** The short reference ("R-7K3F"); null for a request stored before references. */
  reference: string | null;
  /** What the technician's taps say ("Alex is on the way, arriving about 10:40 AM"). */
  field: {
    state: "on-the-way" | "arrived" | "done" | "needs-part" | "cant-fix";
    text: string;
  } | null;
  /**
   * The visits before the one booked now (a return visit's first visit), oldest first: "First
   * visit", its day and window, and how it ended ("needed a part"). Empty for a single visit.
   */
  earlierVisits: { label: string; text: string; outcome: string }[];
  /** What the visit booked now is called beside the earlier ones: "Return visit". */
  currentVisitLabel: string;
  /** The booking dialog for the same appliance and office: a cancelled request offers it. */
  bookAgainHref: string;
  name: string;
  address: string;
  office: { name: string; phone: string; phoneForCall: string; hours: string };
  step: RequestStep;
  /** "Tue, Dec 1, 8:00 AM - 12:00 PM Eastern": booked by the office, or as requested. */
  visit: {
    /** The visit's day (yyyy-mm-dd, the office's) and window: marked among the ones to move to. */
    date: string;
    window: TimeSlotId;
    text: string;
    /** Done: the visit as it happened; confirmed: booked by the office; else as requested. */
    state: "requested" | "confirmed" | "done";
    /** False when the request holds no place in its window: the office calls to confirm a time. */
    placeHeld: boolean;
  } | null;
  timeline: { step: RequestStep; label: string; at: string | null }[];
  canCancel: boolean;
  canReschedule: boolean;
  /** The visit starts within two hours: changes are made by phone. */
  tooLateToChange: boolean;
  /** Open windows to move the visit to (the next three weeks). */
  rescheduleOptions: OpenWindow[];
  photos: {
    stored: number;
    max: number;
    /** The homeowner's own photos, oldest first (each at `{page}/photos/{id}`). */
    items: { id: string; width: number; height: number }[];
  };
  canAddPhotos: boolean;
  /** Texts: null when the homeowner did not tick the box at booking; else whether they are on. */
  texts: { on: boolean; phone: string } | null;
  /** The office's "$89, waived when you go ahead with the repair"; null when it set no fee. */
  serviceCall: string | null;
  /** The review: its rating form (then the answer) and the Google link; null before Done. */
  review: ReviewPageView | null;
  /** "Same problem again?": the warranty callback, or a new booking after it; null before Done. */
  warranty: WarrantyView | null;
  /** The technician's estimate (to approve or decline), and the receipt once paid. */
  afterTheJob: RequestAfterTheJob;
  /**
   * What is owed now ("$245.00"; with a deposit paid, what is left) and whether it may be paid by
   * card here (cards are taken); null when nothing is owed. `deposit`: it is the part deposit the
   * technician asked ("Approve and pay the $138 part deposit", and the part's price). `confirming`:
   * Stripe's page came back paid, and its signed event has not landed yet.
   */
  balance: {
    due: string;
    payByCard: boolean;
    confirming: boolean;
    deposit: { button: string; price: string | null } | null;
  } | null;
  /** "Part deposit paid: $138.00 by card ····4242 on Nov 29, 2:10 PM Central", until the repair is paid. */
  depositPaid: string | null;
}

/** What the page's forms post as `intent`. */
export const requestIntents = [
  "cancel-ask",
  "cancel",
  "reschedule",
  "photos",
  "texts-off",
  "texts-on",
  "review",
  "warranty-callback",
  "estimate-approve",
  "estimate-decline",
] as const;
export type RequestIntent = (typeof requestIntents)[number];

/**
 * What the page's actions answer (`form` is the intent): asked to confirm a cancellation, done,
 * refused with why (and, for a full window, the open ones), or past a budget (`failed`).
 */
export type RequestPageResult = FormResult<
  RequestIntent,
  { added?: number },
  { openWindows?: OpenWindow[] }
>;
