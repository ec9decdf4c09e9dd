import { sql, type SQL } from "drizzle-orm";

import type { Database } from "../db/database";
import type { outbox, texts } from "../db/schema";

/**
 * How soon the next row of a job table falls due, in milliseconds: a pending row's attempt
 * against `dueBy` (the worker's clock), or a lost lease's end against the database's. The
 * database takes the difference, so no clock of ours is compared with its. Each is the first row
 * of the table's (status, next_attempt_at) index, not an aggregate over every waiting row. Null
 * when none waits.
 */
export async function nextDueInMs(
  db: Database,
  table: typeof outbox | typeof texts,
  dueBy: SQL,
): Promise<number | null> {
  const { status, nextAttemptAt, lockedUntil } = table;
  const [row] = await db
    .select({
      inMs: sql<number | null>`extract(epoch from least(
        (select ${nextAttemptAt} from ${table} where ${status} = 'pending'
          order by ${nextAttemptAt} limit 1) - ${dueBy},
        (select ${lockedUntil} from ${table} where ${status} = 'sending'
          order by ${lockedUntil} limit 1) - now()
      )) * 1000`.mapWith(Number),
    })
    .from(table)
    .limit(1);
  return row?.inMs ?? null;
}
