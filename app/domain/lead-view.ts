import type { RequestSource } from "./phone-booking";
import { z } from "zod";

import { timeSlots } from "./time-slots";
import { isValidIsoDate } from "./service-request";

import { leadStatuses, type LeadKind, type LeadStatus } from "~/domain/leads";
import type { SafetyConcern } from "./safety";
import type { Locale } from "~/lib/locale";
import type { CustomerRequest } from "./customers";

const windowIds = timeSlots.map((slot) => slot.id) as [string, ...string[]];

export const statusChangeSchema = z
  .object({
    version: z.coerce.number().int().min(0),
    status: z.enum(leadStatuses, {
      error: "Choose a status",
    }),
    scheduledDate: z.string().trim().optional().default(""),
    scheduledWindow: z.string().optional().default(""),
    technician: z.string().trim().max(100, "Use at most 100 characters").optional().default(""),
  })
  .superRefine((change, context) => {
    if (change.status !== "scheduled") return;
    if (!isValidIsoDate(change.scheduledDate)) {
      context.addIssue({
        code: "custom",
        path: ["scheduledDate"],
        message: "Choose the visit's date",
      });
    }
    if (!windowIds.includes(change.scheduledWindow)) {
      context.addIssue({ code: "custom", path: ["scheduledWindow"], message: "Choose a window" });
    }
    if (change.technician === "") {
      context.addIssue({
        code: "custom",
        path: ["technician"],
        message: "Choose the technician",
      });
    }
  });
export type StatusChange = z.output<typeof statusChangeSchema>;

/** "Record the call" after Can't fix: what was agreed with the homeowner. */
export const cantFixCallSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, "Say what was agreed with the customer")
    .max(4000, "Use at most 4,000 characters"),
});

export const noteSchema = z.object({
  note: z.string().trim().min(1, "Write the note first").max(4000, "Use at most 4,000 characters"),
});

/** A field of a lead as the page lists it. */
export interface LeadField {
  label: string;
  value: string;
}

export interface LeadEmailView {
  id: string;
  /** "To the office", "To the customer". */
  purpose: string;
  to: string;
  subject: string;
  /** "Waiting", "Sent Nov 24, 2026, 9:05 AM", "Failed 3 times; trying again", "Given up after 300 attempts". */
  state: string;
  lastError: string | null;
  canSendAgain: boolean;
}

export interface LeadEventView {
  id: string;
  at: string;
  who: string;
  what: string;
}

export interface CustomerView {
  /** The customer's page: /office/customers/<id>. */
  id: string;
  returning: boolean;
  /** "Mar 2026": the month of their first request. */
  since: string;
  requests: CustomerRequest[];
}

export interface LeadView {
  id: string;
  kind: LeadKind;
  title: string;
  status: LeadStatus;
  /** The homeowner's warranty callback is booked and not done yet: the status reads "Warranty callback". */
  warrantyCallback: boolean;
  version: number;
  officeName: string;
  receivedAt: string;
  fields: LeadField[];
  emails: LeadEmailView[];
  timeline: LeadEventView[];
  nextStatuses: LeadStatus[];
  /** The dangers the request mentions: flagged at the top of its page. */
  safety: SafetyConcern[];
  /** The language the homeowner booked in: the desk says "Prefers Spanish". */
  language: Locale;
  /**
   * The one way to book the visit on the lead page (app/features/desk/confirm-visit.tsx): the day and
   * window to start from (the booked ones, else the ones the homeowner asked for), the office's
   * technicians to choose from and the one assigned. `requested`: the homeowner's asked day and
   * window wait to be confirmed ("Confirm requested visit"; else "Book the visit"). `booked`: the
   * visit as it stands once Scheduled, with the technician's first name when they are an account
   * of the office (else `typedName`, a name from before, that is on nobody's My day). Null for a
   * message, a lead that cannot be booked from here, and after Needs a part (the return visit's
   * form books then). `afterCantFix`: the visit ended with Can't fix, so the form books another
   * ("Book another visit"), its day and window to choose; set only then.
   */
  booking: {
    requested: boolean;
    afterCantFix?: true;
    date: string;
    window: string;
    technicianId: string;
    /** The office's technicians, each with their visits on the form's day (null: no day yet). */
    technicians: { id: string; name: string; visits: number | null }[];
    booked: { when: string; technician: string | null; typedName: string } | null;
  } | null;
  /**
   * The customer (the same phone or email in the desk's offices): "Returning customer" when they
   * asked before this request, "Customer since Mar 2026", and their other requests, newest first.
   * Null for a message, or a first-time customer.
   */
  customer: CustomerView | null;
  /**
   * Where the request came from, for the office to correct ("Source", a form of its own); null
   * for a message, or an erased request.
   */
  source: { current: RequestSource; detail: string } | null;
  /** The request's earlier visits, oldest first: "Visit 1: Wed, Nov 25, Evening, Alex Rivera: Needs a part (…)". */
  earlierVisits: { number: number; text: string }[];
  /**
   * "Book the return visit": the technician tapped Needs a part; the part, the technician who
   * went (the form's first choice) and the office's technicians. Null otherwise.
   */
  returnVisit: {
    part: string;
    technicianId: string;
    technicians: { id: string; name: string }[];
  } | null;
  /**
   * "Book the warranty callback": the repair is under warranty today and no callback is booked.
   * Its last day ("Feb 23, 2027"), the technician who did the repair and the office's technicians.
   */
  warrantyCallbackOffer: {
    ends: string;
    technicianId: string;
    technicians: { id: string; name: string }[];
  } | null;
  /**
   * The request's money, every row of its ledger, oldest first ("Payment", "$245.00 by card
   * ····4242", "Paid", "Nov 29, 3:10 PM Central", "Alex Rivera"); `refund` when the viewer (an
   * owner) may refund it: how much at most ("245.00") and the form's key. Null for a message.
   */
  ledger:
    | {
        id: string;
        what: string;
        amount: string;
        state: string;
        at: string;
        by: string;
        refund: { max: string; key: string } | null;
      }[]
    | null;
  /**
   * Texts: the consent as recorded ("Nov 25, 4:38 PM Central on /services/dryer for +1713…:
   * 'Text me…'"), whether the number replied STOP or the homeowner turned texts off, and each text
   * with its state. Null for a message.
   */
  texts: {
    consent: string | null;
    optedOut: boolean;
    turnedOff: boolean;
    /** `canSendAgain`: held by the number's daily limit; the office may send it now. */
    items: {
      id: string;
      what: string;
      to: string;
      at: string;
      state: string;
      canSendAgain: boolean;
    }[];
  } | null;
  /**
   * "Can't fix: call …": the technician tapped Can't fix and nobody has recorded the call the
   * homeowner's page promises. Whom to call, the number, why, and who went. Null otherwise.
   */
  cantFixCall: {
    name: string;
    phone: string;
    /** The digits a `tel:` link dials. */
    phoneDigits: string;
    reason: string;
    technician: string;
  } | null;
  /** Photos the homeowner added on their private page (metadata removed). */
  photos: { id: string; url: string; width: number; height: number; size: string }[];
}
