import { lt, sql } from "drizzle-orm";

import { longestRateLimitWindowSeconds } from "../api/rate-limit";
import type { Database, DatabaseHandle } from "./database";
import { idempotencyKeys, rateLimitWindows, stripeEvents } from "./schema";

/** A retry carrying the same Idempotency-Key comes within minutes; a day is ample. */
const idempotencyKeyHours = 24;

/**
 * Stripe delivers an event again for three days, and keeps it (to be sent again from its
 * dashboard) for thirty: after that its id is no longer needed to act on it once. Acting again
 * would change nothing anyway: each handler reads the ledger's row state first.
 */
const stripeEventDays = 35;

/**
 * Deletes rate-limit windows that ended, idempotency answers no retry will ask for, and Stripe
 * event ids Stripe no longer sends.
 */
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
  await db
    .delete(stripeEvents)
    .where(lt(stripeEvents.receivedAt, sql`now() - ${stripeEventDays} * interval '1 day'`));
}

/**
 * What PostgreSQL's autovacuum does on a server, for the embedded database, which has none: its
 * planner's statistics and its dead rows. Without statistics the planner guesses, and guesses
 * badly once a desk holds thousands of leads (a Texas dispatcher's inbox over 50,000 leads: 95 ms
 * never analysed, 50 ms analysed). About a second at 50,000 leads, during which the embedded
 * database answers nothing else: once an hour. At start the statistics alone (`deadRows: false`):
 * a stopped server left no dead rows that matter to its first hour, and ANALYZE of a small
 * database is a third of VACUUM's time (0.1 against 0.3-0.5 CPU-seconds on a slow day; every
 * test server starts one). A PostgreSQL server does its own.
 */
export async function refreshEmbeddedStatistics(
  database: DatabaseHandle,
  { deadRows = true } = {},
): Promise<void> {
  if (database.driver !== "pglite") return;
  await database.db.execute(deadRows ? sql`vacuum (analyze)` : sql`analyze`);
}
