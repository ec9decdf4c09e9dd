/**
 * The review a homeowner gives after the repair: its form's names, how a published review is
 * captioned on `/reviews`, and the words both show. No zod here: `/reviews` loads this module.
 */
import { firstName } from "./names";

export const maxReviewWords = 2000;

/** The owner's note on a low rating they handled: a few words, at most this many characters. */
export const maxHandledNote = 500;

/** The private page's rating form posts these names (with `intent` = "review"). */
export const reviewFields = { rating: "rating", words: "words", mayPublish: "mayPublish" } as const;

/** A rating this low or lower alerts the owners (by email, and flagged in the desk). */
export const needsAttentionAtMost = 3;

export const reviewWords = {
  heading: "How did we do?",
  legend: "Your rating",
  starLabel: (stars: number) => `${stars} star${stars === 1 ? "" : "s"}`,
  wordsLabel: "Anything you'd like to tell us? (optional)",
  permission: "You may publish my review on your website with my first name and city.",
  submit: "Send my review",
  thanks: "Thank you for your review.",
  alreadySent: "You already sent your review.",
  notYet: "You can rate the repair once it is done.",
  google: "Review us on Google",
  googleNote: "You can also tell others about us on Google, whatever you thought of the repair.",
  needsAttention: "Needs attention",
  markHandled: "Mark as handled",
  handled: (by: string) => `Handled by ${by}`,
  handledNotice: "Marked as handled: the desk no longer flags it.",
  handledNoteLabel: "What was done",
  handledNoteHint: 'A few words, e.g. "Called her, booked a free return visit".',
  handledNoteMissing:
    'Say in a few words what was done, e.g. "Called her, booked a free return visit".',
  handledNoteTooLong: `Use at most ${maxHandledNote} characters.`,
  /** The request's timeline: "Low rating handled: "Called her, booked a free return visit"". */
  handledEvent: (note: string) => `Low rating handled: "${note}"`,
  /** The owners' call link to the homeowner: "Call Jane: (713) 555-0188". */
  call: (name: string, phone: string) => `Call ${name || "the homeowner"}: ${phone}`,
  attention: (count: number) =>
    `${count} ${count === 1 ? "review needs" : "reviews need"} attention: 3 stars or fewer`,
  publish: "Publish",
  unpublish: "Unpublish",
  notAllowed: "The homeowner did not allow publishing this review.",
  verified: "verified repair",
  /** The badge on `/reviews` of a review from a real repair (the review request after a job). */
  verifiedBadge: "Verified repair",
} as const;

/** "2 stars", "1 star". */
export function starsText(rating: number): string {
  return reviewWords.starLabel(rating);
}

/** The first word of a name as it was typed: all that is published of it. */
export function firstNameOf(name: string): string {
  return firstName(name).slice(0, 40);
}

/**
 * The city in an address typed as "1200 Main St, Katy, TX 77494" (the part before the state),
 * or "" when the address has no such part. There is no offline ZIP-to-city table here, and the
 * visitor-location database answers for IP addresses, not ZIP codes: the address's own words
 * are the only source, so anything that does not look like a town name is left out.
 */
export function cityFromAddress(address: string): string {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return "";
  // "..., Katy, TX 77494": the state is last, the city before it; "..., Katy TX": both in one.
  const last = parts.at(-1)!;
  const lastIsState = /^([A-Za-z]{2}\s*)?\d{5}(-\d{4})?$|^[A-Za-z]{2}$/.test(last);
  const candidate = (lastIsState ? parts.at(-2) : last) ?? "";
  const city = candidate
    .replace(/\s+\d{5}(-\d{4})?$/, "")
    .replace(/\s+[A-Z]{2}$/, "")
    .trim();
  return /^[A-Za-z][A-Za-z .'-]{1,39}$/.test(city) ? city : "";
}

/** "Maria, Katy TX · Dryer · November 2026 · verified repair". */
export function publishedCaption(review: {
  firstName: string;
  city: string;
  stateAbbreviation: string;
  appliance: string;
  month: string;
}): string {
  const place = [review.city, review.stateAbbreviation].filter(Boolean).join(" ");
  const who = [review.firstName, place].filter(Boolean).join(", ");
  return [who, review.appliance, review.month, reviewWords.verified].join(" · ");
}

/** What the private page shows of the review: the form (until answered), or the answer. */
export interface ReviewPageView {
  /** The technician's first name: "How did Alex do?". */
  technician: string;
  /** The company's Google reviews for this office: shown to everyone, whatever the rating. */
  googleReviewsUrl: string;
  answer: { rating: number; words: string; mayPublish: boolean } | null;
}

/** What `/office/reviews` posts as `intent`, with `reviewId`. */
export const reviewDeskIntents = ["publish", "unpublish", "handled"] as const;
export type ReviewDeskIntent = (typeof reviewDeskIntents)[number];
