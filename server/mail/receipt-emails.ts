/**
 * The receipt email, sent when the technician records the payment: the same facts as the
 * receipt page (`/requests/{token}/receipt`), and a link to it (a placeholder the outbox worker
 * fills in, as every homeowner's link).
 */
import { formatPhone } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { receiptFacts, type ReceiptView } from "~/domain/estimate";

import { messageId, type MailContext } from "./context";
import { brandedHtml, brandedText, headerSafe, type BrandedEmail } from "./format";
import type { OutgoingEmail } from "./message";
import { privateLinkPlaceholder } from "./private-links";

export interface ReceiptEmail {
  requestId: string;
  email: string;
  appliance: string;
  receipt: ReceiptView;
  /** False for a request stored before private links: no link then. */
  hasLink: boolean;
}

export function receiptEmail(paid: ReceiptEmail, context: MailContext): OutgoingEmail {
  const { office } = context;
  const { receipt } = paid;
  const appliance = applianceName(paid.appliance, { inSentence: true });
  const title = `Your receipt for your ${appliance} repair`;
  const lines = receipt.estimate
    ? [
        ...receipt.estimate.lines.map(
          (line) => `${line.kind}: ${line.description}, ${line.amount}`,
        ),
        `Estimate total: ${receipt.estimate.total}`,
        ...(receipt.estimate.declinedText ? [receipt.estimate.declinedText] : []),
      ]
    : [];
  const email: BrandedEmail = {
    title,
    preview: `${receipt.payment.amount} paid by ${receipt.payment.method.toLowerCase()}. Warranty: ${receipt.warranty}.`,
    siteUrl: context.siteUrl,
    companyName: office.name,
    facts: receiptFacts(receipt),
    action: paid.hasLink
      ? {
          label: "View and print the receipt",
          url: `${privateLinkPlaceholder(context.siteUrl, paid.requestId)}/receipt`,
        }
      : null,
    paragraphs: [
      `Thank you for choosing ${office.shortName}. ${receipt.technician} repaired your ${appliance}.`,
      ...(lines.length > 0 ? [lines.join("\n")] : []),
      `Your repair is guaranteed: ${receipt.warranty}. If the same problem comes back, call ${formatPhone(office.phone)}.`,
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
      messageId: messageId(`receipt-${paid.requestId}`, context),
    },
  };
}
