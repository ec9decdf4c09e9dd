/**
 * The emails a repeat request causes (the same phone and appliance within a day, see
 * server/requests/repeats.ts). Whoever sent the repeat may be a stranger who knows the phone
 * number: they are told nothing of the first request. The first request's own email address, if
 * it has one, gets its private link again, in words that repeat nothing the sender typed; the
 * office gets what the repeat said, as "Repeat request".
 */
import { formatPhone } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import type { ServiceRequest } from "~/domain/service-request";

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

function linkAgain(first: RepeatedRequest, repeatId: string, context: MailContext): OutgoingEmail {
  const { office } = context;
  const appliance = applianceName(first.appliance);
  const subject = `Your ${appliance} repair request`;
  const paragraphs = [
    "Hello,",
    `We received another request for the repair of your ${appliance} with your phone number. Your request stands as it was: we added the new message for our office, and we will call you to confirm.`,
    `If you did not send it, there is nothing to do. Questions? Call us at ${formatPhone(office.phone)}, ${office.hours}.`,
  ];
  const link = privateLink(
    "Follow, change or cancel your request",
    homeownerLink(first.requestUrl, first.id, context),
  );
  return {
    kind: "service-request.repeat.customer",
    cause: "website",
    message: {
      from: context.from,
      to: first.email,
      replyTo: { name: office.name, address: office.email },
      subject,
      text: [...paragraphs, ...(link ? [link.text] : []), office.name].join("\n\n") + "\n",
      html: htmlDocument(
        subject,
        [
          paragraphsAsHtml(paragraphs),
          ...(link ? [link.html] : []),
          paragraphsAsHtml([office.name]),
        ].join("\n"),
      ),
      messageId: messageId(`service-request-${repeatId}-repeat-link`, context),
    },
  };
}
