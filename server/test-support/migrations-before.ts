/**
 * The migrations as they were before one of them: the same files, the journal cut just before
 * `tag`. A migration's test writes a database with these, then migrates it to the end.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll } from "vitest";

import { schema } from "../db/schema";

export const migrationsFolder = path.resolve("server/db/migrations");

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function migrationsBefore(tag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), `migrations-before-${tag}-`));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(migrationsFolder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as Journal;
  const before = journal.entries.findIndex((entry) => entry.tag === tag);
  if (before < 1) throw new Error(`No migration ${tag} after the first`);
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }),
  );
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A migration's test database: embedded, migrated up to just before `tag` when its tests start
 * (`db`), migrated to the end by `migrateToLatest`, closed after them.
 */
export function databaseBefore(tag: string) {
  let client: PGlite;
  let before: ReturnType<typeof migrationsBefore>;
  let db: PgliteDatabase<typeof schema>;
  beforeAll(async () => {
    before = migrationsBefore(tag);
    client = await PGlite.create({ extensions: { pg_trgm } });
    db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: before.folder });
  });
  afterAll(async () => {
    await client.close();
    before.remove();
  });
  return {
    db: () => db,
    migrateToLatest: () => migrate(db, { migrationsFolder }),
  };
}

/** A Texas dryer request as a migration saw it: `name` tells the test's requests apart. */
export function insertDryerRequest(
  db: PgliteDatabase<typeof schema>,
  id: string,
  { name, status, visitNumber }: { name: string; status: string; visitNumber: number },
) {
  return db.execute(sql`
    insert into service_requests (id, office, selected_appliance, name, email, phone, address,
      zip_code, preferred_time, brand, model, serial_number, description, notes, status,
      visit_number)
    values (${id}, 'texas', 'dryer', ${name}, 'maria.lopez@example.com', '(713) 555-0148',
      '4410 Bellaire Blvd, Houston', '77401', 'morning', 'Samsung', 'DVG45R6100C', '',
      'No heat.', '', ${status}, ${visitNumber})`);
}

/** A ledger row as a migration saw it (`settles` only once 0043 made the column). */
export interface PaymentBefore {
  id: string;
  requestId: string;
  visitNumber: number;
  kind: "deposit" | "balance" | "refund";
  paymentFor: "repair" | "service-call";
  method: "card" | "cash" | "check";
  cents: number;
  state: "pending" | "paid" | "failed" | "expired" | "refunded";
  /** When it reached its state (null: pending); it was made then too. */
  settledAt: string | null;
  refundOf?: string;
  settles?: boolean;
}

/** Stores `payment` on job 1 of its request. */
export function insertPayment(db: PgliteDatabase<typeof schema>, payment: PaymentBefore) {
  const settles = payment.settles === undefined ? null : payment.settles;
  return db.execute(sql`
    insert into payments (id, request_id, job_number, visit_number, kind, payment_for, method,
      amount_cents, state, refund_of, idempotency_key, created_at,
      settled_at${settles === null ? sql`` : sql`, settles`})
    values (${payment.id}, ${payment.requestId}, 1, ${payment.visitNumber}, ${payment.kind},
      ${payment.paymentFor}, ${payment.method}, ${payment.cents}, ${payment.state},
      ${payment.refundOf ?? null}, ${`key:${payment.id}`},
      coalesce(${payment.settledAt}::timestamptz, now()),
      ${payment.settledAt}::timestamptz${settles === null ? sql`` : sql`, ${settles}`})`);
}
