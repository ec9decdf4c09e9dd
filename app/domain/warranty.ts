/**
 * The warranty callback ("Same problem again?"), in one place for the private page, the desk, the
 * field and the emails: what the page offers while the repair is guaranteed and after, the words
 * a refusal says, and the label the desk and the technician read.
 */
import { z } from "zod";

// Sets zod to run without eval before these schemas parse in a browser (the pages' CSP).
import "~/lib/validation";

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

/** The most the homeowner may write of what went wrong (a textarea's `maxLength` too). */
export const maxCallbackProblemLength = 1000;

/**
 * "What went wrong this time?": the callback form's words, required, as the page and the server
 * read them. Its photo is the photo form's rules (./photos.ts), one at most.
 */
export const callbackProblemSchema = z
  .string({ error: "Tell us what went wrong this time" })
  .trim()
  .min(1, "Tell us what went wrong this time")
  .max(maxCallbackProblemLength, "Use at most 1,000 characters");

/** The callback form's fields. */
export const callbackFields = { problem: "problem", photo: "photo" } as const;

/** What the technician's card, the desk and the private page call the homeowner's words. */
export const callbackProblemLabel = "What went wrong";

/** The callback form's words on the private page. */
export const callbackFormWords = {
  problem: "What went wrong this time?",
  problemHint: "What the appliance does now, and any error code it shows.",
  photo: "A photo of it (optional)",
  photoHint: "JPEG, PNG or WebP, up to 10 MB: the error code, the leak, the part.",
  told: "What you told us",
} as const;

/**
 * The private page's warranty section: `open` while the repair is guaranteed (the windows to book
 * the free visit in), `booked` while the callback waits to be done, `ended` after the last day
 * (or for a repair that was never paid, without a date): a normal booking instead.
 */
export type WarrantyView =
  | { state: "open"; ends: string; options: OpenWindow[] }
  | { state: "booked"; ends: string | null; problem: string | null }
  | { state: "ended"; ends: string | null };

export const warrantyMessages = {
  alreadyBooked:
    "Your warranty visit is already booked. You can move it on this page, or call us to change it.",
  ended: (ends: string) =>
    `Your warranty ended on ${formatCalendarDate(ends)}. Book a new repair, or call us.`,
  none: "This repair has no warranty to claim from here. Book a new repair, or call us.",
  cancelled: "This request was cancelled: book a new visit, or call us.",
  booked: (visit: string) => `Your free warranty visit is booked for ${visit}. No charge.`,
  onePhoto: "Add one photo with the warranty visit.",
  noPhoto:
    "No more photos can be added to this request: book the visit without one, and show the technician when they come.",
} as const;
