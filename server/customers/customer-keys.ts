/**
 * Which customer a new request belongs to: the one its phone finds (the last ten digits), else the
 * one its email finds (lower-cased), else a new customer made from its contact details. Written in
 * the lead's own transaction (server/leads/lead-writer.ts), so a request is never stored without
 * its customer. Joining a customer changes nothing of theirs and answers nothing to the visitor: a
 * stranger typing a known phone only adds a request the office sees under that customer.
 */
import { randomUUID } from "node:crypto";

import { inArray, sql } from "drizzle-orm";

import type { Database, Transaction } from "../db/database";
import { insertJsonRows } from "../db/json-rows";
import { customerKeys, customers, type NewServiceRequest } from "../db/schema";
import { lockKeys } from "../requests/repeats";

/** "phone:" and the last ten digits; none for a phone with fewer. */
export function phoneKeyOf(phone: string): string | null {
  const digits = phone.replace(/\D/g, "").slice(-10);
  return digits.length === 10 ? `phone:${digits}` : null;
}

/** "email:" and the address lower-cased; none for no email. */
export function emailKeyOf(email: string): string | null {
  const address = email.trim().toLowerCase();
  return address === "" ? null : `email:${address}`;
}

function keysOf(request: Pick<NewServiceRequest, "phone" | "email">): string[] {
  return [phoneKeyOf(request.phone), emailKeyOf(request.email)].filter(
    (key): key is string => key !== null,
  );
}

/**
 * The advisory locks a change of these keys' owners takes, in one order for every caller: a
 * booking, a merge and an edit of the same phone wait for one another.
 */
export function lockCustomerKeys(tx: Transaction, keys: readonly string[]): Promise<void> {
  return lockKeys(
    tx,
    keys.map((key) => `customer/${key}`),
  );
}

/** The customer each of these keys finds. */
export async function ownersOf(
  db: Database | Transaction,
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(customerKeys)
    .where(inArray(customerKeys.key, [...new Set(keys)]));
  return new Map(rows.map((row) => [row.key, row.customerId]));
}

/**
 * The keys' owners as they stand: a customer merged away stands for the one it went into, an
 * erased one for nobody. (A merge moves the keys and an erasure deletes them; this covers a key
 * an owner's edit added while either was under way.)
 */
async function currentOwners(
  tx: Transaction,
  owners: Map<string, string>,
): Promise<Map<string, string>> {
  if (owners.size === 0) return owners;
  const rows = await tx
    .select({
      id: customers.id,
      mergedIntoId: customers.mergedIntoId,
      erasedAt: customers.erasedAt,
    })
    .from(customers)
    .where(inArray(customers.id, [...new Set(owners.values())]));
  const standing = new Map(
    rows.map((row) => [row.id, row.erasedAt ? null : (row.mergedIntoId ?? row.id)]),
  );
  const current = new Map<string, string>();
  for (const [key, owner] of owners) {
    const now = standing.get(owner);
    if (now) current.set(key, now);
  }
  return current;
}

/** Sets each request's customer, making the customers that do not exist yet. */
export async function joinCustomers(
  tx: Transaction,
  requests: NewServiceRequest[],
): Promise<NewServiceRequest[]> {
  if (requests.length === 0) return requests;
  const keys = requests.flatMap(keysOf);
  await lockCustomerKeys(tx, keys);
  const owners = await currentOwners(tx, await ownersOf(tx, keys));
  const made: (typeof customers.$inferInsert)[] = [];
  const madeKeys: (typeof customerKeys.$inferInsert)[] = [];
  const joined = requests.map((request) => {
    const [phoneKey, emailKey] = [phoneKeyOf(request.phone), emailKeyOf(request.email)];
    const owner = (phoneKey && owners.get(phoneKey)) || (emailKey && owners.get(emailKey));
    if (owner) return { ...request, customerId: owner };
    const customerId = randomUUID();
    made.push({
      id: customerId,
      name: request.name,
      phone: request.phone,
      email: request.email,
      address: request.address,
      zipCode: request.zipCode,
    });
    // Keys the batch already gave (the same email with another phone) stay with the first.
    for (const key of [phoneKey, emailKey]) {
      if (key && !owners.has(key)) {
        owners.set(key, customerId);
        madeKeys.push({ key, customerId });
      }
    }
    return { ...request, customerId };
  });
  if (made.length > 0) await tx.execute(insertJsonRows(customers, made));
  // A key an erased customer still holds (its erasure under way) is left to the erasure.
  if (madeKeys.length > 0) {
    await tx.execute(insertJsonRows(customerKeys, madeKeys, sql`on conflict do nothing`));
  }
  return joined;
}
