/**
 * The office's email when a homeowner books the warranty callback on their page: at once, with
 * what the office needs to send someone (what went wrong, in the homeowner's words, the phone, the
 * address, the work done last time) and a link to the desk. The homeowner's own confirmation is
 * the booked-visit email (./visit-emails.ts).
 */
import { formatCalendarDate } from "~/domain/after-the-job";
import { applianceName } from "~/domain/appliances";
import { callbackProblemLabel, warrantyCallbackLabel } from "~/domain/warranty";
import type { TimeSlotId } from "~/domain/time-slots";
import { formatVisit } from "~/domain/visit";

import { messageId, type MailContext } from "./context";
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

export interface WarrantyCallbackFacts {
  requestId: string;
  reference: string | null;
  name: string;
  email: string;
  phone: string;
  /** An id from app/content/appliances.ts. */
  appliance: string;
  address: string;
  date: string;
  window: TimeSlotId;
  /** The technician kept on the callback, or null: dispatch assigns one. */
  technician: string | null;
  /** "What went wrong this time?", as the homeowner wrote it on the callback's form. */
  problem: string | null;
  /** What the technician wrote at Done on the visit the warranty covers. */
  workDone: string;
  warrantyEnds: string;
  /** Which visit of the request the callback is: each has its own email. */
  visitNumber: number;
}

export function warrantyCallbackOfficeEmail(
  facts: WarrantyCallbackFacts,
  context: MailContext,
): OutgoingEmail {
  const appliance = applianceName(facts.appliance);
  const visit = formatVisit(facts.date, facts.window, context.office.timeZoneLabel);
  const fields: EmailField[] = [
    { label: "Appliance", value: appliance },
    { label: callbackProblemLabel, value: facts.problem ?? "" },
    { label: "Name", value: facts.name },
    { label: "Email", value: facts.email },
    { label: "Phone", value: facts.phone },
    { label: "Address", value: facts.address },
    { label: "Visit", value: visit },
    { label: "Technician", value: facts.technician ?? "Not assigned yet" },
    { label: "Work done last time", value: facts.workDone },
    { label: "Warranty until", value: formatCalendarDate(facts.warrantyEnds) },
    { label: "Office", value: context.office.name },
    { label: "Reference", value: facts.reference ?? "" },
    { label: "Request ID", value: facts.requestId },
  ];
  const title = `${warrantyCallbackLabel} booked by the customer: ${appliance} — ${facts.name}`;
  const note = [
    `The customer has the same problem again and booked a no-charge warranty callback on their request page, for ${visit}.`,
    facts.technician
      ? `${facts.technician}, who did the repair, is assigned to it.`
      : "No technician is assigned yet: assign one on the dispatch board or the lead page.",
  ];
  const desk = deskLink(context.siteUrl, facts.requestId);
  return {
    kind: "warranty-callback.company",
    // The homeowner asked for it on the private page.
    cause: "website",
    message: {
      from: context.from,
      to: context.companyRecipient,
      ...(facts.email !== ""
        ? { replyTo: { name: headerSafe(facts.name), address: facts.email } }
        : {}),
      subject: headerSafe(title),
      text: `${title}\n\n${note.join("\n\n")}\n\n${fieldsAsText(fields)}\n\n${desk.text}\n`,
      html: htmlDocument(
        title,
        `<h1 style="font-size:20px">${escapeHtml(title)}</h1>\n${paragraphsAsHtml(note)}\n${fieldsAsHtml(fields)}\n${desk.html}`,
      ),
      messageId: messageId(
        `warranty-callback-${facts.requestId}-visit-${facts.visitNumber}-company`,
        context,
      ),
    },
  };
}
