/**
 * A client's address as the database keeps it: an HMAC under a secret of the server's, so a copy
 * of the table does not hold visitors' addresses (an IPv4 address is only 32 bits: a plain hash
 * would be undone by trying them all). Used to count the window places one client holds.
 */
import { createHmac } from "node:crypto";

import type { Database } from "../db/database";
import { serverSecret } from "../db/server-secrets";

export type ClientKeyOf = (clientAddress: string) => string;

export async function clientKeys(db: Database): Promise<ClientKeyOf> {
  const secret = Buffer.from(await serverSecret(db, "client-keys"), "base64url");
  return (clientAddress) =>
    createHmac("sha256", secret).update(`client:${clientAddress}`).digest("base64url");
}
