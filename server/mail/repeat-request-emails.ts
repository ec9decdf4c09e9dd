/**
 * The emails a repeat request causes (the same phone and appliance within a day, see
 * server/requests/repeats.ts). Whoever sent the repeat may be a stranger who knows the phone
 * number: they are told nothing of the first request. The first request's own email address, if
 * it has one, gets its private link again, in words that repeat nothing the sender typed; the
 * office gets what the repeat said, as "Repeat request".
 */
import { formatPhone, type CompanyProfile } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import type { ServiceRequest } from "~/domain/service-request";
import type { Locale } from "~/lib/locale";

import { messageId, type MailContext } from "./context";
import type { FirstRequest } from "../requests/repeats";
import {
  deskLink,
  escapeHtml,
  fieldsAsHtml,
  fieldsAsText,
  headerSafe,
  htmlDocument,
  paragraphsAsHtml,
  type EmailField,
} from "./format";
import { homeownerWords, type HomeownerWords } from "./homeowner-words";
import type { OutgoingEmail } from "./message";
import { homeownerLink, privateLink } from "./visit-emails";

/** The first request, as the repeat's emails need it. */
export interface RepeatedRequest {
  id: string;
  /** The first request's email address, given by whoever made it; "" when none. */
  email: string;
  appliance: string;
  requestUrl: string;
  changes: FirstRequest["changes"];
  /** The first request's language (issue 39): its homeowner's email is in it. */
  language: Locale;
}

export function repeatRequestEmails(
  first: RepeatedRequest,
  repeat: ServiceRequest & { id: string },
  /** The first request's office. */
  context: MailContext,
): OutgoingEmail[] {
  const emails = [officeNotice(first, repeat, context)];
  if (first.email !== "") emails.push(linkAgain(first, repeat.id, context));
  return emails;
}

function officeNotice(
  first: RepeatedRequest,
  repeat: ServiceRequest & { id: string },
  context: MailContext,
): OutgoingEmail {
  const appliance = applianceName(first.appliance);
  const fields: EmailField[] = [
    { label: "Appliance", value: appliance },
    { label: "Name", value: repeat.name },
    { label: "Email", value: repeat.email },
    { label: "Phone", value: repeat.phone },
    { label: "Address", value: repeat.address },
    { label: "ZIP code", value: repeat.zipCode },
    { label: "Preferred date", value: repeat.preferredDate },
    { label: "Preferred time", value: repeat.preferredTime },
    { label: "Brand", value: repeat.brand },
    { label: "Model", value: repeat.model },
    { label: "Serial number", value: repeat.serialNumber },
    { label: "Description", value: repeat.description },
    { label: "Notes", value: repeat.notes },
    { label: "First request ID", value: first.id },
  ];
  const title = `Repeat request: ${appliance} — ${repeat.phone}`;
  const intro =
    "A request with the same phone number and appliance came in again within a day. It was added to the first request's notes and timeline; no new lead was made. Call to confirm before acting on anything that changed.";
  const changed =
    first.changes.length === 0
      ? "Nothing changed: the same request was sent again."
      : `What changed:\n${first.changes.map((change) => `${change.label}: ${change.before || "—"} → ${change.after}`).join("\n")}`;
  const link = deskLink(context.siteUrl, first.id);
  return {
    kind: "service-request.repeat.company",
    cause: "website",
    message: {
      from: context.from,
      to: context.companyRecipient,
      subject: headerSafe(title),
      text: `${title}\n\n${intro}\n\n${changed}\n\n${link.text}\n\n${fieldsAsText(fields)}\n`,
      html: htmlDocument(
        title,
        `<h1 style="font-size:20px">${escapeHtml(title)}</h1>\n${paragraphsAsHtml([intro, changed])}\n${link.html}\n${fieldsAsHtml(fields)}`,
      ),
      messageId: messageId(`service-request-${repeat.id}-repeat`, context),
    },
  };
}

/** The homeowner's words in each language (issue 39). */
interface LinkAgainWords {
  common: HomeownerWords;
  subject(appliance: string): string;
  hello: string;
  received(appliance: string): string;
  notYou(office: CompanyProfile): string;
  link: string;
}

const linkAgainWords: Record<Locale, LinkAgainWords> = {
  en: {
    common: homeownerWords.en,
    subject: (appliance) => `Your ${appliance} repair request`,
    hello: "Hello,",
    received: (appliance) =>
      `We received another request for the repair of your ${appliance} with your phone number. Your request stands as it was: we added the new message for our office, and we will call you to confirm.`,
    notYou: (office) =>
      `If you did not send it, there is nothing to do. Questions? Call us at ${formatPhone(office.phone)}, ${office.hours}.`,
    link: "Follow, change or cancel your request",
  },
  es: {
    common: homeownerWords.es,
    subject: (appliance) => `Su solicitud para reparar su ${appliance}`,
    hello: "Hola:",
    received: (appliance) =>
      `Recibimos otra solicitud para reparar su ${appliance} con su número de teléfono. Su solicitud sigue igual: agregamos el nuevo mensaje para nuestra oficina y lo llamaremos para confirmar.`,
    notYou: (office) =>
      `Si usted no la envió, no tiene que hacer nada. ¿Preguntas? ${homeownerWords.es.call(office)}`,
    link: "Siga, cambie o cancele su solicitud",
  },
};

function linkAgain(first: RepeatedRequest, repeatId: string, context: MailContext): OutgoingEmail {
  const { office } = context;
  const words = linkAgainWords[first.language];
  // English names the appliance as a title would ("Your Dryer repair request"), as it always has.
  const appliance =
    first.language === "en"
      ? applianceName(first.appliance)
      : words.common.applianceNoun(first.appliance);
  const subject = words.subject(appliance);
  const paragraphs = [words.hello, words.received(appliance), words.notYou(office)];
  const link = privateLink(words.link, homeownerLink(first.requestUrl, first.id, context));
  const signature = words.common.officeName(office);
  return {
    kind: "service-request.repeat.customer",
    cause: "website",
    message: {
      from: context.from,
      to: first.email,
      replyTo: { name: office.name, address: office.email },
      subject,
      text: [...paragraphs, ...(link ? [link.text] : []), signature].join("\n\n") + "\n",
      html: htmlDocument(
        subject,
        [
          paragraphsAsHtml(paragraphs),
          ...(link ? [link.html] : []),
          paragraphsAsHtml([signature]),
        ].join("\n"),
        first.language,
      ),
      messageId: messageId(`service-request-${repeatId}-repeat-link`, context),
    },
  };
}
