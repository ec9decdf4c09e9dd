// Migration 0046 drops an ended visit's copy of its service call: the visit's line in the history
// reads it from the ledger's row that settled that visit, or from the visit's no charge. A
// service call recorded as $0 (no row) gets its row first.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";

import { earlierVisitsOf } from "../requests/visit-history";
import { databaseBefore, insertDryerRequest } from "../test-support/migrations-before";

const database = databaseBefore("0046_visit_service_call_from_ledger");

const requests = {
  // Can't fix, the service call paid by card (its ledger row settles the visit); back on visit 2.
  paidByCard: "80000000-0000-4000-8000-000000000001",
  // Can't fix, the service call recorded as $0 in cash (no ledger row); back on visit 2.
  recordedAsNothing: "80000000-0000-4000-8000-000000000002",
  // Can't fix, no charge; back on visit 2.
  noCharge: "80000000-0000-4000-8000-000000000003",
};

test("0046: each ended visit's service call reads the same from the ledger", async () => {
  const db = database.db();
  const kept = {
    paidByCard: { method: "card", cents: 8900, paidAt: "2031-07-12T18:00:00.000Z" },
    recordedAsNothing: { method: "cash", cents: 0, paidAt: "2031-07-12T19:00:00.000Z" },
    noCharge: {
      method: null,
      cents: 0,
      paidAt: "2031-07-12T20:00:00.000Z",
      noChargeReason: "The part is no longer made",
    },
  };
  for (const [name, id] of Object.entries(requests)) {
    await insertDryerRequest(db, id, { name, status: "scheduled", visitNumber: 2 });
    const call = kept[name as keyof typeof kept];
    await db.execute(sql`
      insert into request_visits (request_id, number, field_status, service_call, no_charge_at,
        no_charge_reason)
      values (${id}, 1, 'cant-fix', ${JSON.stringify({ noChargeReason: null, ...call })}::jsonb,
          ${call.method === null ? call.paidAt : null}::timestamptz,
          ${call.method === null ? kept.noCharge.noChargeReason : null}),
        (${id}, 2, null, null, null, null)`);
    await db.execute(sql`insert into request_jobs (request_id, number) values (${id}, 1)`);
  }
  await db.execute(sql`
    insert into payments (id, request_id, job_number, visit_number, kind, payment_for, method,
      amount_cents, state, idempotency_key, created_at, settled_at, settles)
    values (gen_random_uuid(), ${requests.paidByCard}, 1, 1, 'balance', 'service-call', 'card',
      8900, 'paid', 'card-call', '2031-07-12T18:00:00Z', '2031-07-12T18:00:00Z', true)`);

  await database.migrateToLatest();

  for (const [name, id] of Object.entries(requests)) {
    const [first] = await earlierVisitsOf(db, { id, visitNumber: 2 });
    expect(first?.serviceCall, name).toEqual({
      noChargeReason: null,
      ...kept[name as keyof typeof kept],
    });
  }
  const rows = await db.execute(sql`select request_id from payments order by request_id`);
  expect(rows.rows.map((row) => (row as { request_id: string }).request_id)).toEqual([
    requests.paidByCard,
    requests.recordedAsNothing,
  ]);
});
