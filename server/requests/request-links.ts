/**
 * The homeowner's private link to a service request (`/requests/{token}`): made from the request's
 * id and a secret of the server's, looked up by the token's hash, and replaced all at once by
 * rotating the secret.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";

import { isNotNull, sql } from "drizzle-orm";

import type { Database } from "../db/database";
import { serverSecret } from "../db/server-secrets";
import { serverSecrets, serviceRequests } from "../db/schema";

/** 256 bits in base64url. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const requestPagePath = "/requests";

/**
 * The homeowner's private link to a service request. The token is an HMAC of the request's id
 * under a secret the server keeps in the database: the link can be given again (a repeated
 * request, an email sent later) while only its SHA-256 is stored with the request, so neither a
 * copy of the table nor a stored API answer holds a working link.
 */
export class RequestLinks {
  readonly #secret: Buffer;
  readonly #siteUrl: string;

  constructor(secret: string, siteUrl: string) {
    this.#secret = Buffer.from(secret, "base64url");
    this.#siteUrl = siteUrl.replace(/\/$/, "");
  }

  tokenFor(requestId: string): string {
    return createHmac("sha256", this.#secret)
      .update(`service-request:${requestId}`)
      .digest("base64url");
  }

  urlFor(requestId: string): string {
    return `${this.#siteUrl}${requestPagePath}/${this.tokenFor(requestId)}`;
  }

  /** What is stored and looked up: null for anything that cannot be a token. */
  static hashOf(token: string): string | null {
    if (!tokenPattern.test(token)) return null;
    return createHash("sha256").update(token).digest("base64url");
  }
}

const secretName = "request-links";

/** The secret behind the links, made on first start and shared by every process. */
export async function requestLinkSecret(db: Database): Promise<string> {
  return serverSecret(db, secretName);
}

/** Requests whose stored hash is replaced by one statement. */
const rehashBatchSize = 500;

/**
 * Replaces the link secret, for when a copy of the database (which holds it) may be in the wrong
 * hands: every private link given so far stops working at once, and each request gets its new
 * link with the next email about it. One transaction: the new secret and every request's new
 * hash, or neither. Run it with the servers stopped (each process reads the secret when it
 * starts); a request erased for privacy keeps no hash and gets none.
 */
export async function rotateRequestLinkSecret(db: Database): Promise<void> {
  const secret = randomBytes(32).toString("base64url");
  const links = new RequestLinks(secret, "");
  await db.transaction(async (tx) => {
    await tx
      .insert(serverSecrets)
      .values({ name: secretName, value: secret })
      .onConflictDoUpdate({ target: serverSecrets.name, set: { value: secret } });
    const requests = await tx
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(isNotNull(serviceRequests.accessTokenHash));
    for (let start = 0; start < requests.length; start += rehashBatchSize) {
      const rows = requests
        .slice(start, start + rehashBatchSize)
        .map(({ id }) => sql`(${id}::uuid, ${RequestLinks.hashOf(links.tokenFor(id))})`);
      await tx.execute(sql`
        update ${serviceRequests} set access_token_hash = fresh.hash
        from (values ${sql.join(rows, sql`, `)}) as fresh(id, hash)
        where ${serviceRequests.id} = fresh.id`);
    }
  });
}
