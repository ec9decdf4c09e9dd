/**
 * What the homeowner hears of a pay link the technician sends from My day (the door carries it
 * out: ../requests/homeowner-news.ts): by text (with their consent) or by email, Stripe's page
 * for the balance. Each a message of the office's budget for the number or address.
 */
import { profileForState } from "~/content/company";
import { formatMoney } from "~/domain/money";

import type { Transaction } from "../db/database";
import { mailContextFor } from "../mail/context";
import { depositPaidEmail, payLinkEmail } from "../mail/pay-link-emails";
import { enqueueEmails } from "../outbox/enqueue";
import type { ServiceRequestRow, VisitContext } from "../requests/visit-changes";
import { enqueueText } from "../texts/enqueue";
import { textBodies } from "../texts/messages";

export const payLinkTextKind = "text.pay-link";

export interface PayLinkNews {
  by: "text" | "email";
  paymentId: string;
  url: string;
  cents: number;
}

export async function payLinkSent(
  tx: Transaction,
  after: ServiceRequestRow,
  news: PayLinkNews,
  context: VisitContext,
): Promise<void> {
  const office = profileForState(after.office);
  const due = formatMoney(news.cents, { cents: "always" });
  if (news.by === "text") {
    await enqueueText(tx, after, {
      kind: payLinkTextKind,
      body: textBodies.payLink(
        {
          office,
          appliance: after.selectedAppliance,
          reference: after.reference,
          language: after.language,
        },
        due,
        news.url,
      ),
    });
    return;
  }
  if (after.email === "") return;
  const mail = mailContextFor(context.config, office, context.now());
  await enqueueEmails(tx, after.id, [
    payLinkEmail(
      {
        requestId: after.id,
        paymentId: news.paymentId,
        email: after.email,
        appliance: after.selectedAppliance,
        reference: after.reference,
        due,
        url: news.url,
        requestUrl: context.links.urlFor(after.id),
        language: after.language,
      },
      mail,
    ),
  ]);
}

/** A part deposit paid by card: the homeowner's receipt for it, by email. */
export async function depositPaidTold(
  tx: Transaction,
  after: ServiceRequestRow,
  news: { paymentId: string; amount: string; card: string | null },
  context: VisitContext,
): Promise<void> {
  if (after.email === "") return;
  const office = profileForState(after.office);
  await enqueueEmails(tx, after.id, [
    depositPaidEmail(
      {
        requestId: after.id,
        paymentId: news.paymentId,
        email: after.email,
        appliance: after.selectedAppliance,
        reference: after.reference,
        part: after.partNeeded,
        amount: news.amount,
        card: news.card,
        requestUrl: context.links.urlFor(after.id),
        language: after.language,
      },
      mailContextFor(context.config, office, context.now()),
    ),
  ]);
}
