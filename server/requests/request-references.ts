import { createHmac } from "node:crypto";

import { inArray, sql } from "drizzle-orm";

import { requestReference, type ReferencePermutation } from "~/domain/reference";

import type { Database } from "../db/database";
import { returnedRows } from "../db/json-rows";
import { serviceRequests } from "../db/schema";
import { serverSecret } from "../db/server-secrets";

/** The server secret (../db/server-secrets.ts) that keys the references' permutation. */
export const referenceSecretName = "request-reference-key";

const feistelRounds = 10;

/**
 * A keyed bijection of the integers below 2^bits: a balanced Feistel network of
 * `feistelRounds` rounds, each an HMAC-SHA256 of the half under `key`, on an even number of bits
 * (one more when `bits` is odd, walking the cycle until the value is below 2^bits again, which
 * keeps it a bijection of the smaller range). Without the key, a reference says nothing of the
 * number it was made from.
 */
export function keyedPermutation(key: string): ReferencePermutation {
  return (value, bits) => {
    if (!Number.isSafeInteger(value) || value < 0 || value >= 2 ** bits || bits > 48) {
      throw new RangeError(`Cannot permute ${value} within ${bits} bits`);
    }
    const half = Math.ceil(bits / 2);
    const halfSize = 2 ** half;
    const round = (index: number, right: number) =>
      createHmac("sha256", key).update(`${bits}:${index}:${right}`).digest().readUIntBE(0, 6) %
      halfSize;
    let result = value;
    do {
      let left = Math.floor(result / halfSize);
      let right = result % halfSize;
      for (let index = 0; index < feistelRounds; index += 1) {
        [left, right] = [right, (left + round(index, right)) % halfSize];
      }
      result = left * halfSize + right;
    } while (result >= 2 ** bits);
    return result;
  };
}

/**
 * Hands out service request references (app/domain/reference.ts), each once in every process:
 * the numbers come from the database's sequence, a few at a time so that a burst of bookings
 * costs one statement, not one each. A number taken and not used (the window was full, the
 * process stopped) is simply never seen: references need not be consecutive. A reference an
 * earlier permutation already gave a request (before the key existed) is skipped, never reused.
 */
export class RequestReferences {
  readonly #db: Database;
  readonly #batchSize: number;
  #permute: ReferencePermutation | null = null;
  #spare: string[] = [];
  #refill: Promise<void> | null = null;

  constructor(db: Database, batchSize = 16) {
    this.#db = db;
    this.#batchSize = batchSize;
  }

  async next(): Promise<string> {
    for (;;) {
      const reference = this.#spare.shift();
      if (reference !== undefined) return reference;
      this.#refill ??= this.#take().finally(() => {
        this.#refill = null;
      });
      await this.#refill;
    }
  }

  async #take(): Promise<void> {
    this.#permute ??= keyedPermutation(await serverSecret(this.#db, referenceSecretName));
    const permute = this.#permute;
    const result = await this.#db.execute(
      sql`select nextval('service_request_reference_seq')::text as number
          from generate_series(1, ${this.#batchSize}::int)`,
    );
    const references = returnedRows<{ number: string }>(result)
      .map((row) => Number(row.number))
      .sort((a, b) => a - b)
      .map((number) => requestReference(number, permute));
    const taken = await this.#db
      .select({ reference: serviceRequests.reference })
      .from(serviceRequests)
      .where(inArray(serviceRequests.reference, references));
    const used = new Set(taken.map((row) => row.reference));
    this.#spare.push(...references.filter((reference) => !used.has(reference)));
  }
}
