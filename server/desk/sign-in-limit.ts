import { sql } from "drizzle-orm";

import type { Database } from "../db/database";
import { rateLimitWindows } from "../db/schema";
import { countRequest } from "../api/rate-limit";

export const signInWindowSeconds = 15 * 60;
export const maxFailuresPerAccount = 5;
export const maxFailuresPerAddress = 20;

const accountAttempts = "staff-password-checks account";
const addressAttempts = "staff-password-checks address";

export interface PasswordAttempt {
  /** As typed (or the signed-in person's); compared lower-cased. */
  email: string;
  /** The visitor's address, as every other limit reads it. */
  address: string;
}

/** A counted attempt: wait this long (0: go on and check), and give the attempt back on success. */
export interface CountedAttempt {
  retryAfterSeconds: number;
  passed(): Promise<void>;
}

const accountKey = (attempt: PasswordAttempt) => attempt.email.trim().toLowerCase();

/**
 * Counts a password check before it is made: both counters are incremented and compared in one
 * statement each, so however many attempts arrive at once, at most 5 per account and 20 per
 * address in 15 minutes reach the password (scrypt). Past either, every attempt is refused, the
 * right password too, until the window passes. Sign-in and the account page's current-password
 * checks (a new password, the authenticator on or off) share the per-account count.
 *
 * A correct password gives its attempt back (`passed`): the person may sign in on several
 * devices; only wrong guesses use the budget. The attempts counted at once with it still count.
 */
export async function countPasswordCheck(
  db: Database,
  attempt: PasswordAttempt,
): Promise<CountedAttempt> {
  const buckets = [
    { endpoint: accountAttempts, client: accountKey(attempt), max: maxFailuresPerAccount },
    { endpoint: addressAttempts, client: attempt.address, max: maxFailuresPerAddress },
  ];
  const verdicts = await Promise.all(
    buckets.map((bucket) => countRequest(db, { ...bucket, windowSeconds: signInWindowSeconds })),
  );
  const retryAfterSeconds = Math.max(
    0,
    ...verdicts.map((verdict) => (verdict.allowed ? 0 : verdict.retryAfterSeconds)),
  );
  return {
    retryAfterSeconds,
    async passed() {
      for (const { endpoint, client } of buckets) {
        await db
          .update(rateLimitWindows)
          .set({ hits: sql`greatest(${rateLimitWindows.hits} - 1, 0)` })
          .where(sql`${rateLimitWindows.bucket} = ${`${endpoint} ${client}`}`);
      }
    },
  };
}
