import type { SafetyConcern } from "./safety";

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
  safety: { concern: SafetyConcern; label: string }[];
  /** "Morning, 8:00 AM - 12:00 PM Central". */
  window: string;
  status: string;
}

/** My day: today's visits in window order, then tomorrow's, each day in its office's time zone. */
export interface MyDay {
  days: { key: "today" | "tomorrow"; title: string; visits: FieldVisit[] }[];
}
