/**
 * A client's address as the database keeps it: an HMAC under a secret of the server's, so a copy
 * of the table does not hold visitors' addresses (an IPv4 address is only 32 bits: a plain hash
 * would be undone by trying them all). Used to count the window places one client holds.
 */
import { createHmac, randomBytes } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Database } from "../db/database";
import { serverSecrets } from "../db/schema";

export type ClientKeyOf = (clientAddress: string) => string;

export async function clientKeys(db: Database): Promise<ClientKeyOf> {
  const name = "client-keys";
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error("The client key secret could not be stored");
  const secret = Buffer.from(row.value, "base64url");
  return (clientAddress) =>
    createHmac("sha256", secret).update(`client:${clientAddress}`).digest("base64url");
}
