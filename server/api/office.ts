import { companyProfiles, defaultProfile, type CompanyProfile } from "~/content/company";
import { isValidIsoDate, serviceRequestSchema } from "~/features/booking/schema";

import { isoDateIn } from "../mail/time-zone";

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

function withDateRule(today: string) {
  const { preferredDate } = serviceRequestSchema.shape;
  return serviceRequestSchema.extend({
    preferredDate: preferredDate.refine(
      (value) => !isValidIsoDate(value) || value >= today,
      pastDateMessage,
    ),
  });
}

type ServiceRequestServerSchema = ReturnType<typeof withDateRule>;

// One schema per office day: a handful at most, each built once.
const schemasByDay = new Map<string, ServiceRequestServerSchema>();

/** The shared schema plus the server's rule: no preferred date before today at the office. */
export function serviceRequestSchemaFor(
  office: CompanyProfile,
  now: Date,
): ServiceRequestServerSchema {
  const today = isoDateIn(now, office.timeZone);
  let schema = schemasByDay.get(today);
  if (!schema) {
    if (schemasByDay.size > 8) schemasByDay.clear();
    schema = withDateRule(today);
    schemasByDay.set(today, schema);
  }
  return schema;
}
