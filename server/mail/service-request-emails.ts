/**
 * The emails a new service request causes: the office's, with everything the visitor typed, and
 * the homeowner's confirmation, which repeats none of it (whoever typed the email address may be
 * a stranger using ours to reach someone else) and carries the private link as a placeholder
 * the outbox worker fills in when it sends.
 */
import { formatPhone } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { timeSlots, type ServiceRequest } from "~/domain/service-request";
import { safetyConcerns, safetyLabels } from "~/domain/safety";
import { formatVisit } from "~/domain/visit";
import type { PricePolicy } from "~/domain/after-the-job";
import { serviceCallSentence } from "~/domain/prices";

import { messageId, type MailContext } from "./context";
import {
  deskLink,
  brandedHtml,
  brandedText,
  escapeHtml,
  fieldsAsHtml,
  fieldsAsText,
  formatLongDate,
  headerSafe,
  htmlDocument,
  prefersSpanishNote,
  type BrandedEmail,
  type EmailField,
} from "./format";
import type { OutgoingEmail } from "./message";
import { spanishAppliance, spanishHours, spanishOfficeName } from "./spanish-words";
import { homeownerLink, visitCalendarFile } from "./visit-emails";

/**
 * A stored request; `requestUrl` is the homeowner's private page, for their email only (stored as
 * a placeholder, see ./private-links.ts).
 */
export type StoredServiceRequest = ServiceRequest & {
  id: string;
  /** The short reference the homeowner is given ("R-7K3F"). */
  reference: string;
  requestUrl: string;
};

function timeSlotOf(request: ServiceRequest) {
  return timeSlots.find((slot) => slot.id === request.preferredTime);
}

/** "8:00 AM - 12:00 PM Central", or "" when no time was chosen. */
function timeWindow(request: ServiceRequest, context: MailContext): string {
  const slot = timeSlotOf(request);
  return slot ? `${slot.window} ${context.office.timeZoneLabel}` : "";
}

function preferredDate(request: ServiceRequest): string {
  return request.preferredDate === "" ? "" : formatLongDate(request.preferredDate);
}

/** `pricePolicy`: the office's (server/prices/price-policy.ts); none, and no fee is mentioned. */
export function serviceRequestEmails(
  request: StoredServiceRequest,
  context: MailContext,
  pricePolicy: PricePolicy | null = null,
): OutgoingEmail[] {
  const emails = [companyEmail(request, context)];
  if (request.email !== "") emails.push(customerConfirmation(request, context, pricePolicy));
  return emails;
}

function companyEmail(request: StoredServiceRequest, context: MailContext): OutgoingEmail {
  const appliance = applianceName(request.selectedAppliance);
  const prefersSpanish = prefersSpanishNote(request.language);
  const fields: EmailField[] = [
    ...prefersSpanish.fields,
    { label: "Appliance", value: appliance },
    { label: "Name", value: request.name },
    { label: "Email", value: request.email },
    { label: "Phone", value: request.phone },
    { label: "Address", value: request.address },
    { label: "ZIP code", value: request.zipCode },
    { label: "Preferred date", value: preferredDate(request) },
    { label: "Preferred time", value: timeWindow(request, context) },
    { label: "Brand", value: request.brand },
    { label: "Model", value: request.model },
    { label: "Serial number", value: request.serialNumber },
    { label: "Description", value: request.description },
    { label: "Notes", value: request.notes },
    { label: "Office", value: context.office.name },
    { label: "Reference", value: request.reference },
    { label: "Request ID", value: request.id },
  ];
  // A danger leads the subject, so the office sees it in the inbox list: "Gas smell: Dryer - …".
  const dangers = safetyConcerns(request.description).map((concern) => safetyLabels[concern]);
  const title = `${
    dangers.length > 0
      ? `${dangers.join(", ")}: ${appliance} - new service request from ${request.name}`
      : `New service request: ${appliance} — ${request.name}`
  }${prefersSpanish.subjectSuffix}`;
  const desk = deskLink(context.siteUrl, request.id);
  return {
    kind: "service-request.company",
    cause: "website",
    message: {
      from: context.from,
      to: context.companyRecipient,
      ...(request.email !== ""
        ? { replyTo: { name: headerSafe(request.name), address: request.email } }
        : {}),
      subject: headerSafe(title),
      text: `${title}\n\n${fieldsAsText(fields)}\n\n${desk.text}\n`,
      html: htmlDocument(
        title,
        `<h1 style="font-size:20px">${escapeHtml(title)}</h1>\n${fieldsAsHtml(fields)}\n${desk.html}`,
      ),
      messageId: messageId(`service-request-${request.id}`, context),
    },
  };
}

/** The confirmation's words in Spanish, for a homeowner who booked on the Spanish pages. */
function spanishConfirmation(
  request: StoredServiceRequest,
  context: MailContext,
  pricePolicy: PricePolicy | null,
  link: string,
): { email: BrandedEmail; subject: string } {
  const { office } = context;
  const appliance = spanishAppliance(request.selectedAppliance);
  const phone = formatPhone(office.phone);
  const visit =
    request.preferredDate === ""
      ? ""
      : formatVisit(request.preferredDate, request.preferredTime, office.timeZoneLabel, {
          spanish: true,
        });
  return {
    subject: `Recibimos su solicitud de servicio: ${appliance}`,
    email: {
      language: "es",
      title: "Recibimos su solicitud de reparación",
      preview: `Reparación de ${appliance}${visit === "" ? "" : `, ${visit}`}. Referencia ${request.reference}.`,
      siteUrl: context.siteUrl,
      companyName: spanishOfficeName(office),
      facts: [
        { label: "Referencia", value: request.reference },
        { label: "Electrodoméstico", value: appliance },
        {
          label: "Visita preferida",
          value: visit === "" ? "Lo llamaremos para programarla" : visit,
        },
      ],
      action: link === "" ? null : { label: "Ver o cambiar su solicitud", url: link },
      paragraphs: [
        `Gracias por elegir a ${office.shortName}. Recibimos su solicitud para reparar su ${appliance}.`,
        visit === ""
          ? "Lo llamaremos en breve para programar la visita."
          : "Lo llamaremos para confirmar el horario. Mientras tanto, en la página de su solicitud puede cambiar o cancelar la visita, o agregar fotos del problema.",
        ...(pricePolicy ? [serviceCallSentence(pricePolicy, "es")] : []),
        `¿Preguntas o cambios? Llámenos al ${phone}, de ${spanishHours}, y dé su referencia, ${request.reference}.`,
      ],
      footer: [spanishOfficeName(office), phone, `De ${spanishHours}`],
    },
  };
}

function customerConfirmation(
  request: StoredServiceRequest,
  context: MailContext,
  pricePolicy: PricePolicy | null,
): OutgoingEmail {
  const { office } = context;
  const appliance = applianceName(request.selectedAppliance);
  const phone = formatPhone(office.phone);
  const visit =
    request.preferredDate === ""
      ? ""
      : formatVisit(request.preferredDate, request.preferredTime, office.timeZoneLabel, {
          longDay: true,
        });
  const link = homeownerLink(request.requestUrl, request.id, context);
  const email: BrandedEmail = {
    title: "We received your repair request",
    preview: `${appliance} repair${visit === "" ? "" : `, ${visit}`}. Reference ${request.reference}.`,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: [
      { label: "Reference", value: request.reference },
      { label: "Appliance", value: appliance },
      { label: "Preferred visit", value: visit === "" ? "We will call you to schedule it" : visit },
    ],
    action: link === "" ? null : { label: "See or change your request", url: link },
    paragraphs: [
      `Thank you for choosing ${office.shortName}. We received your request to repair your ${appliance}.`,
      visit === ""
        ? "We will call you shortly to schedule the visit."
        : "We will call you to confirm the time. Until then you can move or cancel the visit, or add photos of the problem, on your request's page.",
      ...(pricePolicy ? [serviceCallSentence(pricePolicy)] : []),
      `Questions or changes? Call us at ${phone}, ${office.hours}, and give your reference, ${request.reference}.`,
    ],
    footer: [office.name, phone, office.hours],
  };
  const spanish =
    request.language === "es" ? spanishConfirmation(request, context, pricePolicy, link) : null;
  const slot = timeSlotOf(request);
  const subject = spanish?.subject ?? `We received your service request: ${appliance}`;
  // The first version of the visit's calendar event: SEQUENCE 0, tentative until the office books it.
  const invite = visitCalendarFile(
    {
      requestId: request.id,
      name: request.name,
      email: request.email,
      appliance: request.selectedAppliance,
      address: request.address,
      date: request.preferredDate === "" ? null : request.preferredDate,
      window: slot?.id ?? null,
      sequence: 0,
      requestUrl: request.requestUrl,
      language: request.language,
    },
    context,
    { method: "REQUEST", status: "TENTATIVE" },
  );
  return {
    kind: "service-request.customer",
    cause: "website",
    message: {
      from: context.from,
      to: request.email,
      replyTo: { name: office.name, address: office.email },
      subject,
      text: brandedText(spanish?.email ?? email),
      html: brandedHtml(spanish?.email ?? email),
      messageId: messageId(`service-request-${request.id}-confirmation`, context),
      ...(invite ? { attachments: [invite] } : {}),
    },
  };
}
