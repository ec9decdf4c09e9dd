import { defaultStateSlug, serviceStates, type StateSlug } from "./states";

export const brandName = "Easy Appliance Repair";

export const tagline =
  "We'll go out of our way to provide you with the best service you've ever received";

export const workingHours = {
  weekdays: "Mon - Sat",
  weekdaysHours: "8:00 AM - 6:00 PM",
  closedDays: "Sunday",
  /** schema.org form of the same hours. */
  opens: "08:00",
  closes: "18:00",
} as const;

export interface PhoneNumber {
  areaCode: string;
  prefix: string;
  line: string;
}

export interface CompanyProfile {
  stateSlug: StateSlug;
  name: string;
  shortName: string;
  street: string;
  /** City, state and ZIP: the second line of the address. */
  region: string;
  address: string;
  city: string;
  postalCode: string;
  phone: PhoneNumber;
  phoneForCall: string;
  email: string;
  weekdays: string;
  weekdaysHours: string;
  closedDays: string;
  hours: string;
  latitude: number;
  longitude: number;
  /** The office's time zone: appointment windows are in it. */
  timeZone: "America/New_York" | "America/Chicago";
  timeZoneLabel: "Eastern" | "Central";
}

interface OfficeFacts {
  stateSlug: StateSlug;
  city: string;
  street: string;
  postalCode: string;
  phone: PhoneNumber;
  emailLocalPart: string;
  latitude: number;
  longitude: number;
  timeZone: CompanyProfile["timeZone"];
}

export const companyDomain = "easyappliancerepair.com";

const officeFacts: readonly OfficeFacts[] = [
  {
    stateSlug: "virginia",
    city: "Fairfax",
    street: "3975 University Dr, Suite 310",
    postalCode: "22030",
    phone: { areaCode: "703", prefix: "555", line: "0148" },
    emailLocalPart: "virginia",
    latitude: 38.8462,
    longitude: -77.3064,
    timeZone: "America/New_York",
  },
  {
    stateSlug: "new-jersey",
    city: "Bridgewater",
    street: "1200 US Highway 22 East, Suite 118",
    postalCode: "08807",
    phone: { areaCode: "908", prefix: "555", line: "0163" },
    emailLocalPart: "newjersey",
    latitude: 40.5944,
    longitude: -74.6049,
    timeZone: "America/New_York",
  },
  {
    stateSlug: "texas",
    city: "Houston",
    street: "5353 West Alabama St, Suite 415",
    postalCode: "77056",
    phone: { areaCode: "713", prefix: "555", line: "0127" },
    emailLocalPart: "texas",
    latitude: 29.7385,
    longitude: -95.4701,
    timeZone: "America/Chicago",
  },
  {
    stateSlug: "north-carolina",
    city: "Sanford",
    street: "1410 S Horner Blvd, Unit B",
    postalCode: "27330",
    phone: { areaCode: "919", prefix: "555", line: "0182" },
    emailLocalPart: "northcarolina",
    latitude: 35.4633,
    longitude: -79.1781,
    timeZone: "America/New_York",
  },
  {
    stateSlug: "florida",
    city: "Spring Hill",
    street: "4137 Commercial Way",
    postalCode: "34606",
    phone: { areaCode: "352", prefix: "555", line: "0119" },
    emailLocalPart: "florida",
    latitude: 28.4831,
    longitude: -82.5489,
    timeZone: "America/New_York",
  },
  {
    stateSlug: "massachusetts",
    city: "Hingham",
    street: "94 Derby St, Suite 225",
    postalCode: "02043",
    phone: { areaCode: "781", prefix: "555", line: "0136" },
    emailLocalPart: "massachusetts",
    latitude: 42.1757,
    longitude: -70.9086,
    timeZone: "America/New_York",
  },
];

export function formatPhone(phone: PhoneNumber): string {
  return `(${phone.areaCode}) ${phone.prefix}-${phone.line}`;
}

function profileFrom(facts: OfficeFacts): CompanyProfile {
  const state = serviceStates.find((candidate) => candidate.slug === facts.stateSlug);
  if (!state) throw new Error(`Unknown state ${facts.stateSlug}`);
  const region = `${facts.city}, ${state.abbreviation} ${facts.postalCode}`;
  return {
    stateSlug: facts.stateSlug,
    name: `${brandName} of ${state.name}`,
    shortName: brandName,
    street: facts.street,
    region,
    address: `${facts.street}, ${region}`,
    city: facts.city,
    postalCode: facts.postalCode,
    phone: facts.phone,
    phoneForCall: `+1${facts.phone.areaCode}${facts.phone.prefix}${facts.phone.line}`,
    email: `${facts.emailLocalPart}@${companyDomain}`,
    weekdays: workingHours.weekdays,
    weekdaysHours: workingHours.weekdaysHours,
    closedDays: workingHours.closedDays,
    hours: `${workingHours.weekdays}, ${workingHours.weekdaysHours}`,
    latitude: facts.latitude,
    longitude: facts.longitude,
    timeZone: facts.timeZone,
    timeZoneLabel: facts.timeZone === "America/Chicago" ? "Central" : "Eastern",
  };
}

export const companyProfiles: readonly CompanyProfile[] = officeFacts.map(profileFrom);

export function profileForState(slug: StateSlug): CompanyProfile {
  const profile = companyProfiles.find((candidate) => candidate.stateSlug === slug);
  if (!profile) throw new Error(`No company profile for ${slug}`);
  return profile;
}

export const defaultProfile = profileForState(defaultStateSlug);
