// Migration 0043 marks the ledger row that settled each job paid before it (the job's
// payment_method, paid_at and payment_for say which), and each service call kept with a visit
// that ended; a deposit, a refund, an open link and a no-charge job mark none.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";

import {
  databaseBefore,
  insertDryerRequest,
  insertPayment,
} from "../test-support/migrations-before";
import { payments } from "./schema";

const database = databaseBefore("0043_ledger_settles");

const requests = {
  // Can't fix on the first visit (its service call paid by check), the part's deposit by card,
  // the return visit's repair paid by cash, then part of it refunded.
  repaired: "7d000000-0000-4000-8000-000000000001",
  noCharge: "7d000000-0000-4000-8000-000000000002",
  owing: "7d000000-0000-4000-8000-000000000003",
};
const rows = {
  serviceCall: "7d000000-0000-4000-8000-0000000000b1",
  deposit: "7d000000-0000-4000-8000-0000000000b2",
  repair: "7d000000-0000-4000-8000-0000000000b3",
  refund: "7d000000-0000-4000-8000-0000000000b4",
  openLink: "7d000000-0000-4000-8000-0000000000b5",
};

test("0043: the row that settled each job, and each ended visit's service call, is marked", async () => {
  const db = database.db();
  for (const [name, id] of Object.entries(requests)) {
    await insertDryerRequest(db, id, {
      name,
      status: "completed",
      visitNumber: name === "repaired" ? 2 : 1,
    });
  }
  await db.execute(sql`
    insert into request_visits (request_id, number, field_status, service_call)
    values (${requests.repaired}, 1, 'cant-fix',
      ${JSON.stringify({ method: "check", cents: 8900, paidAt: "2031-07-12T18:00:00.000Z", noChargeReason: null })}::jsonb),
      (${requests.repaired}, 2, 'done', null)`);
  await db.execute(sql`
    insert into request_jobs (request_id, number, payment_method, payment_cents, paid_at,
      payment_for, no_charge_reason)
    values (${requests.repaired}, 1, 'cash', 24500, '2031-07-19T20:10:00.120Z', 'repair', null),
      (${requests.noCharge}, 1, null, 0, '2031-07-19T20:10:00Z', 'service-call', 'Could not reach the part'),
      (${requests.owing}, 1, null, null, null, null, null)`);
  const { repaired, owing } = requests;
  await insertPayment(db, {
    id: rows.serviceCall,
    requestId: repaired,
    visitNumber: 1,
    kind: "balance",
    state: "paid",
    paymentFor: "service-call",
    method: "check",
    cents: 8_900,
    settledAt: "2031-07-12T18:00:00Z",
  });
  await insertPayment(db, {
    id: rows.deposit,
    requestId: repaired,
    visitNumber: 1,
    kind: "deposit",
    state: "paid",
    paymentFor: "repair",
    method: "card",
    cents: 13_800,
    settledAt: "2031-07-13T10:00:00Z",
  });
  await insertPayment(db, {
    id: rows.repair,
    requestId: repaired,
    visitNumber: 2,
    kind: "balance",
    paymentFor: "repair",
    method: "cash",
    cents: 10_700,
    state: "refunded",
    settledAt: "2031-07-19T20:10:00.118Z",
  });
  await insertPayment(db, {
    id: rows.refund,
    requestId: repaired,
    visitNumber: 2,
    kind: "refund",
    state: "paid",
    paymentFor: "repair",
    method: "cash",
    cents: 10_700,
    refundOf: rows.repair,
    settledAt: "2031-07-25T09:00:00Z",
  });
  await insertPayment(db, {
    id: rows.openLink,
    requestId: owing,
    visitNumber: 1,
    kind: "balance",
    paymentFor: "repair",
    method: "card",
    cents: 24_500,
    state: "pending",
    settledAt: null,
  });

  await database.migrateToLatest();

  const marked = await db.select({ id: payments.id, settles: payments.settles }).from(payments);
  expect(Object.fromEntries(marked.map((entry) => [entry.id, entry.settles]))).toEqual({
    [rows.serviceCall]: true,
    [rows.deposit]: false,
    [rows.repair]: true,
    [rows.refund]: false,
    [rows.openLink]: false,
  });
});
