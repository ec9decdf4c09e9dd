import { and, eq } from "drizzle-orm";

import type { Database, Transaction } from "../db/database";
import { idempotencyKeys, type SubmissionSuccess } from "../db/schema";

export const idempotencyKeyHeader = "Idempotency-Key";
export const idempotencyKeyMaxLength = 200;

export interface SubmissionAnswer {
  statusCode: number;
  body: SubmissionSuccess;
}

export interface IdempotencyScope {
  endpoint: string;
  key: string;
}

class AlreadyAnswered extends Error {}

/**
 * Runs `store` in one transaction. With a key, the answer is recorded in the same transaction
 * under a unique (endpoint, key): when another request with that key got there first, this
 * transaction is rolled back (nothing new is stored) and the first answer is returned.
 */
export async function storeOnce(
  db: Database,
  scope: IdempotencyScope | null,
  store: (tx: Transaction) => Promise<SubmissionAnswer>,
): Promise<{ answer: SubmissionAnswer; replayed: boolean }> {
  try {
    const answer = await db.transaction(async (tx) => {
      const answer = await store(tx);
      if (!scope) return answer;
      const recorded = await tx
        .insert(idempotencyKeys)
        .values({ ...scope, statusCode: answer.statusCode, response: answer.body })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (recorded.length === 0) throw new AlreadyAnswered();
      return answer;
    });
    return { answer, replayed: false };
  } catch (error) {
    if (!(error instanceof AlreadyAnswered) || !scope) throw error;
  }
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.endpoint, scope.endpoint), eq(idempotencyKeys.key, scope.key)));
  if (!stored) throw new Error(`Idempotency key ${scope.key} vanished`);
  return {
    answer: { statusCode: stored.statusCode, body: stored.response },
    replayed: true,
  };
}
