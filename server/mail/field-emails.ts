/**
 * The emails the technician's taps send: the homeowner's On my way, with the arrival time, and
 * Needs a part; the office's Can't fix. Like every homeowner's email the first two repeat nothing
 * the homeowner typed and link only their own page (a placeholder the outbox worker fills in).
 */
import { formatPhone } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { formatMoney } from "~/domain/money";
import { depositActionLabel } from "~/domain/payments";
import { formatUsPhone } from "~/lib/form-rules";

import { messageId, type MailContext } from "./context";
import {
  brandedHtml,
  brandedText,
  deskLink,
  escapeHtml,
  fieldsAsHtml,
  fieldsAsText,
  headerSafe,
  htmlDocument,
  paragraphsAsHtml,
  type BrandedEmail,
  type EmailField,
} from "./format";
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
  /** The part's price ("$275.00") and the deposit asked for it (in cents), when the technician gave them. */
  price?: string | null;
  deposit?: number | null;
}

/** Needs a part: what happens next, so the homeowner is not left wondering after the visit. */
export function partNeededEmail(visit: PartNeeded, context: MailContext): OutgoingEmail {
  const { office } = context;
  const appliance = applianceName(visit.appliance);
  const applianceNoun = applianceName(visit.appliance, { inSentence: true });
  const link = homeownerLink(visit.requestUrl, visit.requestId, context);
  const deposit = visit.deposit ?? null;
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
      ...(visit.price ? [{ label: "Part price", value: visit.price }] : []),
      ...(deposit
        ? [{ label: "Part deposit", value: formatMoney(deposit, { cents: "always" }) }]
        : []),
    ],
    action:
      link === ""
        ? null
        : deposit
          ? { label: depositActionLabel(deposit), url: `${link}#balance` }
          : { label: "See your visits", url: link },
    paragraphs: [
      deposit
        ? `${visit.technician} found that your ${applianceNoun} needs a part to finish the repair. We order it once its deposit is paid: the button above opens your request's page, where you pay by card on Stripe's secure page. No card fee is added, and the deposit counts toward your final bill.`
        : `${visit.technician} found that your ${applianceNoun} needs a part to finish the repair. We are ordering it now.`,
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

export interface CantFix {
  requestId: string;
  reference: string | null;
  /** The homeowner, to call: their name, phone (as typed) and email (the reply goes to it). */
  name: string;
  phone: string;
  email: string;
  appliance: string;
  address: string;
  /** The technician's full name: the office knows its people. */
  technician: string;
  /** The technician's words: why the repair could not be made. */
  reason: string;
  /** Which visit of the request ended so: each has its own email. */
  visitNumber: number;
}

/**
 * The office's email the moment a technician taps Can't fix: the homeowner's page says "the
 * office will call you", so the subject says whom to call and the number, and the body why,
 * with the lead's page (where the call is recorded) one click away.
 */
export function cantFixOfficeEmail(visit: CantFix, context: MailContext): OutgoingEmail {
  const appliance = applianceName(visit.appliance);
  const phone = formatUsPhone(visit.phone) || visit.phone;
  const title = `Can't fix: call ${visit.name}, ${phone}`;
  const fields: EmailField[] = [
    { label: "Reason", value: visit.reason },
    { label: "Technician", value: visit.technician },
    { label: "Reference", value: visit.reference ?? "" },
    { label: "Appliance", value: appliance },
    { label: "Name", value: visit.name },
    { label: "Phone", value: phone },
    { label: "Email", value: visit.email },
    { label: "Address", value: visit.address },
    { label: "Office", value: context.office.name },
  ];
  const note = [
    `${visit.technician} could not repair the ${applianceName(visit.appliance, { inSentence: true })} and ended the visit. The customer's page says the office will call them about what comes next: please call today.`,
    "Then record the call (what was agreed) on the lead's page: until then the lead is flagged first in the inbox.",
  ];
  const desk = deskLink(context.siteUrl, visit.requestId);
  const digits = visit.phone.replace(/[^\d+]/g, "");
  const callHtml =
    digits === ""
      ? ""
      : `<p><a href="tel:${escapeHtml(digits)}">Call ${escapeHtml(visit.name)}: ${escapeHtml(phone)}</a></p>\n`;
  return {
    kind: "visit.cant-fix.company",
    // A technician's tap: the field's, not a stranger's.
    cause: "office",
    message: {
      from: context.from,
      to: context.companyRecipient,
      ...(visit.email !== ""
        ? { replyTo: { name: headerSafe(visit.name), address: visit.email } }
        : {}),
      subject: headerSafe(title),
      text: `${title}\n\n${note.join("\n\n")}\n\n${fieldsAsText(fields)}\n\n${desk.text}\n`,
      html: htmlDocument(
        title,
        `<h1 style="font-size:20px">${escapeHtml(title)}</h1>\n${callHtml}${paragraphsAsHtml(note)}\n${fieldsAsHtml(fields)}\n${desk.html}`,
      ),
      messageId: messageId(
        `visit-${visit.requestId}-${visit.visitNumber}-cant-fix-company`,
        context,
      ),
    },
  };
}
