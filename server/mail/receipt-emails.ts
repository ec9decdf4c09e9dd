/**
 * The receipt email, sent when the technician records the payment: the same facts as the
 * receipt page (`/requests/{token}/receipt`), and a link to it (a placeholder the outbox worker
 * fills in, as every homeowner's link).
 */
import { formatPhone } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { receiptFacts, type ReceiptView } from "~/domain/estimate";

import { messageId, type MailContext } from "./context";
import { brandedHtml, brandedText, headerSafe, type BrandedEmail, type EmailLines } from "./format";
import type { OutgoingEmail } from "./message";
import { privateLinkPlaceholder } from "./private-links";

export interface ReceiptEmail {
  requestId: string;
  email: string;
  appliance: string;
  receipt: ReceiptView;
  /** False for a request stored before private links: no link then. */
  hasLink: boolean;
  /** Sent again after a refund: "$50.00", the amount given back (the receipt lists it). */
  refunded?: string;
}

export function receiptEmail(paid: ReceiptEmail, context: MailContext): OutgoingEmail {
  const { office } = context;
  const { receipt } = paid;
  const appliance = applianceName(paid.appliance, { inSentence: true });
  // After Can't fix the service call is paid: no repair was made, and none is guaranteed.
  const title = paid.refunded
    ? `Your updated receipt: ${paid.refunded} refunded`
    : `Your receipt for your ${appliance} ${receipt.forServiceCall ? "service call" : "repair"}`;
  // The estimate's lines one to a row (never run together in one paragraph), the waived
  // service call among them, the total last.
  const lines: EmailLines | null = receipt.estimate
    ? {
        caption: "Estimate",
        rows: [
          ...receipt.estimate.lines.map((line) => ({
            item: `${line.kind}: ${line.description}`,
            amount: line.amount,
          })),
          ...(receipt.serviceCallWaived ? [{ item: receipt.serviceCallWaived, amount: "" }] : []),
        ],
        total: { item: "Estimate total", amount: receipt.estimate.total },
      }
    : null;
  const email: BrandedEmail = {
    title,
    preview: `${receipt.payment.amount} paid by ${receipt.payment.method.toLowerCase()}.${receipt.warranty ? ` Warranty: ${receipt.warranty}.` : ""}`,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: receiptFacts(receipt),
    lines,
    action: paid.hasLink
      ? {
          label: "View and print the receipt",
          url: `${privateLinkPlaceholder(context.siteUrl, paid.requestId)}/receipt`,
        }
      : null,
    paragraphs: paid.refunded
      ? [
          `${office.shortName} refunded ${paid.refunded} for your ${appliance} ${receipt.forServiceCall ? "service call" : "repair"}. A card refund reaches your account in 5 to 10 business days.`,
          `Questions? Call ${formatPhone(office.phone)}.`,
        ]
      : receipt.warranty
        ? [
            `Thank you for choosing ${office.shortName}. ${receipt.technician} repaired your ${appliance}.`,
            ...(receipt.estimate?.declinedText ? [`${receipt.estimate.declinedText}.`] : []),
            `Your repair is guaranteed: ${receipt.warranty}. If the same problem comes back, call ${formatPhone(office.phone)}.`,
          ]
        : [
            `Thank you for choosing ${office.shortName}. ${receipt.technician} could not repair your ${appliance} on this visit: this receipt is for the service call.`,
            `We will call you about what comes next. Questions? Call ${formatPhone(office.phone)}.`,
          ],
    footer: [office.name, `${office.street}, ${office.region}`, formatPhone(office.phone)],
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
