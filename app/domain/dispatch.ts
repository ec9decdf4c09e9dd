import type { SafetyConcern } from "./safety";
import type { TimeSlotId } from "./time-slots";

/** A visit on the dispatch board. */
export interface DispatchVisit {
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
}
