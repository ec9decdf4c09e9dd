/**
 * The emails a contact message causes: the office's, with the whole message, and the visitor's
 * acknowledgement, which repeats nothing they typed (the address may be someone else's).
 */
import type { CompanyProfile } from "~/content/company";
import type { ContactMessage } from "~/domain/contact-message";
import type { Locale } from "~/lib/locale";

import { messageId, type MailContext } from "./context";
import {
  deskLink,
  escapeHtml,
  fieldsAsHtml,
  fieldsAsText,
  headerSafe,
  htmlDocument,
  paragraphsAsHtml,
  prefersSpanishNote,
} from "./format";
import { homeownerWords } from "./homeowner-words";
import type { OutgoingEmail } from "./message";

export type StoredContactMessage = ContactMessage & { id: string };

export function contactEmails(
  contact: StoredContactMessage,
  context: MailContext,
): OutgoingEmail[] {
  const emails = [companyEmail(contact, context)];
  if (contact.email !== "") emails.push(acknowledgement(contact, context));
  return emails;
}

function fullName(contact: ContactMessage): string {
  return `${contact.name} ${contact.lastName}`;
}

function companyEmail(contact: StoredContactMessage, context: MailContext): OutgoingEmail {
  const prefersSpanish = prefersSpanishNote(contact.language);
  const fields = [
    ...prefersSpanish.fields,
    { label: "First name", value: contact.name },
    { label: "Last name", value: contact.lastName },
    { label: "Email", value: contact.email },
    { label: "Phone", value: contact.phone },
    { label: "Subject", value: contact.subject },
    { label: "Message", value: contact.message },
    { label: "Office", value: context.office.name },
    { label: "Message ID", value: contact.id },
  ];
  const title = `New contact message: ${contact.subject} — ${fullName(contact)}${prefersSpanish.subjectSuffix}`;
  const desk = deskLink(context.siteUrl, contact.id);
  return {
    kind: "contact-message.company",
    cause: "website",
    message: {
      from: context.from,
      to: context.companyRecipient,
      ...(contact.email !== ""
        ? { replyTo: { name: headerSafe(fullName(contact)), address: contact.email } }
        : {}),
      subject: headerSafe(title),
      text: `${title}\n\n${fieldsAsText(fields)}\n\n${desk.text}\n`,
      html: htmlDocument(
        title,
        `<h1 style="font-size:20px">${escapeHtml(title)}</h1>\n${fieldsAsHtml(fields)}\n${desk.html}`,
      ),
      messageId: messageId(`contact-message-${contact.id}`, context),
    },
  };
}

/** The acknowledgement's words: it repeats nothing the visitor typed. */
const acknowledgementWords: Record<
  Locale,
  { subject: string; paragraphs(office: CompanyProfile): string[] }
> = {
  en: {
    subject: "We received your message",
    paragraphs: (office) => [
      "Hello,",
      `Thank you for writing to ${office.shortName}. We received your message and will reply within one business day.`,
      `Need us sooner? ${homeownerWords.en.call(office)}`,
      homeownerWords.en.officeName(office),
    ],
  },
  es: {
    subject: "Recibimos su mensaje",
    paragraphs: (office) => [
      "Hola:",
      `Gracias por escribir a ${office.shortName}. Recibimos su mensaje y le responderemos en un plazo de un día hábil.`,
      `¿Nos necesita antes? ${homeownerWords.es.call(office)}`,
      homeownerWords.es.officeName(office),
    ],
  },
};

function acknowledgement(contact: StoredContactMessage, context: MailContext): OutgoingEmail {
  const { office } = context;
  const words = acknowledgementWords[contact.language];
  const { subject } = words;
  const paragraphs = words.paragraphs(office);
  return {
    kind: "contact-message.visitor",
    cause: "website",
    message: {
      from: context.from,
      to: contact.email,
      replyTo: { name: office.name, address: office.email },
      subject,
      text: `${paragraphs.join("\n\n")}\n`,
      html: htmlDocument(subject, paragraphsAsHtml(paragraphs), contact.language),
      messageId: messageId(`contact-message-${contact.id}-acknowledgement`, context),
    },
  };
}
