/**
 * "New request": a request the office takes by phone (`/office/leads/new`). The fields a web
 * booking has, then the office's booking (office, date, window, technician), where the customer
 * came from, and the customer's consent to texts, given by phone. The form and the server read
 * this one schema; the server adds what needs "today" and the database (the horizon, the window's
 * places, the office's technicians).
 */
import { z } from "zod";

import { applianceTypeIds } from "~/content/appliances";
import { stateSlugs } from "~/content/states";
import {
  optionalEmail,
  optionalMultilineText,
  optionalText,
  requiredPhone,
  requiredText,
} from "~/lib/validation";

import { isValidIsoDate } from "./service-request";

/**
 * Where a request came from ("Source"): the phone booking asks; a web booking takes its visit's
 * channel (./visit-source.ts: "website" when it came directly); an earlier paid job's customer is
 * "returning-customer" either way. The office may correct it on the lead page.
 */
export const requestSources = [
  "phone-call",
  "google-business-profile",
  "google-local-services",
  "google-ads",
  "organic-search",
  "bing",
  "facebook",
  "newsletter",
  "referral-site",
  "website",
  "returning-customer",
  "referral",
  "yelp",
  "angi",
  "thumbtack",
  "truck-or-yard-sign",
  "other",
] as const;
export type RequestSource = (typeof requestSources)[number];

export const requestSourceLabels: Record<RequestSource, string> = {
  "phone-call": "Phone call",
  "google-business-profile": "Google Business Profile",
  "google-local-services": "Google Local Services",
  "google-ads": "Google Ads",
  "organic-search": "Organic search",
  bing: "Bing",
  facebook: "Facebook",
  newsletter: "Newsletter",
  "referral-site": "Referral site",
  website: "Website",
  "returning-customer": "Returning customer",
  referral: "Referral",
  yelp: "Yelp",
  angi: "Angi",
  thumbtack: "Thumbtack",
  "truck-or-yard-sign": "Truck or yard sign",
  other: "Other",
};

/**
 * "Other: a flyer at the library", "Referral site: www.yelp.com": how the lead and the desk name
 * a request's source.
 */
export function sourceText(source: RequestSource, detail: string | null): string {
  return (source === "other" || source === "referral-site") && detail
    ? `${requestSourceLabels[source]}: ${detail}`
    : requestSourceLabels[source];
}

/**
 * The words the office reads to the caller before ticking "Customer agreed to texts by phone":
 * stored with the request as its consent, with who recorded it and when.
 */
export const phoneTextConsentWords =
  "May we text this number about this repair: the confirmation, a reminder the evening before and when the technician is on the way? Message and data rates may apply. Reply STOP to end texts, HELP for help.";

/** The same, read to a caller who prefers Spanish (issue 39), and stored as their consent. */
export const spanishPhoneTextConsentWords =
  "¿Podemos enviarle mensajes de texto a este número sobre esta reparación: la confirmación, un recordatorio la tarde anterior y cuando el técnico vaya en camino? Pueden aplicarse tarifas de mensajes y datos. Responda ALTO para dejar de recibirlos o AYUDA para pedir ayuda.";

/** What the caller is read, in the language they prefer. */
export function phoneTextConsentWordsIn(prefersSpanish: boolean): string {
  return prefersSpanish ? spanishPhoneTextConsentWords : phoneTextConsentWords;
}

export const phoneBookingMessages = {
  source: "Choose where the customer came from",
  sourceOther: "Say in a few words where from",
  office: "Choose the office",
  date: "Choose the visit's date",
  window: "Choose a window",
  technician: "Choose one of the office's technicians, or nobody yet",
  full: "This window is full: choose another, or give a reason to book it anyway",
  closed:
    "The office takes no visits in this window that day: choose another, or give a reason to book it anyway",
} as const;

const ticked = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "yes" || value === "on" || value === "true");

export const phoneBookingSchema = z
  .object({
    selectedAppliance: z.enum(applianceTypeIds, "Please select an appliance"),
    name: requiredText("Name is required", 100),
    phone: requiredPhone,
    email: optionalEmail,
    address: requiredText("Address is required", 200),
    zipCode: optionalText(10),
    description: optionalMultilineText(2000),
    notes: optionalMultilineText(2000),
    brand: optionalText(100),
    model: optionalText(100),
    serialNumber: optionalText(100),
    office: z.enum(stateSlugs, phoneBookingMessages.office),
    scheduledDate: z
      .string(phoneBookingMessages.date)
      .trim()
      .refine(isValidIsoDate, phoneBookingMessages.date),
    scheduledWindow: z.enum(["morning", "afternoon", "evening"], phoneBookingMessages.window),
    technicianId: optionalText(100),
    source: z.enum(requestSources, phoneBookingMessages.source),
    sourceOther: optionalText(100),
    overbookReason: optionalText(200),
    textConsent: ticked,
    /** The caller prefers Spanish: their emails, texts and page are in Spanish (issue 39). */
    prefersSpanish: ticked,
  })
  .superRefine((booking, context) => {
    if (booking.source === "other" && booking.sourceOther === "") {
      context.addIssue({
        code: "custom",
        path: ["sourceOther"],
        message: phoneBookingMessages.sourceOther,
      });
    }
  });

export type PhoneBooking = z.output<typeof phoneBookingSchema>;
