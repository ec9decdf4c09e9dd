import path from "node:path";
import { randomUUID } from "node:crypto";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import { requestReference } from "~/domain/reference";

import { openDatabase, type DatabaseHandle } from "../db/database";
import { returnedRows } from "../db/json-rows";
import { serviceRequests } from "../db/schema";
import { serverSecret } from "../db/server-secrets";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { keyedPermutation, referenceSecretName, RequestReferences } from "./request-references";

// The short references do not count our requests for anyone who reads the code: the number is
// permuted with a key of the server's (issue 35, point 6).

test("the keyed permutation is a bijection of every width, odd ones too", () => {
  const permute = keyedPermutation("a key");
  for (const bits of [10, 11, 13]) {
    const seen = new Set<number>();
    for (let value = 0; value < 2 ** bits; value += 1) {
      const permuted = permute(value, bits);
      expect(permuted).toBeGreaterThanOrEqual(0);
      expect(permuted).toBeLessThan(2 ** bits);
      seen.add(permuted);
    }
    expect(seen.size, `${bits} bits`).toBe(2 ** bits);
  }
});

test("references are unique across the four-to-five symbol boundary", () => {
  const permute = keyedPermutation("a key");
  const seen = new Set<string>();
  for (let number = 2 ** 20 - 2000; number < 2 ** 20 + 2000; number += 1) {
    seen.add(requestReference(number, permute));
  }
  expect(seen.size).toBe(4000);
});

test("without the key the number cannot be read back: another key, other references; neighbours far apart", () => {
  const ours = keyedPermutation("our server's key");
  const theirs = keyedPermutation("a reader's guess");
  const numbers = Array.from({ length: 50 }, (_, index) => 1000 + index);
  const same = numbers.filter(
    (number) => requestReference(number, ours) === requestReference(number, theirs),
  );
  expect(same.length).toBeLessThan(3);
  const consecutive = numbers.map((number) => requestReference(number, ours));
  // Neighbouring numbers share no prefix more often than chance allows.
  const sharedPrefix = consecutive.filter(
    (reference, index) =>
      index > 0 && reference.slice(0, 4) === consecutive[index - 1]!.slice(0, 4),
  );
  expect(sharedPrefix.length).toBeLessThan(5);
});

const pglite = (await testDatabases()).find((database) => database.label === "PGlite")!;
let instance: TestDatabaseInstance;
let handle: DatabaseHandle;

beforeAll(async () => {
  instance = await pglite.create();
  handle = await openDatabase({ pgliteDir: path.join(instance.env.DATA_DIR!, "db") });
});
afterAll(async () => {
  await handle?.close();
  await instance?.drop();
});

test("the server hands out references made with its own stored key, and skips one already given", async () => {
  const key = await serverSecret(handle.db, referenceSecretName);
  const permute = keyedPermutation(key);
  // A request stored before the key existed holds the reference the next number would get.
  const [{ next }] = returnedRows<{ next: string }>(
    await handle.db.execute(
      sql`select (last_value + (case when is_called then 1 else 0 end))::text as next
          from service_request_reference_seq`,
    ),
  ) as [{ next: string }];
  const nextReference = requestReference(Number(next), permute);
  await handle.db.insert(serviceRequests).values({
    id: randomUUID(),
    office: "texas",
    selectedAppliance: "washer",
    name: "Earlier Customer",
    email: "earlier@example.com",
    phone: "(713) 555-0100",
    address: "1 Old Rd",
    zipCode: "77002",
    preferredTime: "",
    brand: "",
    model: "",
    serialNumber: "",
    description: "Leaks",
    notes: "",
    reference: nextReference,
  });
  const references = new RequestReferences(handle.db, 4);
  const given = await Promise.all(Array.from({ length: 10 }, () => references.next()));
  expect(new Set(given).size).toBe(10);
  expect(given).not.toContain(nextReference);
  expect(given[0]).toBe(requestReference(Number(next) + 1, permute));
});
