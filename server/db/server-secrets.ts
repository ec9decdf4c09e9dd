import { randomBytes } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Database } from "./database";
import { serverSecrets } from "./schema";

/**
 * A secret of the server's by name (base64url, 256 bits): made on the first start and kept in the
 * database, so every process sharing it uses the same one. No configuration needed.
 */
export async function serverSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`The server secret "${name}" could not be stored`);
  return row.value;
}
