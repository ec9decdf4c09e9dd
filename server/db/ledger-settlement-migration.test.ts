// Migration 0045 drops the job's payment columns: from then on a request reads how it was settled
// from the ledger (../requests/request-rows.ts). Before they go, the ledger is made to say what
// they said: the settling row's time is when the job was paid (a payment refunded in full had
// been given its refund's time), and a job settled with no row (a $0 payment: the deposit
// covered it) gets a $0 row that settles it.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";

import { readRequest } from "../requests/request-rows";
import {
  databaseBefore,
  insertDryerRequest,
  insertPayment,
} from "../test-support/migrations-before";
import { payments } from "./schema";

const database = databaseBefore("0045_ledger_settles_jobs");

const requests = {
  // Repaired and paid by card on July 19, refunded in full on July 25.
  refunded: "7f000000-0000-4000-8000-000000000001",
  // The $138 deposit covered the repair: the technician recorded $0 in cash on July 20.
  depositCovered: "7f000000-0000-4000-8000-000000000002",
  // Can't fix on July 12, its service call paid by card (refunded later); the return visit is on.
  backAfterServiceCall: "7f000000-0000-4000-8000-000000000003",
};
const rows = {
  card: "7f000000-0000-4000-8000-0000000000c1",
  refund: "7f000000-0000-4000-8000-0000000000c2",
  deposit: "7f000000-0000-4000-8000-0000000000c3",
  serviceCall: "7f000000-0000-4000-8000-0000000000c4",
};

test("0045: what the job's payment columns said is read from the ledger after they go", async () => {
  const db = database.db();
  for (const [name, id] of Object.entries(requests)) {
    await insertDryerRequest(db, id, {
      name,
      status: name === "backAfterServiceCall" ? "scheduled" : "completed",
      visitNumber: name === "backAfterServiceCall" ? 2 : 1,
    });
  }
  await db.execute(sql`
    insert into request_visits (request_id, number, field_status, service_call, created_at)
    values (${requests.refunded}, 1, 'done', null, '2031-07-18T12:00:00Z'),
      (${requests.depositCovered}, 1, 'done', null, '2031-07-10T12:00:00Z'),
      (${requests.backAfterServiceCall}, 1, 'cant-fix',
        ${JSON.stringify({ method: "card", cents: 8900, paidAt: "2031-07-12T18:00:00.000Z", noChargeReason: null })}::jsonb,
        '2031-07-11T12:00:00Z'),
      (${requests.backAfterServiceCall}, 2, null, null, '2031-07-14T12:00:00Z')`);
  await db.execute(sql`
    insert into request_jobs (request_id, number, payment_method, payment_cents, paid_at,
      payment_for, warranty_days, warranty_ends)
    values (${requests.refunded}, 1, 'card', 24500, '2031-07-19T20:10:00Z', 'repair', 90, '2031-10-17'),
      (${requests.depositCovered}, 1, 'cash', 13800, '2031-07-20T15:00:00Z', 'repair', 90, '2031-10-18'),
      (${requests.backAfterServiceCall}, 1, null, null, null, null, null, null)`);
  const card = { method: "card", kind: "balance", visitNumber: 1 } as const;
  // Refunded in full: the row was given the refund's time, as a refund did before.
  const refundedAt = "2031-07-25T09:00:00Z";
  await insertPayment(db, {
    ...card,
    id: rows.card,
    requestId: requests.refunded,
    paymentFor: "repair",
    cents: 24_500,
    state: "refunded",
    settledAt: refundedAt,
    settles: true,
  });
  await insertPayment(db, {
    ...card,
    id: rows.refund,
    requestId: requests.refunded,
    paymentFor: "repair",
    kind: "refund",
    cents: 24_500,
    state: "paid",
    settledAt: refundedAt,
    settles: false,
    refundOf: rows.card,
  });
  await insertPayment(db, {
    ...card,
    id: rows.deposit,
    requestId: requests.depositCovered,
    paymentFor: "repair",
    kind: "deposit",
    cents: 13_800,
    state: "paid",
    settledAt: "2031-07-14T10:00:00Z",
    settles: false,
  });
  await insertPayment(db, {
    ...card,
    id: rows.serviceCall,
    requestId: requests.backAfterServiceCall,
    paymentFor: "service-call",
    cents: 8_900,
    state: "refunded",
    settles: true,
    settledAt: "2031-07-30T09:00:00Z",
  });

  await database.migrateToLatest();

  expect(await readRequest(db, requests.refunded)).toMatchObject({
    paymentMethod: "card",
    paymentCents: 24_500,
    paidAt: new Date("2031-07-19T20:10:00Z"),
    paymentFor: "repair",
    noChargeReason: null,
    warrantyEnds: "2031-10-17",
  });
  expect(await readRequest(db, requests.depositCovered)).toMatchObject({
    paymentMethod: "cash",
    paymentCents: 13_800,
    paidAt: new Date("2031-07-20T15:00:00Z"),
    paymentFor: "repair",
  });
  // The return visit owes its own; the first visit's service call keeps when it was paid.
  expect(await readRequest(db, requests.backAfterServiceCall)).toMatchObject({
    visitNumber: 2,
    paymentMethod: null,
    paymentCents: null,
    paidAt: null,
    paymentFor: null,
  });
  const ledger = await db
    .select({
      id: payments.id,
      requestId: payments.requestId,
      visitNumber: payments.visitNumber,
      method: payments.method,
      amountCents: payments.amountCents,
      settledAt: payments.settledAt,
      settles: payments.settles,
    })
    .from(payments);
  const byId = new Map(ledger.map((entry) => [entry.id, entry]));
  expect(byId.get(rows.card)?.settledAt).toEqual(new Date("2031-07-19T20:10:00Z"));
  expect(byId.get(rows.refund)?.settledAt).toEqual(new Date("2031-07-25T09:00:00Z"));
  expect(byId.get(rows.serviceCall)?.settledAt).toEqual(new Date("2031-07-12T18:00:00Z"));
  expect(ledger.filter((entry) => entry.requestId === requests.depositCovered)).toEqual([
    expect.objectContaining({ id: rows.deposit, amountCents: 13_800, settles: false }),
    expect.objectContaining({
      method: "cash",
      amountCents: 0,
      visitNumber: 1,
      settledAt: new Date("2031-07-20T15:00:00Z"),
      settles: true,
    }),
  ]);
});
