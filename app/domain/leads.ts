/**
 * What a lead is, in one place for the database, the desk, the emails and the pages: its two
 * kinds, the statuses it moves through (the order the desk lists them in) and where it may go
 * from each.
 */

/** A repair booked in the site's dialog or form, or a message sent from the contact page. */
export const leadKinds = ["service-request", "contact-message"] as const;
export type LeadKind = (typeof leadKinds)[number];

/** Where a lead stands in the office desk, in the order it moves through them; "new" until worked. */
export const leadStatuses = [
  "new",
  "contacted",
  "scheduled",
  "completed",
  "cancelled",
  "spam",
] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  scheduled: "Scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
  spam: "Spam",
};

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
export function statusesAfter(kind: LeadKind, status: LeadStatus): LeadStatus[] {
  return nextStatuses[status].filter((next) => kind === "service-request" || next !== "scheduled");
}
