// Migration 0044 moves each no charge recorded before onto its visit: the visit in progress's
// from its request's current job, an ended visit's from the service call kept with it. A paid
// service call and a repair move nothing.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, expect, test } from "vitest";

import { migrationsBefore, migrationsFolder } from "../test-support/migrations-before";
import { requestVisits, schema } from "./schema";

let client: PGlite;
let before: ReturnType<typeof migrationsBefore>;

beforeAll(async () => {
  before = migrationsBefore("0044_visit_no_charge");
  client = await PGlite.create({ extensions: { pg_trgm } });
});

afterAll(async () => {
  await client.close();
  before.remove();
});

const requests = {
  // No charge on its first visit, whose return visit is in progress.
  freeThenBack: "7e000000-0000-4000-8000-000000000001",
  // No charge on the visit in progress.
  freeNow: "7e000000-0000-4000-8000-000000000002",
  // The service call paid by cash on the visit in progress.
  paidNow: "7e000000-0000-4000-8000-000000000003",
};

test("0044: each no charge recorded before is its visit's", async () => {
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: before.folder });
  for (const [name, id] of Object.entries(requests)) {
    await db.execute(sql`
      insert into service_requests (id, office, selected_appliance, name, email, phone, address,
        zip_code, preferred_time, brand, model, serial_number, description, notes, status,
        visit_number)
      values (${id}, 'texas', 'dryer', ${name}, 'maria.lopez@example.com', '(713) 555-0148',
        '4410 Bellaire Blvd, Houston', '77401', 'morning', 'Samsung', 'DVG45R6100C', '',
        'No heat.', '', 'scheduled', ${name === "freeThenBack" ? 2 : 1})`);
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

  await migrate(db, { migrationsFolder });

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
