// Migration 0032 moves each request's estimate, payment and warranty to its first job's row:
// a database written before it reads the same afterwards.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, expect, test } from "vitest";

import type { Database } from "./database";
import { migrationsBefore, migrationsFolder } from "../test-support/migrations-before";
import { schema } from "./schema";
import { readRequest } from "../requests/request-rows";

let client: PGlite;
let before: ReturnType<typeof migrationsBefore>;

beforeAll(async () => {
  before = migrationsBefore("0032_request_jobs");
  client = await PGlite.create({ extensions: { pg_trgm } });
});

afterAll(async () => {
  await client.close();
  before.remove();
});

test("a paid repair's estimate, answer, payment and warranty read the same after 0032; a request without any gets no job", async () => {
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: before.folder });
  const paid = "6f1c1f0e-2b7a-4c55-9d59-0c4d1e2f3a01";
  const untouched = "6f1c1f0e-2b7a-4c55-9d59-0c4d1e2f3a02";
  const lines = [
    { kind: "part", description: "Drain pump", cents: 9500 },
    { kind: "labour", description: "Replace the drain pump", cents: 7000 },
  ];
  await db.execute(sql`
    insert into service_requests (id, office, selected_appliance, name, email, phone, address,
      zip_code, preferred_time, brand, model, serial_number, description, notes, status,
      estimate_lines, estimate_at, estimate_decision, estimate_decided_by, estimate_decided_at,
      estimate_decided_on, payment_method, payment_cents, paid_at, payment_for, warranty_days,
      warranty_ends)
    values (${paid}, 'texas', 'washer', 'Priya Raman', 'priya@example.com', '(713) 555-0148',
      '4410 Bellaire Blvd, Houston', '77401', 'morning', 'Whirlpool', 'WTW5000DW1', 'C81503921',
      'It stops mid-cycle with water in the drum.', '', 'completed',
      ${JSON.stringify(lines)}::jsonb, '2031-07-19T15:20:00Z', 'approved', 'Priya Raman',
      '2031-07-19T15:31:00Z', 'page', 'card', 16500, '2031-07-19T16:10:00Z', 'repair', 90,
      '2031-10-17')`);
  await db.execute(sql`
    insert into service_requests (id, office, selected_appliance, name, email, phone, address,
      zip_code, preferred_time, brand, model, serial_number, description, notes)
    values (${untouched}, 'virginia', 'dryer', 'Owen Hart', 'owen@example.com', '(703) 555-0191',
      '18 Oak Ridge Rd, Fairfax', '22030', '', '', '', '', 'No heat.', '')`);

  await migrate(db, { migrationsFolder });

  const row = await readRequest(db as unknown as Database, paid);
  expect(row).toMatchObject({
    jobNumber: 1,
    estimateLines: lines,
    estimateAt: new Date("2031-07-19T15:20:00Z"),
    estimateDecision: "approved",
    estimateDecidedBy: "Priya Raman",
    estimateDecidedAt: new Date("2031-07-19T15:31:00Z"),
    estimateDecidedOn: "page",
    paymentMethod: "card",
    paymentCents: 16500,
    paidAt: new Date("2031-07-19T16:10:00Z"),
    paymentFor: "repair",
    noChargeReason: null,
    warrantyDays: 90,
    warrantyEnds: "2031-10-17",
  });
  const other = await readRequest(db as unknown as Database, untouched);
  expect(other).toMatchObject({ jobNumber: 1, estimateLines: null, paidAt: null });
  const jobs = await db.execute<{ request_id: string }>(sql`select request_id from request_jobs`);
  expect(jobs.rows.map((job) => job.request_id)).toEqual([paid]);
});
