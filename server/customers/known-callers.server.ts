/**
 * New request's "Find the customer by phone": a known caller's name and address fill the form's
 * empty fields (what the dispatcher typed stays; their email is shown, to ask about), "Returning customer" becomes the source when none was
 * chosen, and one of their appliances, picked, fills the appliance, brand, model and serial.
 * Only a customer with a request in the desk's offices is found: another office's caller is a
 * stranger here.
 */
import type { KnownCaller } from "~/domain/customers";

import type { Database } from "../db/database";
import type { StaffMember } from "../desk/staff-accounts.server";
import { findCaller } from "./customers.server";

export interface CallerFill {
  fieldErrors: Partial<Record<string, string>>;
  caller: KnownCaller | null;
  values: Record<string, string>;
}

const phoneMessage = "Type the caller's phone, ten digits, to find them";

/** The form's fields with the known caller's filled in; `intent` "appliance:<request>" picks one. */
export async function fillInCaller(
  db: Database,
  staff: StaffMember,
  typed: Record<string, string>,
  intent: string,
): Promise<CallerFill> {
  const values = { ...typed };
  delete values.intent;
  const phone = values.phone ?? "";
  if (phone.replace(/\D/g, "").length < 10) {
    return { fieldErrors: { phone: phoneMessage }, caller: null, values };
  }
  const found = await findCaller(db, staff, phone);
  if (!found) return { fieldErrors: {}, caller: null, values };
  const { caller, contact } = found;
  // The email is shown, not filled: it may be a stranger's typed with this phone, and the
  // private link goes to it. The dispatcher asks the caller first.
  for (const field of ["name", "address", "zipCode"] as const) {
    if (!values[field]?.trim() && contact[field]) values[field] = contact[field];
  }
  if (!values.source) values.source = "returning-customer";
  const picked = intent.startsWith("appliance:")
    ? caller.appliances.find((appliance) => `appliance:${appliance.requestId}` === intent)
    : undefined;
  if (picked) {
    values.selectedAppliance = picked.selectedAppliance;
    values.brand = picked.brand;
    values.model = picked.model;
    values.serialNumber = picked.serialNumber;
  }
  return { fieldErrors: {}, caller, values };
}
