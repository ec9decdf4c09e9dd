/**
 * The technician's "Email pay link": the balance, and a button to Stripe's payment page for it
 * (no card is typed on ours), with the private page as the other way to pay. Nothing the
 * homeowner typed is repeated.
 */
import { formatPhone } from "~/content/company";
import { applianceName } from "~/domain/appliances";

import { messageId, type MailContext } from "./context";
import { brandedHtml, brandedText, headerSafe, type BrandedEmail } from "./format";
import type { OutgoingEmail } from "./message";
import { homeownerLink } from "./visit-emails";

export const payLinkEmailKind = "pay-link.customer";

export interface PayLinkFacts {
  requestId: string;
  /** The ledger row the link pays: one email per link. */
  paymentId: string;
  email: string;
  appliance: string;
  reference: string | null;
  /** "$245.00". */
  due: string;
  /** The Checkout Session's page. */
  url: string;
  requestUrl: string;
}

export function payLinkEmail(facts: PayLinkFacts, context: MailContext): OutgoingEmail {
  const { office } = context;
  const phone = formatPhone(office.phone);
  const page = homeownerLink(facts.requestUrl, facts.requestId, context);
  const email: BrandedEmail = {
    title: `Your repair balance: ${facts.due}`,
    preview: `Pay the ${facts.due} balance for your ${applianceName(facts.appliance, { inSentence: true })} repair by card.`,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: [
      ...(facts.reference ? [{ label: "Reference", value: facts.reference }] : []),
      { label: "Appliance", value: applianceName(facts.appliance) },
      { label: "Balance", value: facts.due },
    ],
    action: { label: `Pay ${facts.due} by card`, url: facts.url },
    paragraphs: [
      `The button opens Stripe's secure payment page for ${office.shortName}. No card fee is added.`,
      ...(page === ""
        ? []
        : [`You can also pay from your request's page, where the receipt follows: ${page}`]),
      `Questions? Call ${phone}, ${office.hours}.`,
    ],
    footer: [office.name, phone, office.hours],
  };
  return {
    kind: payLinkEmailKind,
    // Sent by the technician for a request they work: the office's budget (decision 0019).
    cause: "office",
    message: {
      from: context.from,
      to: facts.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(`Your repair balance: ${facts.due}. Pay by card`),
      text: brandedText(email),
      html: brandedHtml(email),
      messageId: messageId(`pay-link-${facts.paymentId}`, context),
    },
  };
}
