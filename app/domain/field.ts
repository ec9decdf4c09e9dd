/** Where a visit stands in the field, from the technician's taps. */
export const fieldStatuses = ["on-the-way", "arrived", "done", "needs-part", "cant-fix"] as const;
export type FieldStatus = (typeof fieldStatuses)[number];

export const fieldStatusLabels: Record<FieldStatus | "booked", string> = {
  booked: "Booked",
  "on-the-way": "On the way",
  arrived: "Arrived",
  done: "Done",
  "needs-part": "Needs a part",
  "cant-fix": "Can't fix",
};

/** The taps a visit card offers, each its own form. */
export const fieldActions = ["on-my-way", "arrived", "done", "needs-part", "cant-fix"] as const;
export type FieldAction = (typeof fieldActions)[number];

/** The taps a technician may undo for a few seconds, before the homeowner hears of them. */
export const undoableActions = ["on-my-way", "arrived", "needs-part"] as const;
export type UndoableAction = (typeof undoableActions)[number];

export function isUndoable(action: string): action is UndoableAction {
  return (undoableActions as readonly string[]).includes(action);
}

/** How long the card offers Undo after such a tap. */
export const undoSeconds = 10;

export const undoLabels: Record<UndoableAction, string> = {
  "on-my-way": "On my way",
  arrived: "Arrived",
  "needs-part": "Needs a part",
};

/**
 * The taps that may follow where a visit stands: what the card offers and the server accepts.
 * Only on the visit's own day (the office's today): tomorrow's card is read, not tapped. Done
 * only once Arrived.
 */
export function nextTaps(status: FieldStatus | null, onItsDay: boolean): FieldAction[] {
  if (!onItsDay) return [];
  switch (status) {
    case null:
    case "on-the-way":
      return ["on-my-way", "arrived", "cant-fix"];
    case "arrived":
      return ["done", "needs-part", "cant-fix"];
    default:
      return [];
  }
}

import type { VisitAfterTheJob } from "./estimate";
import type { SafetyConcern } from "./safety";

/** A visit still to finish: not yet Done, waiting for a part or given up. */
export function isUnfinished(status: FieldStatus | null): boolean {
  return status === null || status === "on-the-way" || status === "arrived";
}

/** One visit on a technician's My day, as its card shows it. */
export interface FieldVisit {
  id: string;
  reference: string | null;
  name: string;
  /** "(713) 555-0188" as typed, and the digits a `tel:` or `sms:` link dials. */
  phone: string;
  phoneDigits: string;
  address: string;
  /** Opens the phone's maps app with directions to the address. */
  directionsUrl: string;
  appliance: string;
  brand: string;
  model: string;
  serialNumber: string;
  problem: string;
  notes: string;
  photos: { id: string; url: string }[];
  /**
   * A warranty callback's "What went wrong this time?" in the homeowner's words, and the photo
   * they sent with it (not among `photos`); null for any other visit.
   */
  callbackProblem: { words: string; photo: { id: string; url: string } | null } | null;
  safety: { concern: SafetyConcern; label: string }[];
  /** The homeowner booked in Spanish: the card says "Prefers Spanish" (issue 39). */
  prefersSpanish: boolean;
  /** "Morning, 8:00 AM - 12:00 PM Central". */
  window: string;
  /** "Morning": the window as a finished visit's one line names it. */
  windowLabel: string;
  /** Where the visit stands ("Booked", "On the way", ...), and what the technician said. */
  status: string;
  fieldStatus: FieldStatus | null;
  /** "On the way, arriving about 10:40 AM Central"; null before On my way. */
  statusDetail: string | null;
  /** The taps that may come next, each with the key its form sends. */
  taps: { action: FieldAction; key: string }[];
  /** Tomorrow's visit: its taps open on its day. */
  onItsDay: boolean;
  /**
   * The unfinished visit of today that comes before this one ("Jane Doe, Morning"): On my way
   * here asks first whether to go here before it. Null when this is the next visit.
   */
  goesBefore: string | null;
  /** The estimate, the customer's answer and the payment (./estimate.ts). */
  afterTheJob: VisitAfterTheJob;
  /**
   * What the customer owes now ("$245.00"), when it may be paid by card: the pay link by text
   * (with their consent) or email, or its QR code. Null without cards, or with nothing owed.
   */
  cardPay: {
    /** "Card payment", or "Part deposit" while the part it pays for is awaited. */
    what: "Card payment" | "Part deposit";
    due: string;
    canText: boolean;
    canEmail: boolean;
  } | null;
  /** Cards are taken: Needs a part may ask a deposit, paid by card. */
  takesDeposits: boolean;
  /** What Done's "Amount charged" starts with ("245.00"): the approved total, or the fee. */
  doneAmount: string;
  /**
   * The technician's last tap on the visit while it can still be undone (its key, and the
   * milliseconds of its Undo left when the page was made); null otherwise.
   */
  undo: { action: UndoableAction; key: string; msLeft: number } | null;
  /**
   * Nothing left to do on it: Done (paid, or no charge), waiting for a part, or Can't fix with the
   * service call recorded. Its card is one line that opens to the whole card.
   */
  finished: boolean;
}

/** My day: today's visits in window order, then tomorrow's, each day in its office's time zone. */
export interface MyDay {
  days: { key: "today" | "tomorrow"; title: string; visits: FieldVisit[] }[];
}
