/**
 * The warranty callback ("Same problem again?"), in one place for the private page, the desk, the
 * field and the emails: what the page offers while the repair is guaranteed and after, the words
 * a refusal says, and the label the desk and the technician read.
 */
import { formatCalendarDate } from "./after-the-job";
import type { OpenWindow } from "./availability";
import type { LeadStatus } from "./leads";

/** What the desk's inbox and lead page, the board and My day call a booked callback. */
export const warrantyCallbackLabel = "Warranty callback";

/** The callback is booked and not done yet: the desk says "Warranty callback" until then. */
export function callbackPending(request: { warrantyCallback: boolean; status: LeadStatus }) {
  return (
    request.warrantyCallback &&
    (request.status === "new" || request.status === "contacted" || request.status === "scheduled")
  );
}

/**
 * The private page's warranty section: `open` while the repair is guaranteed (the windows to book
 * the free visit in), `booked` while the callback waits to be done, `ended` after the last day
 * (or for a repair that was never paid, without a date): a normal booking instead.
 */
export type WarrantyView =
  | { state: "open"; ends: string; options: OpenWindow[] }
  | { state: "booked"; ends: string | null }
  | { state: "ended"; ends: string | null };

export const warrantyMessages = {
  alreadyBooked:
    "Your warranty visit is already booked. You can move it on this page, or call us to change it.",
  ended: (ends: string) =>
    `Your warranty ended on ${formatCalendarDate(ends)}. Book a new repair, or call us.`,
  none: "This repair has no warranty to claim from here. Book a new repair, or call us.",
  cancelled: "This request was cancelled: book a new visit, or call us.",
  booked: (visit: string) => `Your free warranty visit is booked for ${visit}. No charge.`,
} as const;
