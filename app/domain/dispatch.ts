import type { SafetyConcern } from "./safety";
import { timeSlots, type TimeSlotId } from "./time-slots";

/** Where a visit is, as the board shows it: the town to scan by, then the address to drive to. */
export interface VisitPlace {
  /** "Houston": the town named in the address as typed, or null when it names none. */
  town: string | null;
  /** The address as stored with its zip: "1200 Main St, Houston, TX 77002". */
  address: string;
}

// Parts of an address that are not its town: a state ("TX"), a country, a zip, a unit number.
const notATown = /^(?:[A-Za-z]{2}|USA?|United States(?: of America)?)$/i;

/**
 * The board's place of a visit: the homeowner types one address line (and the zip apart), so the
 * town is whatever that line names after the street ("1200 Main St, Apt 4, Houston, TX" →
 * "Houston": the last part that holds no digit and is no state or country); a line that names
 * none shows as stored. The zip follows the address unless the address already ends with it.
 */
export function visitPlaceOf(address: string, zipCode: string): VisitPlace {
  const street = address.trim();
  const zip = zipCode.trim();
  const parts = street
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const town =
    parts
      .slice(1)
      .reverse()
      .find((part) => !/\d/.test(part) && !notATown.test(part)) ?? null;
  const withZip =
    !zip || street.endsWith(zip)
      ? street
      : !street
        ? zip
        : // "…, TX" → "…, TX 77002"; "12 Bayou St, Houston" → "12 Bayou St, Houston, 77002".
          /,\s*[A-Za-z]{2}$/.test(street)
          ? `${street} ${zip}`
          : `${street}, ${zip}`;
  return { town, address: withZip };
}

/** "Morning, 8:00 AM - 12:00 PM": a window by its whole name, as the pages and My day write it. */
export function windowName(window: TimeSlotId | null): string {
  const slot = timeSlots.find((candidate) => candidate.id === window);
  return slot ? `${slot.label}, ${slot.window}` : "No window asked for";
}

/** A visit on the dispatch board. */
export interface DispatchVisit {
  /** Unique on the board: the request, and which of its visits. */
  key: string;
  /** The request. */
  id: string;
  version: number;
  name: string;
  appliance: string;
  /** The booked window, or the one asked for while it is not booked yet. */
  window: TimeSlotId | null;
  /** That window's whole name: "Morning, 8:00 AM - 12:00 PM". */
  windowName: string;
  place: VisitPlace;
  technicianId: string | null;
  /** "Booked", "On the way", … or "Requested" for one the office has not confirmed. */
  status: string;
  safety: SafetyConcern[];
  /** False for a visit that is over (an earlier visit, one waiting for a part, a completed one). */
  movable: boolean;
}

/** A request whose technician tapped Needs a part: the office books its return visit. */
export interface WaitingForPart {
  id: string;
  version: number;
  name: string;
  appliance: string;
  place: VisitPlace;
  part: string;
  /** "Deposit paid", or "Deposit $138.00 not paid yet": the part's deposit; null when none was asked. */
  deposit: string | null;
  /** The technician who went: the form's first choice. */
  technicianId: string | null;
  safety: SafetyConcern[];
}

/** One office's day (`/office/dispatch`): technicians by window, and what is not assigned yet. */
export interface DispatchBoard {
  office: { slug: string; name: string };
  offices: { slug: string; name: string }[];
  /** yyyy-mm-dd in the office's time zone, and "Wed, Nov 25". */
  day: string;
  dayTitle: string;
  previousDay: string;
  nextDay: string;
  /** The office's today (yyyy-mm-dd), for the board's "Today" link. */
  today: string;
  /**
   * Why the day is closed, as the booking windows decide it (a Sunday, or one of the office's
   * closed days: the federal holidays and the owner's): "Closed: Thanksgiving Day"; else null.
   */
  closed: string | null;
  /** Each window's places (the office's capacity) and how many are held. */
  windows: { id: TimeSlotId; label: string; capacity: number; held: number }[];
  technicians: {
    id: string;
    name: string;
    /** The technician's visits per window (their load). */
    visits: Partial<Record<TimeSlotId, DispatchVisit[]>>;
  }[];
  unassigned: DispatchVisit[];
  /** Every request of the office waiting for a part, whatever its day: book the return visit here. */
  waitingForPart: WaitingForPart[];
}
