/**
 * The emails a visit causes: to the homeowner (booked, moved, cancelled, the evening-before
 * reminder), each with the private link and the visit's calendar file, and to the office (what
 * the homeowner did on their page). The homeowner's address may have been typed by a stranger:
 * their emails repeat nothing typed in the form (no name, no address, no description), carry no
 * link but ours, and store the private link as a placeholder the outbox worker fills in. The
 * visit booked and the reminder use the confirmation's branded layout (./format.ts). Past 250
 * lines on purpose: that rule is kept where every visit email is written.
 */
import { formatPhone } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { firstName } from "~/domain/names";
import { timeSlots, type TimeSlotId } from "~/domain/time-slots";
import { formatVisit } from "~/domain/visit";
import type { Locale } from "~/lib/locale";

import { calendarAttachment, visitUid, type CalendarEvent, type CalendarUpdate } from "./calendar";
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
  plainOrNull,
  type BrandedEmail,
  type EmailField,
} from "./format";
import type { MessageAttachment, MessageCause, OutgoingEmail } from "./message";
import { privateLinkPlaceholder } from "./private-links";
import { spanishAppliance } from "./spanish-words";

/** A service request's visit as its emails need it. */
export interface VisitEmail {
  requestId: string;
  name: string;
  /** The homeowner's emails are only made when this is not empty. */
  email: string;
  /** For the office's emails only (the homeowner's repeat nothing typed). */
  phone?: string;
  /** An id from app/content/appliances.ts. */
  appliance: string;
  address: string;
  /** The office's booking once scheduled, else the requested day and window; null when none. */
  date: string | null;
  window: TimeSlotId | null;
  technician?: string | null;
  /** The homeowner's language (issue 39): the calendar file's words follow it. */
  language?: Locale;
  /** The calendar SEQUENCE of this version of the visit. */
  sequence: number;
  /** 1 for the first visit, 2 for the return visit after a part, ...; 1 when left out. */
  visitNumber?: number;
  /** The part a return visit brings, as the technician wrote it. */
  part?: string | null;
  /** The visit is the warranty's no-charge callback ("Same problem again?"). */
  warrantyCallback?: boolean;
  /** The short reference the homeowner was given ("R-7K3F"); null for an older request. */
  reference?: string | null;
  /**
   * The service call the booking was shown ("$89, waived when you go ahead with the repair"):
   * the booked visit's and the reminder's facts name it on a first visit; null when none was set.
   */
  serviceCall?: string | null;
  /**
   * The homeowner's private page; "" for an email without it. The stored email holds a
   * placeholder instead (`homeownerLink`), filled in when it is sent.
   */
  requestUrl: string;
}

/** Where the homeowner's emails about `requestId` put their private link; "" for none. */
export function homeownerLink(requestUrl: string, requestId: string, context: MailContext): string {
  return requestUrl === "" ? "" : privateLinkPlaceholder(context.siteUrl, requestId);
}

function visitWhen(visit: VisitEmail, context: MailContext): string | null {
  return visit.date && visit.window
    ? formatVisit(visit.date, visit.window, context.office.timeZoneLabel)
    : null;
}

/** Only the first name of the technician reaches the homeowner. */
function technicianFirstName(visit: VisitEmail): string | null {
  return firstName(visit.technician) || null;
}

/** The line every email to the homeowner carries, in text and in HTML. */
export function privateLink(label: string, url: string): { text: string; html: string } | null {
  if (url === "") return null;
  return {
    text: `${label}: ${url}`,
    html: `<p>${escapeHtml(label)}: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
  };
}

/**
 * The visit's calendar file: the same UID, title and place in every version, so the homeowner's
 * calendar updates the event it has. None without a day and a window.
 */
export function visitCalendarFile(
  visit: VisitEmail,
  context: MailContext,
  update: CalendarUpdate,
): MessageAttachment | null {
  const slot = timeSlots.find((candidate) => candidate.id === visit.window);
  if (!visit.date || !slot) return null;
  const { office } = context;
  const appliance = applianceName(visit.appliance);
  const technician = technicianFirstName(visit);
  const link = homeownerLink(visit.requestUrl, visit.requestId, context);
  const spanish = visit.language === "es";
  const description = (
    spanish
      ? [
          `Reparación de ${spanishAppliance(visit.appliance)}, ${formatVisit(null, slot.id, office.timeZoneLabel, { spanish: true }).replace(/^cualquier día, /, "")}.`,
          ...(technician ? [`Técnico: ${technician}.`] : []),
          `Preguntas: ${formatPhone(office.phone)}.`,
          ...(link === "" ? [] : [`Ver o cambiar su visita: ${link}`]),
        ]
      : [
          `${appliance} repair, ${slot.window} ${office.timeZoneLabel}.`,
          ...(technician ? [`Technician: ${technician}.`] : []),
          `Questions: ${formatPhone(office.phone)}.`,
          ...(link === "" ? [] : [`See or change your visit: ${link}`]),
        ]
  ).join("\n");
  // The homeowner's own calendar knows where, unless what was typed could be made a link of.
  const location = plainOrNull(visit.address);
  const event: CalendarEvent = {
    ...update,
    uid: visitUid(visit.requestId, context.siteHost, visit.visitNumber),
    sequence: visit.sequence,
    stamp: context.createdAt,
    date: visit.date,
    start: slot.start,
    end: slot.end,
    timeZone: office.timeZone,
    summary: spanish
      ? `Visita de reparación de ${spanishAppliance(visit.appliance)}: ${office.shortName}`
      : `${appliance} repair visit: ${office.shortName}`,
    ...(location ? { location } : {}),
    description,
    organizer: { name: office.name, email: office.email },
    ...(visit.email === "" ? {} : { attendee: { email: visit.email } }),
    ...(link === "" ? {} : { url: link }),
  };
  return calendarAttachment(event);
}

interface CustomerEmailParts {
  kind: string;
  cause: MessageCause;
  /** Distinct per email: the kind's word and the sequence. */
  idPart: string;
  subject: string;
  paragraphs: string[];
  attachment?: MessageAttachment | null;
}

/** The homeowner's email: their paragraphs, the private link, the office's name to sign. */
function customerEmail(
  visit: VisitEmail,
  context: MailContext,
  parts: CustomerEmailParts,
): OutgoingEmail {
  const { office } = context;
  const link = privateLink(
    "See or change your visit",
    homeownerLink(visit.requestUrl, visit.requestId, context),
  );
  const subject = headerSafe(parts.subject);
  const signature = office.name;
  return {
    kind: parts.kind,
    cause: parts.cause,
    message: {
      from: context.from,
      to: visit.email,
      replyTo: { name: office.name, address: office.email },
      subject,
      text: [...parts.paragraphs, ...(link ? [link.text] : []), signature].join("\n\n") + "\n",
      html: htmlDocument(
        subject,
        [
          paragraphsAsHtml(parts.paragraphs),
          ...(link ? [link.html] : []),
          paragraphsAsHtml([signature]),
        ].join("\n"),
      ),
      messageId: messageId(`visit-${visit.requestId}-${parts.idPart}-${visit.sequence}`, context),
      ...(parts.attachment ? { attachments: [parts.attachment] } : {}),
    },
  };
}

interface BrandedVisitParts {
  kind: string;
  cause: MessageCause;
  /** Distinct per email: the kind's word and the sequence. */
  idPart: string;
  subject: string;
  /** The heading: what happened ("Your repair visit is booked"). */
  title: string;
  preview: string;
  paragraphs: string[];
  attachment?: MessageAttachment | null;
}

/** What the service call is on this visit: the booking's fee on a first visit, none on a warranty one. */
function serviceCallFact(visit: VisitEmail): string | null {
  if (visit.warrantyCallback) return "No charge: warranty visit";
  if ((visit.visitNumber ?? 1) > 1) return null;
  return visit.serviceCall ?? null;
}

/**
 * The homeowner's visit email in the confirmation's branded layout (./format.ts `brandedHtml`:
 * the logo, the facts in a box with the reference, the visit and the fee, one button to the
 * private page, the office below), with the same in its plain text.
 */
function brandedVisitEmail(
  visit: VisitEmail,
  context: MailContext,
  parts: BrandedVisitParts,
): OutgoingEmail {
  const { office } = context;
  const link = homeownerLink(visit.requestUrl, visit.requestId, context);
  const when = visitWhen(visit, context);
  const technician = technicianFirstName(visit);
  const serviceCall = serviceCallFact(visit);
  const phone = formatPhone(office.phone);
  const email: BrandedEmail = {
    title: parts.title,
    preview: parts.preview,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: [
      ...(visit.reference ? [{ label: "Reference", value: visit.reference }] : []),
      { label: "Appliance", value: applianceName(visit.appliance) },
      { label: "Visit", value: when ?? "We will call you with the time" },
      ...(technician ? [{ label: "Technician", value: technician }] : []),
      ...(serviceCall ? [{ label: "Service call", value: serviceCall }] : []),
    ],
    action: link === "" ? null : { label: "See or change your visit", url: link },
    paragraphs: parts.paragraphs,
    footer: [office.name, phone, office.hours],
  };
  return {
    kind: parts.kind,
    cause: parts.cause,
    message: {
      from: context.from,
      to: visit.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(parts.subject),
      text: brandedText(email),
      html: brandedHtml(email),
      messageId: messageId(`visit-${visit.requestId}-${parts.idPart}-${visit.sequence}`, context),
      ...(parts.attachment ? { attachments: [parts.attachment] } : {}),
    },
  };
}

function callUs(context: MailContext): string {
  const { office } = context;
  return `Call us at ${formatPhone(office.phone)}, ${office.hours}.`;
}

/** The office booked the visit: the homeowner's calendar gets it, confirmed. */
export function visitScheduledEmail(visit: VisitEmail, context: MailContext): OutgoingEmail {
  const appliance = applianceName(visit.appliance);
  const when = visitWhen(visit, context);
  const technician = technicianFirstName(visit);
  const returning = (visit.visitNumber ?? 1) > 1;
  const what = visit.warrantyCallback
    ? "warranty visit"
    : returning
      ? "return visit"
      : "repair visit";
  return brandedVisitEmail(visit, context, {
    kind: "visit.scheduled.customer",
    cause: "office",
    idPart: returning ? `scheduled-visit-${visit.visitNumber}` : "scheduled",
    subject: when ? `Your ${what} is booked: ${when}` : `Your ${what} is booked`,
    title: `Your ${what} is booked`,
    preview: when
      ? `${appliance} ${what}: ${when}.${visit.reference ? ` Reference ${visit.reference}.` : ""}`
      : `${appliance} ${what}: we will call you with the time.`,
    paragraphs: [
      when
        ? `Your ${appliance} ${what} is booked for ${when}.`
        : `Your ${appliance} ${what} is booked. We will call you with the time.`,
      ...(visit.warrantyCallback
        ? ["No charge: the repair is under warranty, so this visit is free."]
        : returning && visit.part
          ? [`We will bring the part: ${visit.part}.`]
          : []),
      ...(technician ? [`Your technician will be ${technician}.`] : []),
      ...(when
        ? ["The calendar file attached to this email puts the visit in your calendar."]
        : []),
      `Questions or changes? ${callUs(context)}`,
    ],
    attachment: visitCalendarFile(visit, context, { method: "REQUEST", status: "CONFIRMED" }),
  });
}

/** The homeowner moved the visit on their page: tentative in their calendar until the office confirms. */
export function visitRescheduledEmail(visit: VisitEmail, context: MailContext): OutgoingEmail {
  const appliance = applianceName(visit.appliance);
  const when = visitWhen(visit, context);
  return customerEmail(visit, context, {
    kind: "visit.rescheduled.customer",
    cause: "website",
    idPart: "rescheduled",
    subject: when ? `Your new visit time: ${when}` : "Your repair visit was moved",
    paragraphs: [
      "Hello,",
      when
        ? `We received your change: your ${appliance} repair visit is now requested for ${when}.`
        : `We received your change to your ${appliance} repair visit.`,
      "We will call you to confirm the new time. Until then it shows as tentative in your calendar.",
      `Questions? ${callUs(context)}`,
    ],
    attachment: visitCalendarFile(visit, context, { method: "REQUEST", status: "TENTATIVE" }),
  });
}

/** The visit is off: the homeowner's calendar drops the event. */
export function visitCancelledEmail(
  visit: VisitEmail,
  context: MailContext,
  by: "customer" | "office",
): OutgoingEmail {
  const appliance = applianceName(visit.appliance);
  const when = visitWhen(visit, context);
  const what = when
    ? `your ${appliance} repair visit on ${when}`
    : `your ${appliance} repair request`;
  return customerEmail(visit, context, {
    kind: "visit.cancelled.customer",
    cause: by === "office" ? "office" : "website",
    idPart: "cancelled",
    subject: when ? "Your repair visit is cancelled" : "Your repair request is cancelled",
    paragraphs: [
      "Hello,",
      by === "customer"
        ? `As you asked, we cancelled ${what}.`
        : `We cancelled ${what}. If you did not expect this, please call us.`,
      ...(when
        ? ["The calendar file attached to this email removes the visit from your calendar."]
        : []),
      `Still need a repair, now or later? ${callUs(context)}`,
    ],
    attachment: visitCalendarFile(visit, context, { method: "CANCEL", status: "CANCELLED" }),
  });
}

/** The evening before the visit. */
export function visitReminderEmail(visit: VisitEmail, context: MailContext): OutgoingEmail {
  const appliance = applianceName(visit.appliance);
  const when = visitWhen(visit, context);
  const technician = technicianFirstName(visit);
  return brandedVisitEmail(visit, context, {
    kind: "visit.reminder.customer",
    cause: "office",
    idPart: "reminder",
    subject: "Reminder: your repair visit is tomorrow",
    title: "Your repair visit is tomorrow",
    preview: when ? `${appliance} repair: ${when}.` : `${appliance} repair: tomorrow.`,
    paragraphs: [
      when ? `Your repair visit is tomorrow, ${when}.` : "Your repair visit is tomorrow.",
      technician
        ? `${technician} will come to repair your ${appliance}.`
        : `Our technician will come to repair your ${appliance}.`,
      "Please make sure someone can let the technician in and the appliance is easy to reach.",
      `Need to change the time? ${callUs(context)}`,
    ],
  });
}

const officeChangeTitles = {
  cancelled: "Cancelled by the customer",
  rescheduled: "Rescheduled by the customer",
  photos: "Photos added by the customer",
} as const;

const officeChangeNotes = {
  cancelled: "The customer cancelled this request on their request page.",
  rescheduled:
    "The customer moved the visit on their request page. Call them to confirm the new time.",
  photos: "The customer added photos on their request page. They are with the request on the desk.",
} as const;

/** What the homeowner did on their page, for the office. No private link: staff use the desk. */
export function officeVisitChangeEmail(
  visit: VisitEmail,
  context: MailContext,
  change: "cancelled" | "rescheduled" | "photos",
): OutgoingEmail {
  const appliance = applianceName(visit.appliance);
  const fields: EmailField[] = [
    { label: "Appliance", value: appliance },
    { label: "Name", value: visit.name },
    { label: "Email", value: visit.email },
    { label: "Phone", value: visit.phone ?? "" },
    { label: "Address", value: visit.address },
    {
      label: change === "rescheduled" ? "New time" : "Visit",
      value: visitWhen(visit, context) ?? "",
    },
    { label: "Office", value: context.office.name },
    { label: "Request ID", value: visit.requestId },
  ];
  const title = `${officeChangeTitles[change]}: ${appliance} — ${visit.name}`;
  const note = officeChangeNotes[change];
  const desk = deskLink(context.siteUrl, visit.requestId);
  // Photos do not move the calendar SEQUENCE: the time tells two such emails apart.
  const distinct =
    change === "photos" ? `${visit.sequence}-${context.createdAt.getTime()}` : `${visit.sequence}`;
  return {
    kind: `visit.${change}.company`,
    // Each is the homeowner's doing on the private page.
    cause: "website",
    message: {
      from: context.from,
      to: context.companyRecipient,
      ...(visit.email !== ""
        ? { replyTo: { name: headerSafe(visit.name), address: visit.email } }
        : {}),
      subject: headerSafe(title),
      text: `${title}\n\n${note}\n\n${fieldsAsText(fields)}\n\n${desk.text}\n`,
      html: htmlDocument(
        title,
        `<h1 style="font-size:20px">${escapeHtml(title)}</h1>\n${paragraphsAsHtml([note])}\n${fieldsAsHtml(fields)}\n${desk.html}`,
      ),
      messageId: messageId(`visit-${visit.requestId}-${change}-${distinct}-company`, context),
    },
  };
}
