import { createHash, createHmac, randomBytes } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Database } from "../db/database";
import { serverSecrets } from "../db/schema";

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

/** The secret behind the links, made on first start and shared by every process. */
export async function requestLinkSecret(db: Database): Promise<string> {
  const name = "request-links";
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error("The request link secret could not be stored");
  return row.value;
}
