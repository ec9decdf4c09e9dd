import { randomUUID } from "node:crypto";

import type { Transaction } from "../db/database";
import { outbox, type NewOutboxRow } from "../db/schema";
import type { OutgoingEmail } from "../mail/message";

/** The outbox rows for the emails a lead causes, to be written in the lead's transaction. */
export function outboxRows(subjectId: string, emails: readonly OutgoingEmail[]): NewOutboxRow[] {
  return emails.map((email) => ({
    id: randomUUID(),
    kind: email.kind,
    cause: email.cause,
    subjectId,
    message: email.message,
  }));
}

/** Writes the emails a lead causes in the lead's own transaction: both are stored or neither. */
export async function enqueueEmails(
  tx: Transaction,
  subjectId: string,
  emails: readonly OutgoingEmail[],
): Promise<void> {
  if (emails.length === 0) return;
  await tx.insert(outbox).values(outboxRows(subjectId, emails));
}
