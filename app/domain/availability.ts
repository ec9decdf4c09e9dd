import type { TimeSlotId } from "./time-slots";

/**
 * Whether a window can be booked: "open" has places left; "full" has none; "past" starts too
 * soon (within two hours) or is over; "closed" is a day the office takes no visits.
 */
export type WindowState = "open" | "full" | "past" | "closed";

export interface DayAvailability {
  /** yyyy-mm-dd in the office's time zone. */
  date: string;
  /** Sunday, or a holiday an owner entered. */
  closed: boolean;
  windows: { id: TimeSlotId; state: WindowState }[];
}

/** The answer of `GET /api/availability?office=<state slug>&from=<yyyy-mm-dd>&days=<1-62>`. */
export interface AvailabilityAnswer {
  office: string;
  timeZone: string;
  days: DayAvailability[];
}

/** An open window offered instead of one that filled up: "Wed, Dec 2, 8:00 AM - 12:00 PM Eastern". */
export interface OpenWindow {
  date: string;
  window: TimeSlotId;
  label: string;
}

export const availabilityPath = "/api/availability";
export const maxAvailabilityDays = 62;
export const windowFilledMessage = "That window just filled up";
