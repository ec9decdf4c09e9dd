/**
 * The emails the technician's taps send the homeowner: On my way, with the arrival time. Like
 * every homeowner's email it repeats nothing typed in the form and links only their own page
 * (a placeholder the outbox worker fills in).
 */
import { formatPhone } from "~/content/company";

import { messageId, type MailContext } from "./context";
import { brandedHtml, brandedText, headerSafe, type BrandedEmail } from "./format";
import type { OutgoingEmail } from "./message";
import { applianceNameOf, homeownerLink } from "./visit-emails";

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
    preview: `${applianceNameOf(visit.appliance)} repair: ${title}.`,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: [
      ...(visit.reference ? [{ label: "Reference", value: visit.reference }] : []),
      { label: "Appliance", value: applianceNameOf(visit.appliance) },
      { label: "Arriving about", value: `${visit.arrivingAbout} ${office.timeZoneLabel}` },
    ],
    action: link === "" ? null : { label: "See your visit", url: link },
    paragraphs: [
      `${visit.technician} from ${office.shortName} is on the way to repair your ${applianceNameOf(visit.appliance)}.`,
      `Need to reach us? Call ${formatPhone(office.phone)}.`,
    ],
    footer: [office.name, formatPhone(office.phone), office.hours],
  };
  return {
    kind: "visit.on-the-way.customer",
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
