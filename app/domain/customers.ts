/**
 * A customer as the desk shows them (`/office/customers/<id>`): their contact details, their
 * requests in the desk's offices and their own timeline; an owner edits the details and merges
 * another customer into this one. The page and the server read these schemas and words.
 */
import { z } from "zod";

import type { LeadStatus } from "./leads";
import { optionalEmail, optionalText, requiredPhone, requiredText } from "~/lib/validation";

export const customerEditSchema = z.object({
  version: z.coerce.number().int().min(0),
  name: requiredText("Name is required", 100),
  phone: requiredPhone,
  email: optionalEmail,
  address: requiredText("Address is required", 200),
  zipCode: optionalText(10),
});
export type CustomerEdit = z.output<typeof customerEditSchema>;

export const customerMergeSchema = z.object({
  version: z.coerce.number().int().min(0),
  other: requiredText("Type the other customer's phone or email", 254),
});

export const customerMessages = {
  conflict:
    "Someone changed this customer while you were editing: the page shows their details now. Try again.",
  keyTaken: (what: "phone" | "email") =>
    `Another customer has this ${what}: merge that customer into this one instead.`,
  otherNotFound: "No other customer of your offices has this phone or email.",
  sameCustomer: "That phone or email is this customer's own.",
  edited: "The customer's details were saved.",
  merged: (requests: number) =>
    `The other customer was merged into this one, with ${requests === 1 ? "its request" : `its ${requests} requests`}.`,
} as const;

/** One request on a customer's page or in New request's look-up. */
export interface CustomerRequest {
  id: string;
  /** "Mar 4, 2026". */
  date: string;
  /** "Washer, LG WM4000HWA serial 504KWBB1234". */
  appliance: string;
  status: LeadStatus;
  workDone: string | null;
  paid: string | null;
  warranty: string | null;
  /** The warranty runs today: the office may book its callback (the lead page's form). */
  inWarranty: boolean;
}

export interface CustomerPageView {
  id: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  zipCode: string;
  version: number;
  /** "Mar 2026". */
  since: string;
  requests: CustomerRequest[];
  /** The customer's own timeline, newest first: "Nov 29, 2026, 9:05 AM: Details edited (phone) by Olivia Owner". */
  events: { id: string; text: string; otherCustomerId: string | null }[];
}

/** An appliance a known caller had repaired: New request fills it in. */
export interface KnownAppliance {
  requestId: string;
  /** "Washer, LG WM4000HWA serial 504KWBB1234 (Mar 4, 2026)". */
  label: string;
  selectedAppliance: string;
  brand: string;
  model: string;
  serialNumber: string;
}

/** What New request's "Find the customer" found. */
export interface KnownCaller {
  id: string;
  name: string;
  /** The email on file, shown for the dispatcher to check with the caller (never filled in). */
  email: string;
  since: string;
  appliances: KnownAppliance[];
}
