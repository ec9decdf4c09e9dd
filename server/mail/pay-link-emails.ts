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

export const depositPaidEmailKind = "deposit-paid.customer";

export interface DepositPaidFacts {
  requestId: string;
  /** The ledger row paid: one email per deposit. */
  paymentId: string;
  email: string;
  appliance: string;
  reference: string | null;
  /** The part as the technician wrote it. */
  part: string | null;
  /** "$138.00", and the card's last four digits when Stripe said them. */
  amount: string;
  card: string | null;
  requestUrl: string;
}

/** The part deposit is paid: the homeowner's receipt for it, and what happens next. */
export function depositPaidEmail(facts: DepositPaidFacts, context: MailContext): OutgoingEmail {
  const { office } = context;
  const phone = formatPhone(office.phone);
  const page = homeownerLink(facts.requestUrl, facts.requestId, context);
  const title = `Part deposit paid: ${facts.amount}`;
  const email: BrandedEmail = {
    title,
    preview: `We received your ${facts.amount} part deposit and are ordering the part.`,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: [
      ...(facts.reference ? [{ label: "Reference", value: facts.reference }] : []),
      { label: "Appliance", value: applianceName(facts.appliance) },
      ...(facts.part ? [{ label: "Part", value: facts.part }] : []),
      {
        label: "Paid",
        value: `${facts.amount} by card${facts.card ? ` ····${facts.card}` : ""}`,
      },
    ],
    action: page === "" ? null : { label: "See your request", url: page },
    paragraphs: [
      `Thank you: we received your ${facts.amount} part deposit and are ordering the part for your ${applianceName(facts.appliance, { inSentence: true })}.`,
      "The deposit counts toward your final bill. When the part arrives we book your return visit and send you its time.",
      `Questions? Call ${phone}, ${office.hours}.`,
    ],
    footer: [office.name, phone, office.hours],
  };
  return {
    kind: depositPaidEmailKind,
    // The homeowner's own payment: the office's budget, as the receipt's.
    cause: "office",
    message: {
      from: context.from,
      to: facts.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(title),
      text: brandedText(email),
      html: brandedHtml(email),
      messageId: messageId(`deposit-paid-${facts.paymentId}`, context),
    },
  };
}
