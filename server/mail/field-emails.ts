/**
 * The emails the technician's taps send: the homeowner's On my way, with the arrival time, and
 * Needs a part; the office's Can't fix. Like every homeowner's email the first two repeat nothing
 * the homeowner typed and link only their own page (a placeholder the outbox worker fills in).
 */
import { formatPhone, type CompanyProfile } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { formatMoney } from "~/domain/money";
import { spanishZone } from "~/domain/office-time";
import { depositActionLabel } from "~/domain/payments";
import { formatUsPhone } from "~/lib/form-rules";
import type { Locale } from "~/lib/locale";

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
import { homeownerWords, type HomeownerWords } from "./homeowner-words";
import type { OutgoingEmail } from "./message";
import { spanishClock } from "./spanish-words";
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
  /** The homeowner's language (issue 39): the email's words follow it. */
  language: Locale;
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
  /** The homeowner's language (issue 39): the email's words follow it. */
  language: Locale;
}

/** What the technician's taps tell the homeowner, in each language (issue 39). */
interface FieldWords {
  common: HomeownerWords;
  /** "10:40 AM" as the language writes it. */
  clock(time: string): string;
  onTheWay: {
    title(technician: string, about: string): string;
    preview(appliance: string, title: string): string;
    arrivingAbout: string;
    zone(office: CompanyProfile): string;
    seeVisit: string;
    paragraphs(technician: string, appliance: string, office: CompanyProfile): string[];
  };
  partNeeded: {
    title(applianceNoun: string): string;
    preview(technician: string, applianceNoun: string): string;
    part: string;
    price: string;
    deposit: string;
    payDeposit(cents: number): string;
    seeVisits: string;
    paragraphs(
      technician: string,
      applianceNoun: string,
      deposit: boolean,
      office: CompanyProfile,
    ): string[];
  };
}

const fieldWords: Record<Locale, FieldWords> = {
  en: {
    common: homeownerWords.en,
    clock: (time) => time,
    onTheWay: {
      title: (technician, about) => `${technician} is on the way, arriving about ${about}`,
      preview: (appliance, title) => `${appliance} repair: ${title}.`,
      arrivingAbout: "Arriving about",
      zone: (office) => ` ${office.timeZoneLabel}`,
      seeVisit: "See your visit",
      paragraphs: (technician, appliance, office) => [
        `${technician} from ${office.shortName} is on the way to repair your ${appliance}.`,
        `Need to reach us? Call ${formatPhone(office.phone)}.`,
      ],
    },
    partNeeded: {
      title: (applianceNoun) => `Waiting for a part for your ${applianceNoun}`,
      preview: (technician, applianceNoun) =>
        `${technician} found the part your ${applianceNoun} needs; we will book the return visit.`,
      part: "Part needed",
      price: "Part price",
      deposit: "Part deposit",
      payDeposit: depositActionLabel,
      seeVisits: "See your visits",
      paragraphs: (technician, applianceNoun, deposit, office) => [
        deposit
          ? `${technician} found that your ${applianceNoun} needs a part to finish the repair. We order it once its deposit is paid: the button above opens your request's page, where you pay by card on Stripe's secure page. No card fee is added, and the deposit counts toward your final bill.`
          : `${technician} found that your ${applianceNoun} needs a part to finish the repair. We are ordering it now.`,
        "When it arrives we book your return visit and send you its time, with a calendar file for it.",
        `Questions? Call ${formatPhone(office.phone)}, ${office.hours}.`,
      ],
    },
  },
  es: {
    common: homeownerWords.es,
    clock: spanishClock,
    onTheWay: {
      // "a eso de la 1:15 p. m.", "a eso de las 10:40 a. m.".
      title: (technician, about) =>
        `${technician} va en camino y llega a eso de ${/^1:/.test(about) ? "la" : "las"} ${about}`,
      preview: (appliance, title) => `Reparación de su ${appliance}: ${title}.`,
      arrivingAbout: "Llega a eso de",
      zone: (office) => `, ${spanishZone(office.timeZoneLabel)}`,
      seeVisit: "Ver su visita",
      paragraphs: (technician, appliance, office) => [
        `${technician}, de ${office.shortName}, va en camino para reparar su ${appliance}.`,
        `¿Necesita comunicarse con nosotros? Llame al ${formatPhone(office.phone)}.`,
      ],
    },
    partNeeded: {
      title: (applianceNoun) => `Esperando una pieza para su ${applianceNoun}`,
      preview: (technician, applianceNoun) =>
        `${technician} encontró la pieza que necesita su ${applianceNoun}; programaremos la visita de regreso.`,
      part: "Pieza necesaria",
      price: "Precio de la pieza",
      deposit: "Depósito por la pieza",
      payDeposit: (cents) =>
        `Aprobar y pagar el depósito de ${formatMoney(cents, { cents: "when-needed" })} por la pieza`,
      seeVisits: "Ver sus visitas",
      paragraphs: (technician, applianceNoun, deposit, office) => [
        deposit
          ? `${technician} encontró que su ${applianceNoun} necesita una pieza para terminar la reparación. La pedimos en cuanto se pague el depósito: el botón de arriba abre la página de su solicitud, donde puede pagar con tarjeta en la página segura de Stripe. No se cobra nada extra por pagar con tarjeta, y el depósito se descuenta de su cuenta final.`
          : `${technician} encontró que su ${applianceNoun} necesita una pieza para terminar la reparación. Ya la estamos pidiendo.`,
        "Cuando llegue, programaremos su visita de regreso y le enviaremos el horario, con un archivo para su calendario.",
        `¿Preguntas? ${homeownerWords.es.call(office)}`,
      ],
    },
  },
};

export function onTheWayEmail(visit: OnTheWay, context: MailContext): OutgoingEmail {
  const { office } = context;
  const words = fieldWords[visit.language];
  const { common } = words;
  const link = homeownerLink(visit.requestUrl, visit.requestId, context);
  const about = words.clock(visit.arrivingAbout);
  const title = words.onTheWay.title(visit.technician, about);
  const email: BrandedEmail = {
    language: visit.language,
    title,
    preview: words.onTheWay.preview(common.appliance(visit.appliance), title),
    siteUrl: context.siteUrl,
    companyName: common.officeName(office),
    facts: [
      ...(visit.reference ? [{ label: common.labels.reference, value: visit.reference }] : []),
      { label: common.labels.appliance, value: common.appliance(visit.appliance) },
      { label: words.onTheWay.arrivingAbout, value: `${about}${words.onTheWay.zone(office)}` },
    ],
    action: link === "" ? null : { label: words.onTheWay.seeVisit, url: link },
    paragraphs: words.onTheWay.paragraphs(
      visit.technician,
      common.appliance(visit.appliance),
      office,
    ),
    footer: common.footer(office),
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

/** Needs a part: what happens next, so the homeowner is not left wondering after the visit. */
export function partNeededEmail(visit: PartNeeded, context: MailContext): OutgoingEmail {
  const { office } = context;
  const words = fieldWords[visit.language];
  const { common, partNeeded } = words;
  const applianceNoun = common.applianceNoun(visit.appliance);
  const link = homeownerLink(visit.requestUrl, visit.requestId, context);
  const deposit = visit.deposit ?? null;
  const title = partNeeded.title(applianceNoun);
  const email: BrandedEmail = {
    language: visit.language,
    title,
    preview: partNeeded.preview(visit.technician, applianceNoun),
    siteUrl: context.siteUrl,
    companyName: common.officeName(office),
    facts: [
      ...(visit.reference ? [{ label: common.labels.reference, value: visit.reference }] : []),
      { label: common.labels.appliance, value: common.appliance(visit.appliance) },
      { label: partNeeded.part, value: visit.part },
      ...(visit.price ? [{ label: partNeeded.price, value: visit.price }] : []),
      ...(deposit
        ? [{ label: partNeeded.deposit, value: formatMoney(deposit, { cents: "always" }) }]
        : []),
    ],
    action:
      link === ""
        ? null
        : deposit
          ? { label: partNeeded.payDeposit(deposit), url: `${link}#balance` }
          : { label: partNeeded.seeVisits, url: link },
    paragraphs: partNeeded.paragraphs(visit.technician, applianceNoun, Boolean(deposit), office),
    footer: common.footer(office),
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
