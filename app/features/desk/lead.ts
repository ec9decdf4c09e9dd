import { z } from "zod";

import { timeSlots } from "~/features/booking/time-slots";
import { isValidIsoDate } from "~/features/booking/schema";

import { leadStatusOrder, type InboxLead, type LeadStatus } from "./inbox";

/**
 * Where a lead may go from each status: forward along new → contacted → scheduled → completed
 * (a booked visit may be booked again), to cancelled or spam from anywhere, and back to new
 * from cancelled or spam (a mistake undone).
 */
export const nextStatuses: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ["contacted", "scheduled", "cancelled", "spam"],
  contacted: ["scheduled", "cancelled", "spam"],
  scheduled: ["scheduled", "completed", "cancelled", "spam"],
  completed: ["cancelled", "spam"],
  cancelled: ["new", "spam"],
  spam: ["new", "cancelled"],
};

/** The statuses a lead of this kind may move to now: a message is never scheduled. */
export function statusesAfter(kind: InboxLead["kind"], status: LeadStatus): LeadStatus[] {
  return nextStatuses[status].filter((next) => kind === "service-request" || next !== "scheduled");
}

const windowIds = timeSlots.map((slot) => slot.id) as [string, ...string[]];

export const statusChangeSchema = z
  .object({
    version: z.coerce.number().int().min(0),
    status: z.enum(leadStatusOrder, {
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
        message: "Name the technician",
      });
    }
  });
export type StatusChange = z.output<typeof statusChangeSchema>;

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

export interface LeadView {
  id: string;
  kind: InboxLead["kind"];
  title: string;
  status: LeadStatus;
  version: number;
  officeName: string;
  receivedAt: string;
  fields: LeadField[];
  emails: LeadEmailView[];
  timeline: LeadEventView[];
  nextStatuses: LeadStatus[];
  /** The booked visit, to prefill a new booking. */
  scheduled: { date: string; window: string; technician: string };
  /** Photos the homeowner added on their private page (metadata removed). */
  photos: { id: string; url: string; width: number; height: number; size: string }[];
}
