/**
 * Can't fix, as the door carries it out (../requests/homeowner-news.ts, in the tap's
 * transaction): the visit is over, so its reminders not sent yet stop, and the office is emailed
 * at once whom to call and why (the homeowner's page says the office will call). The words are
 * ../mail/field-emails.ts'; the flag in the inbox is the row's (`cantFixCallRecordedAt` null).
 */
import { profileForState } from "~/content/company";

import type { Transaction } from "../db/database";
import { outbox } from "../db/schema";
import { mailContextFor } from "../mail/context";
import { cantFixOfficeEmail } from "../mail/field-emails";
import { outboxRows } from "../outbox/enqueue";
import {
  cancelReminders,
  type ServiceRequestRow,
  type VisitContext,
} from "../requests/visit-changes";

export async function cantFixTold(
  tx: Transaction,
  before: ServiceRequestRow,
  tap: { reason: string; technician: string },
  context: VisitContext,
): Promise<void> {
  await cancelReminders(tx, before.id, "Not needed: the technician could not fix it");
  const email = cantFixOfficeEmail(
    {
      requestId: before.id,
      reference: before.reference,
      name: before.name,
      phone: before.phone,
      email: before.email,
      appliance: before.selectedAppliance,
      address: [before.address, before.zipCode].filter(Boolean).join(", "),
      technician: tap.technician,
      reason: tap.reason,
      visitNumber: before.visitNumber,
    },
    mailContextFor(context.config, profileForState(before.office), context.now()),
  );
  await tx.insert(outbox).values(outboxRows(before.id, [email]));
}
