import { z } from "zod";

import { applianceTypeIds } from "~/content/appliances";
import {
  companyEmailField,
  honeypotField,
  optionalEmail,
  optionalMultilineText,
  optionalText,
  pageLanguageField,
  requiredPhone,
  requiredText,
} from "~/lib/validation";

export { timeSlots, type TimeSlotId } from "./time-slots";

export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** How many days ahead a visit may be asked for, unless `BOOKING_DAYS_AHEAD` says otherwise. */
export const defaultBookingDaysAhead = 90;

/** The preferred date's message past that horizon (a server rule: the server knows "today"). */
export function tooFarAheadMessage(daysAhead: number): string {
  return `Choose a date within the next ${daysAhead} days`;
}

/** The schedule dialog's step 2 plus the appliance picked in step 1 (spec sections 3 and 5). */
export const serviceRequestSchema = z.object({
  selectedAppliance: z.enum(applianceTypeIds, "Please select an appliance"),
  name: requiredText("Name is required", 100),
  email: optionalEmail,
  phone: requiredPhone,
  address: requiredText("Address is required", 200),
  zipCode: optionalText(10),
  // Marked required in the UI only: the spec sets no form-level rule for date and time.
  preferredDate: z
    .string()
    .trim()
    .refine((value) => value === "" || isValidIsoDate(value), "Invalid date")
    .optional()
    .default(""),
  preferredTime: z.enum(["", "morning", "afternoon", "evening"]).optional().default(""),
  brand: optionalText(100),
  model: optionalText(100),
  serialNumber: optionalText(100),
  description: optionalMultilineText(2000),
  notes: optionalMultilineText(2000),
  /** The unticked box "Text me about this repair…" (./texts.ts): ticked, the words are stored. */
  textConsent: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === "yes" || value === "on" || value === "true"),
  /** The page the dialog was open on (a path of ours), kept with the consent. */
  textConsentPage: z.string().max(500).optional().default(""),
  /** The language the homeowner booked in (issue 39): the page's, set by the form's action. */
  language: pageLanguageField,
  companyEmail: companyEmailField,
  website: honeypotField,
});

export type ServiceRequest = z.output<typeof serviceRequestSchema>;

export function isValidIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}
