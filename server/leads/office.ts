import { isoDateIn } from "~/lib/dates";
import { companyProfiles, defaultProfile, type CompanyProfile } from "~/content/company";
import { isValidIsoDate, serviceRequestSchema, tooFarAheadMessage } from "~/domain/service-request";

import type { ServerConfig } from "../config";
import { addDays } from "../requests/windows";

/**
 * The office a submission is for: the profile whose address the page sent as `companyEmail`,
 * otherwise Texas. Any other address is ignored (and logged): it is never a recipient.
 */
export function officeFor(companyEmail: unknown): CompanyProfile {
  if (typeof companyEmail !== "string" || companyEmail.trim() === "") return defaultProfile;
  const address = companyEmail.trim().toLowerCase();
  const profile = companyProfiles.find((candidate) => candidate.email === address);
  if (profile) return profile;
  console.warn(
    `Ignored companyEmail ${JSON.stringify(companyEmail.slice(0, 254))}: not a company address`,
  );
  return defaultProfile;
}

export const pastDateMessage = "Please choose today or a later date";

function withDateRules(today: string, daysAhead: number) {
  const { preferredDate } = serviceRequestSchema.shape;
  const latest = addDays(today, daysAhead);
  return serviceRequestSchema.extend({
    preferredDate: preferredDate
      .refine((value) => !isValidIsoDate(value) || value >= today, pastDateMessage)
      .refine((value) => !isValidIsoDate(value) || value <= latest, tooFarAheadMessage(daysAhead)),
  });
}

type ServiceRequestServerSchema = ReturnType<typeof withDateRules>;

// One schema per office day: a handful at most, each built once.
const schemasByDay = new Map<string, ServiceRequestServerSchema>();

/**
 * The shared schema plus the server's rules, which need the office's "today": no preferred date
 * before it, nor more than `BOOKING_DAYS_AHEAD` days after it.
 */
export function serviceRequestSchemaFor(
  office: CompanyProfile,
  now: Date,
  { BOOKING_DAYS_AHEAD: daysAhead }: Pick<ServerConfig, "BOOKING_DAYS_AHEAD">,
): ServiceRequestServerSchema {
  const today = isoDateIn(now, office.timeZone);
  const key = `${today}+${daysAhead}`;
  let schema = schemasByDay.get(key);
  if (!schema) {
    if (schemasByDay.size > 8) schemasByDay.clear();
    schema = withDateRules(today, daysAhead);
    schemasByDay.set(key, schema);
  }
  return schema;
}
