// Migration 0042 gives each ledger row made before it the visit it was made on: a service call
// recorded by the technician, the visit its key names; a refund, its payment's; any other row,
// the request's latest visit begun by then.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";

import { databaseBefore, insertDryerRequest } from "../test-support/migrations-before";
import { payments } from "./schema";

const database = databaseBefore("0042_ledger_visit");

const requestId = "7c000000-0000-4000-8000-000000000001";
const rowIds = {
  firstVisitServiceCall: "7c000000-0000-4000-8000-0000000000a1",
  deposit: "7c000000-0000-4000-8000-0000000000a2",
  repair: "7c000000-0000-4000-8000-0000000000a3",
  refund: "7c000000-0000-4000-8000-0000000000a4",
};

test("0042: every ledger row names the visit it was made on", async () => {
  const db = database.db();
  // Can't fix on the first visit (Jul 12), the return visit begun Jul 14 and now the request's
  // third visit, a warranty callback begun Aug 2.
  await insertDryerRequest(db, requestId, {
    name: "Maria Lopez",
    status: "scheduled",
    visitNumber: 3,
  });
  await db.execute(sql`
    insert into request_visits (request_id, number, field_status, created_at)
    values (${requestId}, 1, 'cant-fix', '2031-07-12T14:00:00Z'),
      (${requestId}, 2, 'done', '2031-07-14T15:00:00Z'),
      (${requestId}, 3, null, '2031-08-02T16:00:00Z')`);
  await db.execute(sql`insert into request_jobs (request_id, number) values (${requestId}, 1)`);
  const row = (
    id: string,
    kind: string,
    paymentFor: string,
    cents: number,
    key: string,
    createdAt: string,
    refundOf: string | null = null,
  ) =>
    db.execute(sql`
      insert into payments (id, request_id, job_number, kind, payment_for, method, amount_cents,
        state, refund_of, idempotency_key, created_at, settled_at)
      values (${id}, ${requestId}, 1, ${kind}, ${paymentFor}, 'card', ${cents}, 'paid',
        ${refundOf}, ${key}, ${createdAt}::timestamptz, ${createdAt}::timestamptz)`);
  // Recorded on the return visit's day, but the first visit's service call, as its key says.
  await row(
    rowIds.firstVisitServiceCall,
    "balance",
    "service-call",
    8_900,
    `recorded:${requestId}:visit:1`,
    "2031-07-14T15:30:00Z",
  );
  await row(rowIds.deposit, "deposit", "repair", 13_800, "card:deposit", "2031-07-13T10:00:00Z");
  await row(rowIds.repair, "balance", "repair", 10_700, "card:balance", "2031-07-14T18:00:00Z");
  // Refunded during the warranty callback: still the repair's visit.
  await row(
    rowIds.refund,
    "refund",
    "repair",
    5_000,
    "refund:1",
    "2031-08-02T17:00:00Z",
    rowIds.repair,
  );

  await database.migrateToLatest();

  const rows = await db
    .select({ id: payments.id, visitNumber: payments.visitNumber })
    .from(payments);
  expect(Object.fromEntries(rows.map((entry) => [entry.id, entry.visitNumber]))).toEqual({
    [rowIds.firstVisitServiceCall]: 1,
    [rowIds.deposit]: 1,
    [rowIds.repair]: 2,
    [rowIds.refund]: 2,
  });
});
