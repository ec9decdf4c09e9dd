import { inArray } from "drizzle-orm";

import type { Database } from "../../db/database";
import { outbox } from "../../db/schema";
import type { ReceivedEmail } from "../../test-support/smtp";

/** How many copies of each Message-ID the SMTP server received. */
export function copiesByMessageId(received: readonly ReceivedEmail[]): Map<string, number> {
  const copies = new Map<string, number>();
  for (const email of received) {
    const id = email.parsed.messageId ?? "";
    copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  return copies;
}

/** Resolves once every outbox row about these leads is sent (or throws after `timeoutMs`). */
export async function waitForOutboxSent(
  db: Database,
  subjectIds: readonly string[],
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db
      .select({ status: outbox.status })
      .from(outbox)
      .where(inArray(outbox.subjectId, [...subjectIds]));
    const unsent = rows.filter((row) => row.status !== "sent").length;
    if (rows.length > 0 && unsent === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`${unsent} of ${rows.length} outbox rows still unsent`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
