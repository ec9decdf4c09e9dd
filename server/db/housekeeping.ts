import { lt, sql } from "drizzle-orm";

import { longestRateLimitWindowSeconds } from "../api/rate-limit";
import type { Database } from "./database";
import { idempotencyKeys, rateLimitWindows } from "./schema";

/** A retry carrying the same Idempotency-Key comes within minutes; a day is ample. */
const idempotencyKeyHours = 24;

/** Deletes rate-limit windows that ended and idempotency answers no retry will ask for. */
export async function pruneExpiredRecords(db: Database): Promise<void> {
  await db
    .delete(rateLimitWindows)
    .where(
      lt(
        rateLimitWindows.windowStartedAt,
        sql`now() - ${longestRateLimitWindowSeconds} * interval '1 second'`,
      ),
    );
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - ${idempotencyKeyHours} * interval '1 hour'`));
}
