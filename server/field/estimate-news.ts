/**
 * What the homeowner hears of an estimate, as the door carries it out (../requests/homeowner-news.ts,
 * in the estimate's transaction): "Alex sent an estimate: $195. Review and approve", by email and
 * (with their consent) by text, with their private page's link. Once per writing of the estimate:
 * a replayed tap changes nothing before the door, so it says nothing twice; a rewritten estimate
 * is told again and what still waited of the one it replaced is not sent; an answer leaves
 * nothing waiting to ask for it. At most `estimateToldPerVisit` a visit: the office's budget for
 * the address and the number (decision 0019) keeps room for the visit's other news.
 */
import { and, eq, inArray } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { formatMoney } from "~/domain/money";

import type { Transaction } from "../db/database";
import { outbox } from "../db/schema";
import { mailContextFor } from "../mail/context";
import { estimateSentEmail, estimateSentEmailKind } from "../mail/estimate-emails";
import { privateLinkPlaceholder } from "../mail/private-links";
import { outboxRows } from "../outbox/enqueue";
import { serviceCallFor } from "../prices/price-policy";
import type { ServiceRequestRow, VisitContext } from "../requests/visit-changes";
import { cancelTexts, enqueueText } from "../texts/enqueue";
import { textBodies } from "../texts/messages";
import type { NewsKinds } from "./field-news";
import { estimateViewOf } from "./receipts";

/** How many writings of an estimate one visit's homeowner is told of (an email and a text each). */
export const estimateToldPerVisit = 3;

export const estimateSentTextKind = "text.estimate-sent";

/** The estimate's email and text: `countToldThisVisit` counts them against `estimateToldPerVisit`. */
export const estimateSentKinds: NewsKinds = {
  email: estimateSentEmailKind,
  text: estimateSentTextKind,
};

/** What still waits to ask for an answer is not sent (the estimate was rewritten or answered). */
export async function estimateNewsNotNeeded(
  tx: Transaction,
  requestId: string,
  why: string,
): Promise<void> {
  await cancelTexts(tx, requestId, [estimateSentTextKind], why);
  await tx
    .update(outbox)
    .set({ status: "cancelled", lastError: why })
    .where(
      and(
        eq(outbox.subjectId, requestId),
        inArray(outbox.kind, [estimateSentEmailKind]),
        eq(outbox.status, "pending"),
      ),
    );
}

/** The estimate `after` holds waits for an answer: texted (with consent) and emailed. */
export async function estimateSentTold(
  tx: Transaction,
  after: ServiceRequestRow,
  news: { technician: string },
  context: VisitContext,
): Promise<void> {
  await estimateNewsNotNeeded(tx, after.id, "Not needed: the estimate was written again");
  const serviceCall = await serviceCallFor(tx, after);
  const estimate = estimateViewOf(after, serviceCall?.serviceCallCents ?? null);
  if (!estimate || !after.estimateAt) {
    throw new Error(`Estimate sent on ${after.id} without its lines`);
  }
  const office = profileForState(after.office);
  const now = context.now();
  const mail = mailContextFor(context.config, office, now);
  const shortTotal = formatMoney(estimate.totalCents, { cents: "when-needed" });
  await enqueueText(tx, after, {
    kind: estimateSentTextKind,
    body: textBodies.estimateSent(
      {
        office,
        appliance: after.selectedAppliance,
        reference: after.reference,
        language: after.language,
      },
      news.technician,
      shortTotal,
      privateLinkPlaceholder(mail.siteUrl, after.id),
    ),
  });
  if (after.email === "") return;
  const email = estimateSentEmail(
    {
      requestId: after.id,
      email: after.email,
      appliance: after.selectedAppliance,
      reference: after.reference,
      technician: news.technician,
      lines: estimate.lines,
      total: estimate.total,
      shortTotal,
      version: after.estimateAt.getTime(),
      serviceCall,
      requestUrl: context.links.urlFor(after.id),
      language: after.language,
    },
    mail,
  );
  await tx.insert(outbox).values(outboxRows(after.id, [email]));
}
