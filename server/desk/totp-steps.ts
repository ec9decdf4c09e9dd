import { createHmac, timingSafeEqual } from "node:crypto";

import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";

import type { Database } from "../db/database";
import { staffSessions, staffTwoFactors } from "../db/schema";

/** better-auth's TOTP: 6 digits, 30-second steps, one step either side of now. */
const period = 30;
const digits = 6;
const window = 1;

/** RFC 4226's HOTP of `counter`, the key as better-auth uses it (the secret's UTF-8 bytes). */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hash = createHmac("sha1", key).update(message).digest();
  const offset = hash[hash.length - 1]! & 0x0f;
  const binary = hash.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step whose code `code` is, of those better-auth accepts now; null for none. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const key = Buffer.from(secret, "utf8");
  const current = Math.floor(now / 1000 / period);
  const typed = Buffer.from(code.padEnd(digits, " ").slice(0, digits));
  let found: number | null = null;
  // Every candidate is compared, in constant time, whichever matches.
  for (let step = current - window; step <= current + window; step += 1) {
    if (timingSafeEqual(typed, Buffer.from(hotp(key, step))) && found === null) found = step;
  }
  return found;
}

/**
 * RFC 6238 section 5.2: a code is accepted once. After better-auth accepted `code` for `userId`,
 * records its time step as the account's last accepted one, in one statement that succeeds only
 * if no later or equal step was accepted before, in any process. False when the step was used
 * (a replay, or an older code): the session just made for it is deleted.
 */
export async function acceptStepOnce(
  db: Database,
  {
    authSecret,
    userId,
    code,
    sessionToken,
  }: { authSecret: string; userId: string; code: string; sessionToken: string | null },
): Promise<boolean> {
  const [row] = await db
    .select({ secret: staffTwoFactors.secret })
    .from(staffTwoFactors)
    .where(eq(staffTwoFactors.userId, userId));
  const secret = row ? await decryptedSecret(authSecret, row.secret) : null;
  const step = secret ? matchingStep(secret, code) : null;
  const recorded =
    step === null
      ? []
      : await db
          .update(staffTwoFactors)
          .set({ lastAcceptedStep: step })
          .where(
            and(
              eq(staffTwoFactors.userId, userId),
              or(
                isNull(staffTwoFactors.lastAcceptedStep),
                lt(staffTwoFactors.lastAcceptedStep, step),
              ),
            ),
          )
          .returning({ id: staffTwoFactors.id });
  if (recorded.length > 0) return true;
  if (sessionToken) await db.delete(staffSessions).where(eq(staffSessions.token, sessionToken));
  return false;
}

/** As better-auth stores it: encrypted with the auth secret (the desk never imports one). */
async function decryptedSecret(authSecret: string, stored: string): Promise<string | null> {
  return symmetricDecrypt({ key: authSecret, data: stored }).catch(() => null);
}
