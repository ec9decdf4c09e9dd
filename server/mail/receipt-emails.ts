/**
 * The receipt email, sent when the technician records the payment: the same facts as the
 * receipt page (`/requests/{token}/receipt`), and a link to it (a placeholder the outbox worker
 * fills in, as every homeowner's link).
 */
import { formatPhone, type CompanyProfile } from "~/content/company";
import { receiptFacts, type ReceiptView } from "~/domain/estimate";
import type { Locale } from "~/lib/locale";

import { messageId, type MailContext } from "./context";
import { brandedHtml, brandedText, headerSafe, type BrandedEmail, type EmailLines } from "./format";
import { homeownerWords, type HomeownerWords } from "./homeowner-words";
import type { OutgoingEmail } from "./message";
import { privateLinkPlaceholder } from "./private-links";
import { spanishLineKind } from "./spanish-words";

export interface ReceiptEmail {
  requestId: string;
  email: string;
  appliance: string;
  receipt: ReceiptView;
  /** False for a request stored before private links: no link then. */
  hasLink: boolean;
  /** Sent again after a refund: "$50.00", the amount given back (the receipt lists it). */
  refunded?: string;
  /** The homeowner's language (issue 39): the receipt is built in it (`receiptViewOf`). */
  language: Locale;
}

/** The receipt email's words in each language (issue 39); the facts come in the view's. */
interface ReceiptWords {
  common: HomeownerWords;
  title(applianceNoun: string, forServiceCall: boolean, refunded: string | null): string;
  preview(receipt: ReceiptView): string;
  estimate: string;
  estimateTotal: string;
  lineKind(kind: string): string;
  viewAndPrint: string;
  refunded(
    office: CompanyProfile,
    refunded: string,
    applianceNoun: string,
    forServiceCall: boolean,
  ): string[];
  repaired(receipt: ReceiptView, applianceNoun: string, office: CompanyProfile): string[];
  notRepaired(receipt: ReceiptView, applianceNoun: string, office: CompanyProfile): string[];
}

const receiptWords: Record<Locale, ReceiptWords> = {
  en: {
    common: homeownerWords.en,
    title: (applianceNoun, forServiceCall, refunded) =>
      refunded
        ? `Your updated receipt: ${refunded} refunded`
        : `Your receipt for your ${applianceNoun} ${forServiceCall ? "service call" : "repair"}`,
    preview: ({ payment, warranty }) =>
      `${payment.amount} paid by ${payment.method.toLowerCase()}.${warranty ? ` Warranty: ${warranty}.` : ""}`,
    estimate: "Estimate",
    estimateTotal: "Estimate total",
    lineKind: (kind) => kind,
    viewAndPrint: "View and print the receipt",
    refunded: (office, refunded, applianceNoun, forServiceCall) => [
      `${office.shortName} refunded ${refunded} for your ${applianceNoun} ${forServiceCall ? "service call" : "repair"}. A card refund reaches your account in 5 to 10 business days.`,
      `Questions? Call ${formatPhone(office.phone)}.`,
    ],
    repaired: (receipt, applianceNoun, office) => [
      `Thank you for choosing ${office.shortName}. ${receipt.technician} repaired your ${applianceNoun}.`,
      ...(receipt.estimate?.declinedText ? [`${receipt.estimate.declinedText}.`] : []),
      `Your repair is guaranteed: ${receipt.warranty}. If the same problem comes back, call ${formatPhone(office.phone)}.`,
    ],
    notRepaired: (receipt, applianceNoun, office) => [
      `Thank you for choosing ${office.shortName}. ${receipt.technician} could not repair your ${applianceNoun} on this visit: this receipt is for the service call.`,
      `We will call you about what comes next. Questions? Call ${formatPhone(office.phone)}.`,
    ],
  },
  es: {
    common: homeownerWords.es,
    title: (applianceNoun, forServiceCall, refunded) =>
      refunded
        ? `Su recibo actualizado: le reembolsamos ${refunded}`
        : forServiceCall
          ? `Su recibo del cargo por visita para su ${applianceNoun}`
          : `Su recibo de la reparación de su ${applianceNoun}`,
    preview: ({ payment, warranty }) =>
      `Pagado: ${payment.amount} (${payment.method.toLowerCase()}).${warranty ? ` Garantía: ${warranty}.` : ""}`,
    estimate: "Presupuesto",
    estimateTotal: "Total del presupuesto",
    lineKind: spanishLineKind,
    viewAndPrint: "Ver e imprimir el recibo",
    refunded: (office, refunded, applianceNoun, forServiceCall) => [
      `${office.shortName} le reembolsó ${refunded} ${forServiceCall ? `del cargo por visita para su ${applianceNoun}` : `de la reparación de su ${applianceNoun}`}. Un reembolso a su tarjeta llega a su cuenta en 5 a 10 días hábiles.`,
      `¿Preguntas? Llame al ${formatPhone(office.phone)}.`,
    ],
    repaired: (receipt, applianceNoun, office) => [
      `Gracias por elegir a ${office.shortName}. ${receipt.technician} reparó su ${applianceNoun}.`,
      ...(receipt.estimate?.declinedText ? [`${receipt.estimate.declinedText}.`] : []),
      `Su reparación tiene garantía: ${receipt.warranty}. Si vuelve el mismo problema, llame al ${formatPhone(office.phone)}.`,
    ],
    notRepaired: (receipt, applianceNoun, office) => [
      `Gracias por elegir a ${office.shortName}. ${receipt.technician} no pudo reparar su ${applianceNoun} en esta visita: este recibo es por el cargo por visita.`,
      `Lo llamaremos para decirle cómo seguir. ¿Preguntas? Llame al ${formatPhone(office.phone)}.`,
    ],
  },
};

export function receiptEmail(paid: ReceiptEmail, context: MailContext): OutgoingEmail {
  const { office } = context;
  const { receipt } = paid;
  const words = receiptWords[paid.language];
  const applianceNoun = words.common.applianceNoun(paid.appliance);
  // After Can't fix the service call is paid: no repair was made, and none is guaranteed.
  const title = words.title(applianceNoun, receipt.forServiceCall, paid.refunded ?? null);
  // The estimate's lines one to a row (never run together in one paragraph), the waived
  // service call among them, the total last.
  const lines: EmailLines | null = receipt.estimate
    ? {
        caption: words.estimate,
        rows: [
          ...receipt.estimate.lines.map((line) => ({
            item: `${words.lineKind(line.kind)}: ${line.description}`,
            amount: line.amount,
          })),
          ...(receipt.serviceCallWaived ? [{ item: receipt.serviceCallWaived, amount: "" }] : []),
        ],
        total: { item: words.estimateTotal, amount: receipt.estimate.total },
      }
    : null;
  const email: BrandedEmail = {
    language: paid.language,
    title,
    preview: words.preview(receipt),
    siteUrl: context.siteUrl,
    companyName: words.common.officeName(office),
    facts: receiptFacts(receipt, paid.language),
    lines,
    action: paid.hasLink
      ? {
          label: words.viewAndPrint,
          url: `${privateLinkPlaceholder(context.siteUrl, paid.requestId)}/receipt`,
        }
      : null,
    paragraphs: paid.refunded
      ? words.refunded(office, paid.refunded, applianceNoun, receipt.forServiceCall)
      : receipt.warranty
        ? words.repaired(receipt, applianceNoun, office)
        : words.notRepaired(receipt, applianceNoun, office),
    footer: [
      words.common.officeName(office),
      `${office.street}, ${office.region}`,
      formatPhone(office.phone),
    ],
  };
  return {
    kind: "receipt.customer",
    cause: "office",
    message: {
      from: context.from,
      to: paid.email,
      replyTo: { name: office.name, address: office.email },
      subject: headerSafe(title),
      text: brandedText(email),
      html: brandedHtml(email),
      // A request may have two receipts (a service call after Can't fix, then the repair on a
      // later visit): the payment's time (the email's, made when it was recorded) tells them apart.
      messageId: messageId(`receipt-${paid.requestId}-${context.createdAt.getTime()}`, context),
    },
  };
}
