import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { formatCalendarDate } from "~/domain/after-the-job";

import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest } from "../test-support/fixtures";
import { setRequest } from "../test-support/request-rows";
import { startTestServer, type TestServer } from "../test-support/server";
import { addDays } from "../requests/windows";

// The customer behind a request (issue 37, point 2 and its Done when): a second request from the
// same phone shows "Returning customer", the first request with its
// appliance's model and serial, the work, the payment and the warranty. Another office's desk is
// not shown this office's customer, and the web's visitor is told nothing of them.

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`The customer on the lead page on ${database.label}`, () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let dispatcher: string;
    let floridaDispatcher: string;

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true, startWorker: false });
      dispatcher = (await add("dispatcher", "Dana Dispatch", ["texas"])).cookie;
      floridaDispatcher = (await add("dispatcher", "Fred Florida", ["florida"])).cookie;
    });
    afterAll(async () => {
      await server?.close();
    });

    let numbers = 0;
    /** A phone number no other test uses, its last four digits. */
    function lastFour() {
      numbers += 1;
      return String(2000 + numbers + (database.label === "PGlite" ? 0 : 500));
    }

    async function book(fields: Record<string, unknown>) {
      const answer = await server.post("/api/send-email", serviceRequest(fields));
      expect(answer.status).toBe(201);
      return (await answer.json()) as Record<string, unknown> & { id: string };
    }

    test("a second request from the same phone shows Returning customer, the first request's appliance, model and serial, its work, payment and warranty", async () => {
      const four = lastFour();
      const first = await book({
        phone: `(713) 555-${four}`,
        selectedAppliance: "dryer",
        email: `first-${randomUUID().slice(0, 8)}@example.com`,
      });
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(
        new Date(),
      );
      const warrantyEnds = addDays(today, 80);
      await setRequest(server.serverApp.database.db, first.id, {
        status: "completed",
        brand: "Samsung",
        model: "DVE45R6100C",
        serialNumber: "0B7H5AEN400123",
        fieldStatus: "done",
        workDone: "Replaced the igniter",
        paid: { method: "card", cents: 24_500, at: new Date() },
        warrantyDays: 90,
        warrantyEnds,
      });
      const second = await book({
        phone: `(713) 555-${four}`,
        selectedAppliance: "washer",
        email: `second-${randomUUID().slice(0, 8)}@example.com`,
      });
      // The web's answer says nothing of the customer: the same fields as a stranger's.
      const stranger = await book({
        phone: `(713) 555-${lastFour()}`,
        selectedAppliance: "washer",
        email: `stranger-${randomUUID().slice(0, 8)}@example.com`,
      });
      expect(Object.keys(second).sort()).toEqual(Object.keys(stranger).sort());
      expect(JSON.stringify(second)).not.toContain(first.id);

      const lead = (await ask(`/office/leads/${second.id}`, { cookie: dispatcher })).body;
      expect(lead).toContain("Returning customer");
      expect(lead).toContain("Customer since");
      expect(lead).toContain("Dryer, Samsung DVE45R6100C serial 0B7H5AEN400123");
      expect(lead).toContain("Replaced the igniter");
      expect(lead).toContain("paid $245.00");
      expect(lead).toContain(`in warranty until ${formatCalendarDate(warrantyEnds)}`);
      expect(lead).toContain(`href="/office/leads/${first.id}"`);
      // The first request's page lists the later one, but they were not returning then.
      const firstLead = (await ask(`/office/leads/${first.id}`, { cookie: dispatcher })).body;
      expect(firstLead).toContain(`href="/office/leads/${second.id}"`);
      expect(firstLead).not.toContain("Returning customer");
    });

    test("another office's desk is not shown this office's requests of the customer; a new phone and email are a new customer", async () => {
      const four = lastFour();
      const own = () => ({ email: `caller-${randomUUID().slice(0, 8)}@example.com` });
      const houston = await book({ phone: `(713) 555-${four}`, ...own() });
      const florida = await book({
        ...own(),
        phone: `(305) 555-${four}`,
        companyEmail: "florida@easyappliancerepair.com",
      });
      const miami = await book({
        ...own(),
        selectedAppliance: "oven",
        phone: `(713) 555-${four}`,
        companyEmail: "florida@easyappliancerepair.com",
      });
      const floridaLead = (await ask(`/office/leads/${miami.id}`, { cookie: floridaDispatcher }))
        .body;
      expect(floridaLead).toContain("Details");
      // The same customer (the same phone), but their Texas request is not Florida's to see.
      expect(floridaLead).not.toContain("Returning customer");
      expect(floridaLead).not.toContain(houston.id);
      const stranger = (await ask(`/office/leads/${florida.id}`, { cookie: floridaDispatcher }))
        .body;
      expect(stranger).not.toContain("Returning customer");
      expect(stranger).not.toContain(miami.id);
    });
  });
}
