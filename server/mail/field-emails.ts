/**
 * The emails the technician's taps send the homeowner: On my way, with the arrival time, and
 * Needs a part. Like every homeowner's email they repeat nothing the homeowner typed and link only
 * their own page (a placeholder the outbox worker fills in).
 */
import { formatPhone } from "~/content/company";
import { applianceName } from "~/domain/appliances";

import { messageId, type MailContext } from "./context";
import { brandedHtml, brandedText, headerSafe, type BrandedEmail } from "./format";
import type { OutgoingEmail } from "./message";
import { homeownerLink } from "./visit-emails";

export interface OnTheWay {
  requestId: string;
  email: string;
  appliance: string;
  reference: string | null;
  /** "Alex": the technician's first name only. */
  technician: string;
  /** "10:40 AM", in the office's time zone. */
  arrivingAbout: string;
  /** Distinct per tap: the tap's key, hashed. */
  tapId: string;
  requestUrl: string;
}

export function onTheWayEmail(visit: OnTheWay, context: MailContext): OutgoingEmail {
  const { office } = context;
  const link = homeownerLink(visit.requestUrl, visit.requestId, context);
  const title = `${visit.technician} is on the way, arriving about ${visit.arrivingAbout}`;
  const email: BrandedEmail = {
    title,
    preview: `${applianceName(visit.appliance)} repair: ${title}.`,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: [
      ...(visit.reference ? [{ label: "Reference", value: visit.reference }] : []),
      { label: "Appliance", value: applianceName(visit.appliance) },
      { label: "Arriving about", value: `${visit.arrivingAbout} ${office.timeZoneLabel}` },
    ],
    action: link === "" ? null : { label: "See your visit", url: link },
    paragraphs: [
      `${visit.technician} from ${office.shortName} is on the way to repair your ${applianceName(visit.appliance)}.`,
      `Need to reach us? Call ${formatPhone(office.phone)}.`,
    ],
    footer: [office.name, formatPhone(office.phone), office.hours],
  };
  return {
    kind: "visit.on-the-way.customer",
    cause: "office",
    message: {
      from: context.from,
      to: visit.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(title),
      text: brandedText(email),
      html: brandedHtml(email),
      messageId: messageId(`visit-${visit.requestId}-on-the-way-${visit.tapId}`, context),
    },
  };
}

export interface PartNeeded {
  requestId: string;
  email: string;
  appliance: string;
  reference: string | null;
  /** "Alex": the technician's first name only. */
  technician: string;
  /** The part as the technician wrote it (a staff member's words, not the homeowner's). */
  part: string;
  /** Distinct per tap: the tap's key, hashed. */
  tapId: string;
  requestUrl: string;
}

/** Needs a part: what happens next, so the homeowner is not left wondering after the visit. */
export function partNeededEmail(visit: PartNeeded, context: MailContext): OutgoingEmail {
  const { office } = context;
  const appliance = applianceName(visit.appliance);
  const applianceNoun = applianceName(visit.appliance, { inSentence: true });
  const link = homeownerLink(visit.requestUrl, visit.requestId, context);
  const title = `Waiting for a part for your ${applianceNoun}`;
  const email: BrandedEmail = {
    title,
    preview: `${visit.technician} found the part your ${applianceNoun} needs; we will book the return visit.`,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: [
      ...(visit.reference ? [{ label: "Reference", value: visit.reference }] : []),
      { label: "Appliance", value: appliance },
      { label: "Part needed", value: visit.part },
    ],
    action: link === "" ? null : { label: "See your visits", url: link },
    paragraphs: [
      `${visit.technician} found that your ${applianceNoun} needs a part to finish the repair. We are ordering it now.`,
      "When it arrives we book your return visit and send you its time, with a calendar file for it.",
      `Questions? Call ${formatPhone(office.phone)}, ${office.hours}.`,
    ],
    footer: [office.name, formatPhone(office.phone), office.hours],
  };
  return {
    kind: "visit.part-needed.customer",
    cause: "office",
    message: {
      from: context.from,
      to: visit.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(title),
      text: brandedText(email),
      html: brandedHtml(email),
      messageId: messageId(`visit-${visit.requestId}-part-needed-${visit.tapId}`, context),
    },
  };
}
