/**
 * The technician's "Email pay link": the balance, and a button to Stripe's payment page for it
 * (no card is typed on ours), with the private page as the other way to pay. Nothing the
 * homeowner typed is repeated.
 */
import type { CompanyProfile } from "~/content/company";
import type { Locale } from "~/lib/locale";

import { messageId, type MailContext } from "./context";
import { brandedHtml, brandedText, headerSafe, type BrandedEmail } from "./format";
import { homeownerWords, type HomeownerWords } from "./homeowner-words";
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
  /** The homeowner's language (issue 39): the email's words follow it. */
  language: Locale;
}

/** The pay link's and the paid deposit's words in each language (issue 39). */
interface PayWords {
  common: HomeownerWords;
  payLink: {
    subject(due: string): string;
    title(due: string): string;
    preview(due: string, applianceNoun: string): string;
    balance: string;
    pay(due: string): string;
    paragraphs(office: CompanyProfile, page: string): string[];
  };
  depositPaid: {
    title(amount: string): string;
    preview(amount: string): string;
    part: string;
    paid: string;
    byCard(amount: string, card: string | null): string;
    seeRequest: string;
    paragraphs(amount: string, applianceNoun: string, office: CompanyProfile): string[];
  };
}

const payWords: Record<Locale, PayWords> = {
  en: {
    common: homeownerWords.en,
    payLink: {
      subject: (due) => `Your repair balance: ${due}. Pay by card`,
      title: (due) => `Your repair balance: ${due}`,
      preview: (due, applianceNoun) =>
        `Pay the ${due} balance for your ${applianceNoun} repair by card.`,
      balance: "Balance",
      pay: (due) => `Pay ${due} by card`,
      paragraphs: (office, page) => [
        `The button opens Stripe's secure payment page for ${office.shortName}. No card fee is added.`,
        ...(page === ""
          ? []
          : [`You can also pay from your request's page, where the receipt follows: ${page}`]),
        `Questions? ${homeownerWords.en.call(office)}`,
      ],
    },
    depositPaid: {
      title: (amount) => `Part deposit paid: ${amount}`,
      preview: (amount) => `We received your ${amount} part deposit and are ordering the part.`,
      part: "Part",
      paid: "Paid",
      byCard: (amount, card) => `${amount} by card${card ? ` ····${card}` : ""}`,
      seeRequest: "See your request",
      paragraphs: (amount, applianceNoun, office) => [
        `Thank you: we received your ${amount} part deposit and are ordering the part for your ${applianceNoun}.`,
        "The deposit counts toward your final bill. When the part arrives we book your return visit and send you its time.",
        `Questions? ${homeownerWords.en.call(office)}`,
      ],
    },
  },
  es: {
    common: homeownerWords.es,
    payLink: {
      // As the text says it (server/texts/messages.ts): "el saldo de su servicio".
      subject: (due) => `Saldo de su reparación: ${due}. Pague con tarjeta`,
      title: (due) => `Saldo de su reparación: ${due}`,
      preview: (due, applianceNoun) =>
        `Pague con tarjeta el saldo de ${due} por la reparación de su ${applianceNoun}.`,
      balance: "Saldo",
      pay: (due) => `Pagar ${due} con tarjeta`,
      paragraphs: (office, page) => [
        `El botón abre la página de pago segura de Stripe para ${office.shortName}. No se cobra nada extra por pagar con tarjeta.`,
        ...(page === ""
          ? []
          : [
              `También puede pagar desde la página de su solicitud, donde después encontrará el recibo: ${page}`,
            ]),
        `¿Preguntas? ${homeownerWords.es.call(office)}`,
      ],
    },
    depositPaid: {
      title: (amount) => `Recibimos su depósito de ${amount} por la pieza`,
      preview: (amount) =>
        `Recibimos su depósito de ${amount} por la pieza y ya la estamos pidiendo.`,
      part: "Pieza",
      paid: "Pagado",
      byCard: (amount, card) => `${amount} con tarjeta${card ? ` ····${card}` : ""}`,
      seeRequest: "Ver su solicitud",
      paragraphs: (amount, applianceNoun, office) => [
        `Gracias: recibimos su depósito de ${amount} y ya estamos pidiendo la pieza para su ${applianceNoun}.`,
        "El depósito se descuenta de su cuenta final. Cuando llegue la pieza, programaremos su visita de regreso y le enviaremos el horario.",
        `¿Preguntas? ${homeownerWords.es.call(office)}`,
      ],
    },
  },
};

export function payLinkEmail(facts: PayLinkFacts, context: MailContext): OutgoingEmail {
  const { office } = context;
  const { common, payLink } = payWords[facts.language];
  const page = homeownerLink(facts.requestUrl, facts.requestId, context);
  const email: BrandedEmail = {
    language: facts.language,
    title: payLink.title(facts.due),
    preview: payLink.preview(facts.due, common.applianceNoun(facts.appliance)),
    siteUrl: context.siteUrl,
    companyName: common.officeName(office),
    facts: [
      ...(facts.reference ? [{ label: common.labels.reference, value: facts.reference }] : []),
      { label: common.labels.appliance, value: common.appliance(facts.appliance) },
      { label: payLink.balance, value: facts.due },
    ],
    action: { label: payLink.pay(facts.due), url: facts.url },
    paragraphs: payLink.paragraphs(office, page),
    footer: common.footer(office),
  };
  return {
    kind: payLinkEmailKind,
    // Sent by the technician for a request they work: the office's budget (decision 0019).
    cause: "office",
    message: {
      from: context.from,
      to: facts.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(payLink.subject(facts.due)),
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
  /** The homeowner's language (issue 39): the email's words follow it. */
  language: Locale;
}

/** The part deposit is paid: the homeowner's receipt for it, and what happens next. */
export function depositPaidEmail(facts: DepositPaidFacts, context: MailContext): OutgoingEmail {
  const { office } = context;
  const { common, depositPaid } = payWords[facts.language];
  const page = homeownerLink(facts.requestUrl, facts.requestId, context);
  const title = depositPaid.title(facts.amount);
  const email: BrandedEmail = {
    language: facts.language,
    title,
    preview: depositPaid.preview(facts.amount),
    siteUrl: context.siteUrl,
    companyName: common.officeName(office),
    facts: [
      ...(facts.reference ? [{ label: common.labels.reference, value: facts.reference }] : []),
      { label: common.labels.appliance, value: common.appliance(facts.appliance) },
      ...(facts.part ? [{ label: depositPaid.part, value: facts.part }] : []),
      { label: depositPaid.paid, value: depositPaid.byCard(facts.amount, facts.card) },
    ],
    action: page === "" ? null : { label: depositPaid.seeRequest, url: page },
    paragraphs: depositPaid.paragraphs(facts.amount, common.applianceNoun(facts.appliance), office),
    footer: common.footer(office),
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
