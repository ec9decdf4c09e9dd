// Migration 0043 marks the ledger row that settled each job paid before it (the job's
// payment_method, paid_at and payment_for say which), and each service call kept with a visit
// that ended; a deposit, a refund, an open link and a no-charge job mark none.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";

import { databaseBefore, insertDryerRequest } from "../test-support/migrations-before";
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
  const row = (
    id: string,
    requestId: string,
    visit: number,
    kind: string,
    paymentFor: string,
    method: string,
    cents: number,
    state: string,
    settledAt: string | null,
    refundOf: string | null = null,
  ) =>
    db.execute(sql`
      insert into payments (id, request_id, job_number, visit_number, kind, payment_for, method,
        amount_cents, state, refund_of, idempotency_key, created_at, settled_at)
      values (${id}, ${requestId}, 1, ${visit}, ${kind}, ${paymentFor}, ${method}, ${cents},
        ${state}, ${refundOf}, ${`key:${id}`}, coalesce(${settledAt}::timestamptz, now()),
        ${settledAt}::timestamptz)`);
  await row(
    rows.serviceCall,
    requests.repaired,
    1,
    "balance",
    "service-call",
    "check",
    8_900,
    "paid",
    "2031-07-12T18:00:00Z",
  );
  await row(
    rows.deposit,
    requests.repaired,
    1,
    "deposit",
    "repair",
    "card",
    13_800,
    "paid",
    "2031-07-13T10:00:00Z",
  );
  await row(
    rows.repair,
    requests.repaired,
    2,
    "balance",
    "repair",
    "cash",
    10_700,
    "refunded",
    "2031-07-19T20:10:00.118Z",
  );
  await row(
    rows.refund,
    requests.repaired,
    2,
    "refund",
    "repair",
    "cash",
    10_700,
    "paid",
    "2031-07-25T09:00:00Z",
    rows.repair,
  );
  await row(rows.openLink, requests.owing, 1, "balance", "repair", "card", 24_500, "pending", null);

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
