// Migration 0044 moves each no charge recorded before onto its visit: the visit in progress's
// from its request's current job, an ended visit's from the service call kept with it. A paid
// service call and a repair move nothing.
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";

import { databaseBefore, insertDryerRequest } from "../test-support/migrations-before";
import { requestVisits } from "./schema";

const database = databaseBefore("0044_visit_no_charge");

const requests = {
  // No charge on its first visit, whose return visit is in progress.
  freeThenBack: "7e000000-0000-4000-8000-000000000001",
  // No charge on the visit in progress.
  freeNow: "7e000000-0000-4000-8000-000000000002",
  // The service call paid by cash on the visit in progress.
  paidNow: "7e000000-0000-4000-8000-000000000003",
};

test("0044: each no charge recorded before is its visit's", async () => {
  const db = database.db();
  for (const [name, id] of Object.entries(requests)) {
    await insertDryerRequest(db, id, {
      name,
      status: "scheduled",
      visitNumber: name === "freeThenBack" ? 2 : 1,
    });
  }
  await db.execute(sql`
    insert into request_visits (request_id, number, field_status, service_call)
    values (${requests.freeThenBack}, 1, 'cant-fix',
        ${JSON.stringify({ method: null, cents: 0, paidAt: "2031-07-12T18:00:00.000Z", noChargeReason: "The second visit is on us" })}::jsonb),
      (${requests.freeThenBack}, 2, null, null),
      (${requests.freeNow}, 1, 'cant-fix', null),
      (${requests.paidNow}, 1, 'cant-fix', null)`);
  await db.execute(sql`
    insert into request_jobs (request_id, number, payment_method, payment_cents, paid_at,
      payment_for, no_charge_reason)
    values (${requests.freeThenBack}, 1, null, null, null, null, null),
      (${requests.freeNow}, 1, null, 0, '2031-07-19T20:10:00Z', 'service-call', 'The part is no longer made'),
      (${requests.paidNow}, 1, 'cash', 8900, '2031-07-19T21:00:00Z', 'service-call', null)`);

  await database.migrateToLatest();

  const visits = await db
    .select({
      requestId: requestVisits.requestId,
      number: requestVisits.number,
      noChargeAt: requestVisits.noChargeAt,
      noChargeReason: requestVisits.noChargeReason,
    })
    .from(requestVisits);
  const byVisit = Object.fromEntries(
    visits.map(({ requestId, number, ...rest }) => [`${requestId}:${number}`, rest]),
  );
  expect(byVisit).toEqual({
    [`${requests.freeThenBack}:1`]: {
      noChargeAt: new Date("2031-07-12T18:00:00Z"),
      noChargeReason: "The second visit is on us",
    },
    [`${requests.freeThenBack}:2`]: { noChargeAt: null, noChargeReason: null },
    [`${requests.freeNow}:1`]: {
      noChargeAt: new Date("2031-07-19T20:10:00Z"),
      noChargeReason: "The part is no longer made",
    },
    [`${requests.paidNow}:1`]: { noChargeAt: null, noChargeReason: null },
  });
});
