import type { SafetyConcern } from "./safety";
import type { TimeSlotId } from "./time-slots";

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
  part: string;
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
