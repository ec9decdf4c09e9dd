import { createHash } from "node:crypto";

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
  /** The request the key is sent with (`requestHashOf`): the answer is replayed for it only. */
  requestHash: string;
}

export const keyReusedMessage = "This Idempotency-Key was used for a different request";

/**
 * SHA-256 of the submitted fields, the same whatever their order, so a retry of the same request
 * matches and any other request under the same key does not.
 */
export function requestHashOf(endpoint: string, fields: Record<string, unknown>): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return createHash("sha256")
    .update(JSON.stringify([endpoint, sorted]))
    .digest("base64url");
}

/** Whether a recorded key belongs to this request (keys recorded before hashes always do). */
export function sameRequest(recorded: string | null, requestHash: string | undefined): boolean {
  return recorded === null || recorded === requestHash;
}

class AlreadyAnswered extends Error {}

/**
 * Runs `store` in one transaction. With a key, the answer is recorded in the same transaction
 * under a unique (endpoint, key): when another request with that key got there first, this
 * transaction is rolled back (nothing new is stored) and the first answer is returned, if it
 * was the same request.
 */
export async function storeOnce(
  db: Database,
  scope: IdempotencyScope | null,
  store: (tx: Transaction) => Promise<SubmissionAnswer>,
): Promise<
  { kind: "stored"; answer: SubmissionAnswer; replayed: boolean } | { kind: "key-reused" }
> {
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
    return { kind: "stored", answer, replayed: false };
  } catch (error) {
    if (!(error instanceof AlreadyAnswered) || !scope) throw error;
  }
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.endpoint, scope.endpoint), eq(idempotencyKeys.key, scope.key)));
  if (!stored) throw new Error(`Idempotency key ${scope.key} vanished`);
  if (!sameRequest(stored.requestHash, scope.requestHash)) return { kind: "key-reused" };
  return {
    kind: "stored",
    answer: { statusCode: stored.statusCode, body: stored.response },
    replayed: true,
  };
}
