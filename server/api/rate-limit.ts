import { sql } from "drizzle-orm";

import type { Database } from "../db/database";
import { rateLimitWindows } from "../db/schema";

export const rateLimitWindowSeconds = 600;
/** The longest window any limit uses (the private page's daily budgets): housekeeping keeps windows this long. */
export const longestRateLimitWindowSeconds = 24 * 60 * 60;

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window ends, when refused. */
  retryAfterSeconds: number;
}

/**
 * Counts a request from `client` to `endpoint` in a fixed window kept in the database, so the
 * limit holds across every server process sharing it.
 */
export async function countRequest(
  db: Database,
  {
    endpoint,
    client,
    max,
    windowSeconds = rateLimitWindowSeconds,
  }: { endpoint: string; client: string; max: number; windowSeconds?: number },
): Promise<RateLimitVerdict> {
  const windowEnded = sql`${rateLimitWindows.windowStartedAt} <= now() - ${windowSeconds} * interval '1 second'`;
  const [window] = await db
    .insert(rateLimitWindows)
    .values({ bucket: `${endpoint} ${client}`, windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitWindows.bucket,
      set: {
        hits: sql`case when ${windowEnded} then 1 else ${rateLimitWindows.hits} + 1 end`,
        windowStartedAt: sql`case when ${windowEnded} then now() else ${rateLimitWindows.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateLimitWindows.hits,
      secondsLeft: sql<number>`ceil(extract(epoch from (${rateLimitWindows.windowStartedAt} + ${windowSeconds} * interval '1 second' - now())))::int`,
    });
  if (!window) throw new Error("The rate-limit counter returned no row");
  return {
    allowed: window.hits <= max,
    retryAfterSeconds: Math.max(1, Number(window.secondsLeft)),
  };
}
