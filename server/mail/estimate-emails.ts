/**
 * The estimate waiting for the homeowner's answer: "Alex sent an estimate: $195. Review and
 * approve", in the branded layout, with its lines one to a row and the private page's link (a
 * placeholder the outbox worker fills in). The lines are the technician's words; nothing the
 * homeowner typed is repeated.
 */
import { formatPhone } from "~/content/company";
import type { PricePolicy } from "~/domain/after-the-job";
import { applianceName } from "~/domain/appliances";
import { serviceCallSentence } from "~/domain/prices";

import { messageId, type MailContext } from "./context";
import { brandedHtml, brandedText, headerSafe, type BrandedEmail } from "./format";
import type { OutgoingEmail } from "./message";
import { homeownerLink } from "./visit-emails";

/** What the email's kind is: the news module counts and cancels by it. */
export const estimateSentEmailKind = "estimate.sent.customer";

export interface EstimateSent {
  requestId: string;
  email: string;
  appliance: string;
  reference: string | null;
  /** "Alex": the technician's first name only. */
  technician: string;
  /** The lines as shown: "Part", "Igniter DC97-14486A", "$145.00". */
  lines: readonly { kind: string; description: string; amount: string }[];
  /** "$245.00". */
  total: string;
  /** "$245" (cents only when there are some): the subject's amount. */
  shortTotal: string;
  /** Which writing of the estimate (its time, in milliseconds): each has its own email. */
  version: number;
  /** The service call the booking was shown; null when the office set none. */
  serviceCall: Pick<PricePolicy, "serviceCallCents" | "serviceCallRule"> | null;
  requestUrl: string;
}

/** "Alex sent an estimate: $195. Review and approve": the subject, and the text's first words. */
export function estimateSentWords(technician: string, shortTotal: string): string {
  return `${technician} sent an estimate: ${shortTotal}. Review and approve`;
}

export function estimateSentEmail(estimate: EstimateSent, context: MailContext): OutgoingEmail {
  const { office } = context;
  const applianceNoun = applianceName(estimate.appliance, { inSentence: true });
  const link = homeownerLink(estimate.requestUrl, estimate.requestId, context);
  const phone = formatPhone(office.phone);
  const email: BrandedEmail = {
    title: `${estimate.technician} sent an estimate: ${estimate.shortTotal}`,
    preview: `Review the estimate for your ${applianceNoun} repair, then approve or decline it on your request's page.`,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: [
      ...(estimate.reference ? [{ label: "Reference", value: estimate.reference }] : []),
      { label: "Appliance", value: applianceName(estimate.appliance) },
      { label: "Estimate", value: estimate.total },
    ],
    lines: {
      caption: "Estimate",
      rows: estimate.lines.map((line) => ({
        item: `${line.kind}: ${line.description}`,
        amount: line.amount,
      })),
      total: { item: "Total", amount: estimate.total },
    },
    action: link === "" ? null : { label: "Review and approve", url: `${link}#estimate` },
    paragraphs: [
      `${estimate.technician} from ${office.shortName} wrote this estimate for the repair of your ${applianceNoun}. Review it on your request's page, then approve or decline it there, or tell ${estimate.technician}.`,
      ...(estimate.serviceCall ? [serviceCallSentence(estimate.serviceCall)] : []),
      `Questions? Call ${phone}, ${office.hours}.`,
    ],
    footer: [office.name, phone, office.hours],
  };
  return {
    kind: estimateSentEmailKind,
    // The technician's doing, for a request they work: the office's budget (decision 0019).
    cause: "office",
    message: {
      from: context.from,
      to: estimate.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(estimateSentWords(estimate.technician, estimate.shortTotal)),
      text: brandedText(email),
      html: brandedHtml(email),
      messageId: messageId(`estimate-${estimate.requestId}-${estimate.version}`, context),
    },
  };
}
