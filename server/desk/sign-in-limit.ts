import type { Database } from "../db/database";
import { countRequest, hitsInWindow } from "../api/rate-limit";

export const signInWindowSeconds = 15 * 60;
export const maxFailuresPerAccount = 5;
export const maxFailuresPerAddress = 20;

const accountFailures = "staff-sign-in-failures account";
const addressFailures = "staff-sign-in-failures address";

export interface SignInAttempt {
  /** As typed; compared lower-cased. */
  email: string;
  /** The visitor's address, as every other limit reads it. */
  address: string;
}

/**
 * Seconds until sign-in is allowed again for this account or address, or 0. After 5 failures
 * for one account or 20 from one address in 15 minutes, every attempt is refused, a correct
 * password too, until the window passes: guessing gets nothing from the answer.
 */
export async function signInRetryAfter(db: Database, attempt: SignInAttempt): Promise<number> {
  const [account, address] = await Promise.all([
    hitsInWindow(db, {
      endpoint: accountFailures,
      client: attempt.email.trim().toLowerCase(),
      windowSeconds: signInWindowSeconds,
    }),
    hitsInWindow(db, {
      endpoint: addressFailures,
      client: attempt.address,
      windowSeconds: signInWindowSeconds,
    }),
  ]);
  const waits = [
    account.hits >= maxFailuresPerAccount ? account.retryAfterSeconds : 0,
    address.hits >= maxFailuresPerAddress ? address.retryAfterSeconds : 0,
  ];
  return Math.max(...waits);
}

export async function recordSignInFailure(db: Database, attempt: SignInAttempt): Promise<void> {
  await countRequest(db, {
    endpoint: accountFailures,
    client: attempt.email.trim().toLowerCase(),
    max: maxFailuresPerAccount,
    windowSeconds: signInWindowSeconds,
  });
  await countRequest(db, {
    endpoint: addressFailures,
    client: attempt.address,
    max: maxFailuresPerAddress,
    windowSeconds: signInWindowSeconds,
  });
}
