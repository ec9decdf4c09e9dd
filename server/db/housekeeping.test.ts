import { randomUUID } from "node:crypto";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { testDatabases } from "../test-support/databases";
import { insertRequest } from "../test-support/request-rows";
import { startTestServer, type TestServer } from "../test-support/server";
import { pruneExpiredRecords, refreshEmbeddedStatistics } from "./housekeeping";
import { stripeEvents } from "./schema";

const pglite = (await testDatabases()).find((database) => database.label === "PGlite")!;

/** How many rows the planner believes the table holds (-1: never analysed). */
async function plannerRows(server: TestServer, table: string): Promise<number> {
  const { rows } = (await server.serverApp.database.db.execute(
    sql`select reltuples::int as rows from pg_class where relname = ${table}`,
  )) as unknown as { rows: { rows: number }[] };
  return rows[0]!.rows;
}

describe("The embedded database's statistics (PGlite has no autovacuum)", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: pglite, startWorker: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("are gathered when the server starts, and again when housekeeping refreshes them", async () => {
    // The server analysed its tables as it started: the planner knows the leads table is empty
    // rather than never having looked (-1).
    expect(await plannerRows(server, "service_requests")).toBe(0);

    for (let index = 0; index < 30; index += 1) {
      const id = randomUUID();
      await insertRequest(server.serverApp.database.db, {
        id,
        office: "texas",
        selectedAppliance: "washer",
        name: `Stats ${index}`,
        email: `stats-${id}@example.com`,
        phone: "(713) 555-0142",
        address: "1200 Main St, Houston, TX",
        zipCode: "77002",
        preferredDate: null,
        preferredTime: "",
        brand: "",
        model: "",
        serialNumber: "",
        description: "Not spinning",
        notes: "",
      });
    }
    expect(await plannerRows(server, "service_requests")).toBe(0);
    await refreshEmbeddedStatistics(server.serverApp.database);
    expect(await plannerRows(server, "service_requests")).toBe(30);
  });
});

describe("Housekeeping's pruning", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: pglite, startWorker: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("drops the ids of Stripe events older than Stripe keeps them, and keeps the recent ones", async () => {
    const { db } = server.serverApp.database;
    const day = 24 * 60 * 60 * 1000;
    await db.insert(stripeEvents).values([
      {
        id: "evt_old",
        type: "checkout.session.completed",
        outcome: "paid",
        receivedAt: new Date(Date.now() - 36 * day),
      },
      {
        id: "evt_month",
        type: "checkout.session.completed",
        outcome: "paid",
        receivedAt: new Date(Date.now() - 29 * day),
      },
      { id: "evt_new", type: "charge.refunded", outcome: "refunded", receivedAt: new Date() },
    ]);
    await pruneExpiredRecords(db);
    const left = await db.select({ id: stripeEvents.id }).from(stripeEvents);
    expect(left.map((row) => row.id).sort()).toEqual(["evt_month", "evt_new"]);
  });
});
