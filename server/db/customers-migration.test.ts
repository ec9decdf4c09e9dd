// Migration 0036 joins the requests stored before it to their customers: one per phone (its last
// ten digits), made from that phone's first request; an email already used keeps finding the
// first customer that used it; an erased request belongs to nobody; the search finds an address.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, expect, test } from "vitest";

import { migrationsBefore, migrationsFolder } from "../test-support/migrations-before";
import { schema } from "./schema";

let client: PGlite;
let before: ReturnType<typeof migrationsBefore>;

beforeAll(async () => {
  before = migrationsBefore("0036_customers");
  client = await PGlite.create({ extensions: { pg_trgm } });
});

afterAll(async () => {
  await client.close();
  before.remove();
});

const ids = {
  first: "7a000000-0000-4000-8000-000000000001",
  again: "7a000000-0000-4000-8000-000000000002",
  sameEmail: "7a000000-0000-4000-8000-000000000003",
  erased: "7a000000-0000-4000-8000-000000000004",
};

test("0036: one customer per phone, made from its first request; the email keeps finding the first; an erased request joins nobody", async () => {
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: before.folder });
  const insert = (
    id: string,
    name: string,
    phone: string,
    email: string,
    at: string,
    erased = false,
  ) =>
    db.execute(sql`
      insert into service_requests (id, office, selected_appliance, name, email, phone, address,
        zip_code, preferred_time, brand, model, serial_number, description, notes, created_at,
        erased_at)
      values (${id}, 'texas', 'washer', ${name}, ${email}, ${phone}, '4410 Bellaire Blvd, Houston',
        '77401', 'morning', '', '', '', 'Leaks.', '', ${at}::timestamptz,
        ${erased ? at : null}::timestamptz)`);
  await insert(ids.again, "Priya R.", "(713) 555-0148", "", "2031-08-02T15:00:00Z");
  await insert(
    ids.first,
    "Priya Raman",
    "(713) 555-0148",
    "Priya@Example.com",
    "2031-07-19T15:00:00Z",
  );
  await insert(
    ids.sameEmail,
    "Priya Raman",
    "(281) 555-0101",
    "priya@example.com",
    "2031-09-01T15:00:00Z",
  );
  await insert(ids.erased, "[erased]", "", "", "2031-06-01T15:00:00Z", true);

  await migrate(db, { migrationsFolder });

  const rows = await db.execute<{ id: string; customer_id: string | null }>(
    sql`select id, customer_id from service_requests order by created_at`,
  );
  const customerOf = Object.fromEntries(rows.rows.map((row) => [row.id, row.customer_id]));
  expect(customerOf[ids.first]).toBe(ids.first);
  expect(customerOf[ids.again]).toBe(ids.first);
  expect(customerOf[ids.sameEmail]).toBe(ids.sameEmail);
  expect(customerOf[ids.erased]).toBeNull();
  const customerRows = await db.execute<{ id: string; name: string; email: string }>(
    sql`select id, name, email from customers order by created_at`,
  );
  expect(customerRows.rows).toEqual([
    { id: ids.first, name: "Priya Raman", email: "Priya@Example.com" },
    { id: ids.sameEmail, name: "Priya Raman", email: "priya@example.com" },
  ]);
  const keys = await db.execute<{ key: string; customer_id: string }>(
    sql`select key, customer_id from customer_keys order by key`,
  );
  expect(keys.rows).toEqual([
    { key: "email:priya@example.com", customer_id: ids.first },
    { key: "phone:2815550101", customer_id: ids.sameEmail },
    { key: "phone:7135550148", customer_id: ids.first },
  ]);
  const found = await db.execute<{ id: string }>(
    sql`select id from service_requests where search_text like '%bellaire blvd%' and erased_at is null order by id`,
  );
  expect(found.rows.map((row) => row.id)).toEqual([ids.first, ids.again, ids.sameEmail].sort());
});
