import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { testDatabases } from "./test-support/databases";
import { startTestServer, type TestServer } from "./test-support/server";

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(database.label, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ database });
    });
    afterAll(async () => {
      await server?.close();
    });

    test("stores and sends", async () => {
      const response = await server.post(
        "/api/send-email",
        {
          selectedAppliance: "refrigerator",
          name: "Jane Doe",
          email: "jane@example.com",
          phone: "(713) 555-0100",
          address: "123 Main St",
          preferredDate: "2031-01-01",
          preferredTime: "morning",
          companyEmail: "texas@easyappliancerepair.com",
        },
        { headers: { "Idempotency-Key": "abc" } },
      );
      const body = await response.json();
      console.log(response.status, body);
      const emails = await server.smtp.waitForEmails(2);
      console.log(emails.map((e) => e.raw).join("\n=========\n"));
      const again = await server.post(
        "/api/send-email",
        {
          selectedAppliance: "refrigerator",
          name: "Jane Doe",
          phone: "(713) 555-0100",
          address: "x",
        },
        { headers: { "Idempotency-Key": "abc" } },
      );
      console.log(again.status, await again.json(), again.headers.get("idempotent-replayed"));
      const r = await fetch(`${server.baseUrl}/readyz`);
      console.log(await r.json());
      for (let i = 0; i < 3; i++) {
        const x = await server.post("/api/send-subscribe-email", { email: "A@b.com" });
        console.log(x.status, await x.json());
      }
      expect(response.status).toBe(201);
    });
  });
}
