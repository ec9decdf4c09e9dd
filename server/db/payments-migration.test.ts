// Migration 0037 moves the payments recorded before the ledger into it, each a paid row: a job's
// repair payment, the service call of the visit in progress, and the service calls kept with the
// visits that ended. No charge and unpaid jobs add nothing.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, expect, test } from "vitest";

import { migrationsBefore, migrationsFolder } from "../test-support/migrations-before";
import { payments } from "./schema";
import { schema } from "./schema";

let client: PGlite;
let before: ReturnType<typeof migrationsBefore>;

beforeAll(async () => {
  before = migrationsBefore("0037_payments");
  client = await PGlite.create({ extensions: { pg_trgm } });
});

afterAll(async () => {
  await client.close();
  before.remove();
});

const ids = {
  repaired: "7b000000-0000-4000-8000-000000000001",
  serviceCallNow: "7b000000-0000-4000-8000-000000000002",
  serviceCallBefore: "7b000000-0000-4000-8000-000000000003",
  noCharge: "7b000000-0000-4000-8000-000000000004",
  unpaid: "7b000000-0000-4000-8000-000000000005",
};

test("0037: every payment recorded before is a paid ledger row, once", async () => {
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: before.folder });
  for (const [name, id] of Object.entries(ids)) {
    await db.execute(sql`
      insert into service_requests (id, office, selected_appliance, name, email, phone, address,
        zip_code, preferred_time, brand, model, serial_number, description, notes, status,
        visit_number)
      values (${id}, 'texas', 'dryer', ${name}, '', '(713) 555-0148', '4410 Bellaire Blvd, Houston',
        '77401', 'morning', '', '', '', 'No heat.', '', 'completed',
        ${name === "serviceCallBefore" ? 2 : 1})`);
  }
  const job = (id: string, method: string | null, cents: number | null, paidFor: string | null) =>
    db.execute(sql`
      insert into request_jobs (request_id, number, payment_method, payment_cents, paid_at,
        payment_for, no_charge_reason)
      values (${id}, 1, ${method}, ${cents}, ${paidFor ? "2031-07-19T20:10:00Z" : null}::timestamptz,
        ${paidFor}, ${method === null && paidFor ? "Could not reach the part" : null})`);
  await job(ids.repaired, "card", 24_500, "repair");
  await job(ids.serviceCallNow, "cash", 8_900, "service-call");
  await job(ids.serviceCallBefore, null, null, null);
  await job(ids.noCharge, null, 0, "service-call");
  await job(ids.unpaid, null, null, null);
  // The first visit's service call, kept with it when the return visit began.
  await db.execute(sql`
    insert into request_visits (request_id, number, field_status, service_call)
    values (${ids.serviceCallBefore}, 1, 'cant-fix',
      ${JSON.stringify({ method: "check", cents: 8900, paidAt: "2031-07-12T18:00:00.000Z", noChargeReason: null })}::jsonb),
      (${ids.serviceCallBefore}, 2, null, null)`);

  await migrate(db, { migrationsFolder });

  const rows = await db.select().from(payments);
  const byRequest = Object.fromEntries(rows.map((row) => [row.requestId, row]));
  expect(rows).toHaveLength(3);
  expect(byRequest[ids.repaired]).toMatchObject({
    jobNumber: 1,
    kind: "balance",
    paymentFor: "repair",
    method: "card",
    amountCents: 24_500,
    state: "paid",
    idempotencyKey: `recorded:${ids.repaired}:job:1`,
    settledAt: new Date("2031-07-19T20:10:00Z"),
    // Migration 0042: the request's visit (it had no visit row).
    visitNumber: 1,
  });
  // The service call of the visit in progress has the key a new one would have.
  expect(byRequest[ids.serviceCallNow]).toMatchObject({
    method: "cash",
    paymentFor: "service-call",
    amountCents: 8_900,
    idempotencyKey: `recorded:${ids.serviceCallNow}:visit:1`,
  });
  expect(byRequest[ids.serviceCallBefore]).toMatchObject({
    jobNumber: 1,
    method: "check",
    paymentFor: "service-call",
    amountCents: 8_900,
    state: "paid",
    idempotencyKey: `recorded:${ids.serviceCallBefore}:visit:1`,
    settledAt: new Date("2031-07-12T18:00:00Z"),
    // Migration 0042: the visit it paid for, not the request's current one (2).
    visitNumber: 1,
  });
});
