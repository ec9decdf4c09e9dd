import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest } from "../test-support/fixtures";
import { requestRow, setRequest } from "../test-support/request-rows";
import { freshClientIp, startTestServer, type TestServer } from "../test-support/server";
import { addDays } from "./windows";

// A warranty visit is a visit of its own: what its technician did is its row's, so the receipt of
// the paid repair keeps the repair's work, parts and technician (issue 35, point 4). The repair's
// Done and payment, and the warranty visit's Done, are written straight to the visits' rows (the
// field's tests drive the taps, which write the same row through the door).

const databases = await testDatabases();
const repairWork = "Replaced the defrost heater";
const repairParts = "Defrost heater DA47-00244W";
const callbackWork = "Reseated the evaporator fan connector; no part needed";

/** Monday, June 9, 2031, 3:00 PM in Houston, running on (the warranty tests' own clock). */
const clockStartsAt = Date.parse("2031-06-09T20:00:00Z");
const startedAt = Date.now();
const testNow = () => new Date(clockStartsAt + (Date.now() - startedAt));
const today = "2031-06-09";

for (const database of databases) {
  describe.skipIf(!database.available)(`A warranty visit's own work on ${database.label}`, () => {
    let server: TestServer;
    const { add } = deskClient(() => server);
    let alexId: string;
    let beaId: string;

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true, now: testNow });
      alexId = (await add("technician", "Alex Rivera", ["texas"])).id;
      beaId = (await add("technician", "Bea Tran", ["texas"])).id;
    });
    afterAll(async () => {
      await server?.close();
    });

    async function read(path: string) {
      const answer = await fetch(`${server.baseUrl}${path}`, {
        headers: { "X-Forwarded-For": freshClientIp() },
      });
      expect(answer.status).toBe(200);
      return (await answer.text()).replaceAll("<!-- -->", "");
    }

    test("its Done leaves the paid repair's work, parts and technician on the receipt", async () => {
      const email = `callback-${randomUUID().slice(0, 8)}@example.com`;
      const booked = await server.post("/api/send-email", serviceRequest({ email }));
      expect(booked.status).toBe(201);
      const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
      const path = new URL(requestUrl).pathname;
      const { db } = server.serverApp.database;
      await setRequest(db, id, {
        status: "completed",
        scheduledDate: addDays(today, -2),
        scheduledWindow: "morning",
        technician: "Alex Rivera",
        technicianId: alexId,
        fieldStatus: "done",
        doneAt: testNow(),
        workDone: repairWork,
        partsUsed: repairParts,
        amountChargedCents: 18_900,
        paid: { method: "card", cents: 18_900, at: testNow() },
        warrantyDays: 90,
        warrantyEnds: addDays(today, 88),
      });
      const before = await read(`${path}/receipt`);
      expect(before).toContain(repairWork);
      expect(before).toContain(repairParts);

      const page = await read(path);
      const choice = /name="window" value="(\d{4}-\d\d-\d\d\/[a-z]+)"/.exec(page)?.[1];
      expect(choice).toBeDefined();
      const answer = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": freshClientIp() },
        body: new URLSearchParams({
          intent: "warranty-callback",
          problem: "The freezer is warm again",
          window: choice!,
        }),
      });
      expect(answer.status).toBe(200);
      expect(await requestRow(db, id)).toMatchObject({ visitNumber: 2, warrantyCallback: true });

      // Bea goes on the warranty visit and finishes it: its row, the request's current visit.
      const [date, window] = choice!.split("/");
      await setRequest(db, id, {
        status: "completed",
        scheduledDate: date,
        scheduledWindow: window,
        technician: "Bea Tran",
        technicianId: beaId,
        fieldStatus: "done",
        doneAt: testNow(),
        workDone: callbackWork,
        partsUsed: "",
        amountChargedCents: null,
      });
      expect(await requestRow(db, id)).toMatchObject({ workDone: callbackWork });

      const receipt = await read(`${path}/receipt`);
      expect(receipt).toContain(repairWork);
      expect(receipt).toContain(repairParts);
      expect(receipt).not.toContain(callbackWork);
      expect(receipt).toContain("Alex");
      expect(receipt).toMatch(/Warranty visit \(no charge\): [^<]*\(done\)/);
      // The private page still says when the repair was done: the repair's day, not the callback's.
      expect(await read(path)).toContain("Repaired");

      // Another warranty visit, booked and then cancelled on the page: the repair stays completed,
      // guaranteed and receipted, and the visit done before it stays done.
      const again = /name="window" value="(\d{4}-\d\d-\d\d\/[a-z]+)"/.exec(await read(path))?.[1];
      expect(again).toBeDefined();
      const second = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": freshClientIp() },
        body: new URLSearchParams({
          intent: "warranty-callback",
          problem: "Warm again on Sunday",
          window: again!,
        }),
      });
      expect(second.status).toBe(200);
      expect(await requestRow(db, id)).toMatchObject({ visitNumber: 3, warrantyCallback: true });
      const cancelled = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": freshClientIp() },
        body: new URLSearchParams({ intent: "cancel" }),
      });
      expect(cancelled.status).toBe(200);
      expect(await requestRow(db, id)).toMatchObject({
        status: "completed",
        visitNumber: 2,
        workDone: callbackWork,
      });
      const afterCancel = await read(path);
      expect(afterCancel).toContain("Repaired");
      expect(afterCancel).toContain("guaranteed until");
      const receiptAfter = await read(`${path}/receipt`);
      expect(receiptAfter).toContain(repairWork);
      expect(receiptAfter).not.toContain(callbackWork);
      expect(receiptAfter).toMatch(/Warranty visit \(no charge\): [^<]*\(done\)/);
    });
  });
}
