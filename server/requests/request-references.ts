import { sql } from "drizzle-orm";

import { requestReference } from "~/domain/reference";

import type { Database } from "../db/database";
import { returnedRows } from "../db/json-rows";

/**
 * Hands out service request references (app/domain/reference.ts), each once in every process:
 * the numbers come from the database's sequence, a few at a time so that a burst of bookings
 * costs one statement, not one each. A number taken and not used (the window was full, the
 * process stopped) is simply never seen: references need not be consecutive.
 */
export class RequestReferences {
  readonly #db: Database;
  readonly #batchSize: number;
  #spare: number[] = [];
  #refill: Promise<void> | null = null;

  constructor(db: Database, batchSize = 16) {
    this.#db = db;
    this.#batchSize = batchSize;
  }

  async next(): Promise<string> {
    for (;;) {
      const number = this.#spare.shift();
      if (number !== undefined) return requestReference(number);
      this.#refill ??= this.#take().finally(() => {
        this.#refill = null;
      });
      await this.#refill;
    }
  }

  async #take(): Promise<void> {
    const result = await this.#db.execute(
      sql`select nextval('service_request_reference_seq')::text as number
          from generate_series(1, ${this.#batchSize}::int)`,
    );
    const numbers = returnedRows<{ number: string }>(result).map((row) => Number(row.number));
    this.#spare.push(...numbers.sort((a, b) => a - b));
  }
}
