/**
 * The emails a visit causes: to the homeowner (booked, moved, cancelled, the evening-before
 * reminder), each with the private link and the visit's calendar file, and to the office (what
 * the homeowner did on their page). The homeowner's address may have been typed by a stranger:
 * their emails repeat nothing typed in the form (no name, no address, no description), carry no
 * link but ours, and store the private link as a placeholder the outbox worker fills in. The
 * visit booked and the reminder use the confirmation's branded layout (./format.ts). The
 * homeowner's are in the request's language (issue 39): one builder per email, its words from
 * `visitWords` in English or Spanish. Past 250 lines on purpose: that rule is kept where every
 * visit email is written, with both languages' words beside it.
 */
import { formatPhone, type CompanyProfile } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { firstName } from "~/domain/names";
import { serviceCallTerms, type ServiceCallPolicy } from "~/domain/prices";
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
import { homeownerWords, type HomeownerWords } from "./homeowner-words";
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
  /** The homeowner's language (issue 39): their emails' and calendar file's words follow it. */
  language: Locale;
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
   * The service call the booking was shown (its fee and the office's rule, "waived when you go
   * ahead with the repair"): the booked visit's and the reminder's facts name it on a first
   * visit; null when none was set.
   */
  serviceCall?: ServiceCallPolicy | null;
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

/** A visit's kind as its emails name it: the first, the return visit after a part, a callback. */
type VisitKind = "repair" | "return" | "warranty";

/** What a homeowner's visit email says of the visit, whatever its language. */
interface VisitFacts {
  /** The appliance as a fact names it ("Dryer"; "secadora"). */
  appliance: string;
  /** The appliance inside a sentence ("dryer"; "secadora"). */
  applianceNoun: string;
  when: string | null;
  technician: string | null;
  reference: string | null;
  part: string | null;
  kind: VisitKind;
}

interface VisitWords {
  common: HomeownerWords;
  seeOrChange: string;
  visitLabel: string;
  callWithTime: string;
  serviceCallLabel: string;
  noChargeWarranty: string;
  serviceCall(policy: ServiceCallPolicy): string;
  /** The way to reach the office the visit emails end with. */
  callUs(office: CompanyProfile): string;
  scheduled(visit: VisitFacts, callUs: string): BrandedWords;
  rescheduled(visit: VisitFacts, callUs: string): PlainWords;
  cancelled(visit: VisitFacts, callUs: string, by: "customer" | "office"): PlainWords;
  reminder(visit: VisitFacts, callUs: string): BrandedWords;
}

interface PlainWords {
  subject: string;
  paragraphs: string[];
}

interface BrandedWords extends PlainWords {
  /** The heading: what happened ("Your repair visit is booked"). */
  title: string;
  preview: string;
}

const englishVisitKinds: Record<VisitKind, string> = {
  repair: "repair visit",
  return: "return visit",
  warranty: "warranty visit",
};

// All three are "visita": the adjectives agree with it.
const spanishVisitKinds: Record<VisitKind, string> = {
  repair: "visita de reparación",
  return: "visita de regreso",
  warranty: "visita de garantía",
};

/** The homeowner's visit emails' words in each language (issue 39): the same sentences. */
const visitWords: Record<Locale, VisitWords> = {
  en: {
    common: homeownerWords.en,
    seeOrChange: "See or change your visit",
    visitLabel: "Visit",
    callWithTime: "We will call you with the time",
    serviceCallLabel: "Service call",
    noChargeWarranty: "No charge: warranty visit",
    serviceCall: (policy) => serviceCallTerms(policy, "en"),
    callUs: (office) => `Call us at ${formatPhone(office.phone)}, ${office.hours}.`,
    scheduled(visit, callUs) {
      const what = englishVisitKinds[visit.kind];
      const { appliance, when } = visit;
      return {
        subject: when ? `Your ${what} is booked: ${when}` : `Your ${what} is booked`,
        title: `Your ${what} is booked`,
        preview: when
          ? `${appliance} ${what}: ${when}.${visit.reference ? ` Reference ${visit.reference}.` : ""}`
          : `${appliance} ${what}: we will call you with the time.`,
        paragraphs: [
          when
            ? `Your ${appliance} ${what} is booked for ${when}.`
            : `Your ${appliance} ${what} is booked. We will call you with the time.`,
          ...(visit.kind === "warranty"
            ? ["No charge: the repair is under warranty, so this visit is free."]
            : visit.kind === "return" && visit.part
              ? [`We will bring the part: ${visit.part}.`]
              : []),
          ...(visit.technician ? [`Your technician will be ${visit.technician}.`] : []),
          ...(when
            ? ["The calendar file attached to this email puts the visit in your calendar."]
            : []),
          `Questions or changes? ${callUs}`,
        ],
      };
    },
    rescheduled({ appliance, when }, callUs) {
      return {
        subject: when ? `Your new visit time: ${when}` : "Your repair visit was moved",
        paragraphs: [
          "Hello,",
          when
            ? `We received your change: your ${appliance} repair visit is now requested for ${when}.`
            : `We received your change to your ${appliance} repair visit.`,
          "We will call you to confirm the new time. Until then it shows as tentative in your calendar.",
          `Questions? ${callUs}`,
        ],
      };
    },
    cancelled({ appliance, when }, callUs, by) {
      const what = when
        ? `your ${appliance} repair visit on ${when}`
        : `your ${appliance} repair request`;
      return {
        subject: when ? "Your repair visit is cancelled" : "Your repair request is cancelled",
        paragraphs: [
          "Hello,",
          by === "customer"
            ? `As you asked, we cancelled ${what}.`
            : `We cancelled ${what}. If you did not expect this, please call us.`,
          ...(when
            ? ["The calendar file attached to this email removes the visit from your calendar."]
            : []),
          `Still need a repair, now or later? ${callUs}`,
        ],
      };
    },
    reminder({ appliance, when, technician }, callUs) {
      return {
        subject: "Reminder: your repair visit is tomorrow",
        title: "Your repair visit is tomorrow",
        preview: when ? `${appliance} repair: ${when}.` : `${appliance} repair: tomorrow.`,
        paragraphs: [
          when ? `Your repair visit is tomorrow, ${when}.` : "Your repair visit is tomorrow.",
          technician
            ? `${technician} will come to repair your ${appliance}.`
            : `Our technician will come to repair your ${appliance}.`,
          "Please make sure someone can let the technician in and the appliance is easy to reach.",
          `Need to change the time? ${callUs}`,
        ],
      };
    },
  },
  es: {
    common: homeownerWords.es,
    seeOrChange: "Ver o cambiar su visita",
    visitLabel: "Visita",
    callWithTime: "Lo llamaremos para darle el horario",
    serviceCallLabel: "Cargo por visita",
    noChargeWarranty: "Sin cargo: visita de garantía",
    serviceCall: (policy) => serviceCallTerms(policy, "es"),
    callUs: homeownerWords.es.call,
    scheduled(visit, callUs) {
      const what = spanishVisitKinds[visit.kind];
      const { applianceNoun, when } = visit;
      return {
        subject: when ? `Su ${what} está confirmada: ${when}` : `Su ${what} está confirmada`,
        title: `Su ${what} está confirmada`,
        preview: when
          ? `${capitalized(what)} para su ${applianceNoun}: ${when}.${visit.reference ? ` Referencia ${visit.reference}.` : ""}`
          : `${capitalized(what)} para su ${applianceNoun}: lo llamaremos para darle el horario.`,
        paragraphs: [
          when
            ? `Su ${what} para su ${applianceNoun} está confirmada para el ${when}.`
            : `Su ${what} para su ${applianceNoun} está confirmada. Lo llamaremos para darle el horario.`,
          ...(visit.kind === "warranty"
            ? [
                "No le cobraremos nada: la reparación tiene garantía, así que esta visita es gratis.",
              ]
            : visit.kind === "return" && visit.part
              ? [`Le llevaremos la pieza: ${visit.part}.`]
              : []),
          ...(visit.technician ? [`Su técnico será ${visit.technician}.`] : []),
          ...(when
            ? ["Con el archivo de calendario adjunto puede agregar la visita a su calendario."]
            : []),
          `¿Preguntas o cambios? ${callUs}`,
        ],
      };
    },
    rescheduled({ applianceNoun, when }, callUs) {
      return {
        subject: when ? `Nuevo horario de su visita: ${when}` : "Su visita de reparación cambió",
        paragraphs: [
          "Hola:",
          when
            ? `Recibimos su cambio: ahora la visita para reparar su ${applianceNoun} está solicitada para el ${when}.`
            : `Recibimos su cambio a la visita para reparar su ${applianceNoun}.`,
          "Lo llamaremos para confirmar el nuevo horario. Mientras tanto, aparecerá como provisional en su calendario.",
          `¿Preguntas? ${callUs}`,
        ],
      };
    },
    cancelled({ applianceNoun, when }, callUs, by) {
      const what = when
        ? `la visita para reparar su ${applianceNoun} del ${when}`
        : `su solicitud para reparar su ${applianceNoun}`;
      return {
        subject: when
          ? "Su visita de reparación fue cancelada"
          : "Su solicitud de reparación fue cancelada",
        paragraphs: [
          "Hola:",
          by === "customer"
            ? `Tal como nos pidió, cancelamos ${what}.`
            : `Cancelamos ${what}. Si no lo esperaba, por favor llámenos.`,
          ...(when
            ? ["Con el archivo de calendario adjunto, la visita se quita de su calendario."]
            : []),
          `¿Todavía necesita una reparación, ahora o más adelante? ${callUs}`,
        ],
      };
    },
    reminder({ applianceNoun, when, technician }, callUs) {
      return {
        subject: "Recordatorio: su visita de reparación es mañana",
        title: "Su visita de reparación es mañana",
        preview: when
          ? `Reparación de su ${applianceNoun}: ${when}.`
          : `Reparación de su ${applianceNoun}: mañana.`,
        paragraphs: [
          when
            ? `Su visita de reparación es mañana, ${when}.`
            : "Su visita de reparación es mañana.",
          technician
            ? `${technician} irá a reparar su ${applianceNoun}.`
            : `Nuestro técnico irá a reparar su ${applianceNoun}.`,
          "Por favor, asegúrese de que haya alguien en casa para abrirle al técnico y de que el electrodoméstico esté a la mano.",
          `¿Necesita cambiar el horario? ${callUs}`,
        ],
      };
    },
  },
};

function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function wordsFor(visit: VisitEmail): VisitWords {
  return visitWords[visit.language];
}

/** The visit as the homeowner's emails name it, in their language. */
function visitFacts(visit: VisitEmail, context: MailContext): VisitFacts {
  const { common } = wordsFor(visit);
  const returning = (visit.visitNumber ?? 1) > 1;
  return {
    appliance: common.appliance(visit.appliance),
    applianceNoun: common.applianceNoun(visit.appliance),
    when:
      visit.date && visit.window ? common.visit(visit.date, visit.window, context.office) : null,
    technician: technicianFirstName(visit),
    reference: visit.reference ?? null,
    part: visit.part ?? null,
    kind: visit.warrantyCallback ? "warranty" : returning ? "return" : "repair",
  };
}

interface CustomerEmailParts extends PlainWords {
  kind: string;
  cause: MessageCause;
  /** Distinct per email: the kind's word and the sequence. */
  idPart: string;
  attachment?: MessageAttachment | null;
}

/** The homeowner's email: their paragraphs, the private link, the office's name to sign. */
function customerEmail(
  visit: VisitEmail,
  context: MailContext,
  parts: CustomerEmailParts,
): OutgoingEmail {
  const { office } = context;
  const words = wordsFor(visit);
  const link = privateLink(
    words.seeOrChange,
    homeownerLink(visit.requestUrl, visit.requestId, context),
  );
  const subject = headerSafe(parts.subject);
  const signature = words.common.officeName(office);
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
        visit.language,
      ),
      messageId: messageId(`visit-${visit.requestId}-${parts.idPart}-${visit.sequence}`, context),
      ...(parts.attachment ? { attachments: [parts.attachment] } : {}),
    },
  };
}

interface BrandedVisitParts extends BrandedWords {
  kind: string;
  cause: MessageCause;
  /** Distinct per email: the kind's word and the sequence. */
  idPart: string;
  attachment?: MessageAttachment | null;
}

/** What the service call is on this visit: the booking's fee on a first visit, none on a warranty one. */
function serviceCallFact(visit: VisitEmail): string | null {
  const words = wordsFor(visit);
  if (visit.warrantyCallback) return words.noChargeWarranty;
  if ((visit.visitNumber ?? 1) > 1) return null;
  return visit.serviceCall ? words.serviceCall(visit.serviceCall) : null;
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
  const words = wordsFor(visit);
  const { labels } = words.common;
  const facts = visitFacts(visit, context);
  const link = homeownerLink(visit.requestUrl, visit.requestId, context);
  const serviceCall = serviceCallFact(visit);
  const email: BrandedEmail = {
    language: visit.language,
    title: parts.title,
    preview: parts.preview,
    siteUrl: context.siteUrl,
    companyName: words.common.officeName(office),
    facts: [
      ...(facts.reference ? [{ label: labels.reference, value: facts.reference }] : []),
      { label: labels.appliance, value: facts.appliance },
      { label: words.visitLabel, value: facts.when ?? words.callWithTime },
      ...(facts.technician ? [{ label: labels.technician, value: facts.technician }] : []),
      ...(serviceCall ? [{ label: words.serviceCallLabel, value: serviceCall }] : []),
    ],
    action: link === "" ? null : { label: words.seeOrChange, url: link },
    paragraphs: parts.paragraphs,
    footer: words.common.footer(office),
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

/** The office booked the visit: the homeowner's calendar gets it, confirmed. */
export function visitScheduledEmail(visit: VisitEmail, context: MailContext): OutgoingEmail {
  const words = wordsFor(visit);
  const returning = (visit.visitNumber ?? 1) > 1;
  return brandedVisitEmail(visit, context, {
    kind: "visit.scheduled.customer",
    cause: "office",
    idPart: returning ? `scheduled-visit-${visit.visitNumber}` : "scheduled",
    ...words.scheduled(visitFacts(visit, context), words.callUs(context.office)),
    attachment: visitCalendarFile(visit, context, { method: "REQUEST", status: "CONFIRMED" }),
  });
}

/** The homeowner moved the visit on their page: tentative in their calendar until the office confirms. */
export function visitRescheduledEmail(visit: VisitEmail, context: MailContext): OutgoingEmail {
  const words = wordsFor(visit);
  return customerEmail(visit, context, {
    kind: "visit.rescheduled.customer",
    cause: "website",
    idPart: "rescheduled",
    ...words.rescheduled(visitFacts(visit, context), words.callUs(context.office)),
    attachment: visitCalendarFile(visit, context, { method: "REQUEST", status: "TENTATIVE" }),
  });
}

/** The visit is off: the homeowner's calendar drops the event. */
export function visitCancelledEmail(
  visit: VisitEmail,
  context: MailContext,
  by: "customer" | "office",
): OutgoingEmail {
  const words = wordsFor(visit);
  return customerEmail(visit, context, {
    kind: "visit.cancelled.customer",
    cause: by === "office" ? "office" : "website",
    idPart: "cancelled",
    ...words.cancelled(visitFacts(visit, context), words.callUs(context.office), by),
    attachment: visitCalendarFile(visit, context, { method: "CANCEL", status: "CANCELLED" }),
  });
}

/** The evening before the visit. */
export function visitReminderEmail(visit: VisitEmail, context: MailContext): OutgoingEmail {
  const words = wordsFor(visit);
  return brandedVisitEmail(visit, context, {
    kind: "visit.reminder.customer",
    cause: "office",
    idPart: "reminder",
    ...words.reminder(visitFacts(visit, context), words.callUs(context.office)),
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
