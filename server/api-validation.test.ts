import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { contactMessages, newsletterSubscribers, outbox, serviceRequests } from "./db/schema";
import { testDatabases } from "./test-support/databases";
import {
  contactMessage,
  expectFieldErrors,
  serviceRequest,
  type FailureBody,
} from "./test-support/fixtures";
import { startTestServer, type TestServer } from "./test-support/server";

const databases = await testDatabases();

const endpoints = ["/api/send-email", "/api/send-contact-email", "/api/send-subscribe-email"];

for (const database of databases) {
  describe.skipIf(!database.available)(`API input on ${database.label}`, () => {
    let server: TestServer;

    beforeAll(async () => {
      // Far from any midnight: only the date rule's own tests move the clock.
      server = await startTestServer({
        database,
        now: () => new Date("2031-03-10T17:00:00Z"),
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    async function rowCounts() {
      const { db } = server.serverApp.database;
      const [requests, contacts, subscribers, emails] = await Promise.all([
        db.$count(serviceRequests),
        db.$count(contactMessages),
        db.$count(newsletterSubscribers),
        db.$count(outbox),
      ]);
      return { requests, contacts, subscribers, emails };
    }

    test("a service request without its required fields names each with its message", async () => {
      await expectFieldErrors(await server.post("/api/send-email", {}), {
        selectedAppliance: ["Please select an appliance"],
        name: ["Name is required"],
        phone: ["Phone number is required"],
        address: ["Address is required"],
      });
    });

    test("a service request's blank, malformed and over-long values get the schema's messages", async () => {
      const response = await server.post(
        "/api/send-email",
        serviceRequest({
          selectedAppliance: "toaster",
          name: "   ",
          email: "jane@example",
          phone: "7135550100",
          address: " \n ",
          zipCode: "123456789012",
          preferredDate: "2031-02-30",
          preferredTime: "midnight",
          brand: "b".repeat(101),
          model: "m".repeat(101),
          serialNumber: "s".repeat(101),
          description: "d".repeat(2001),
          notes: "n".repeat(2001),
        }),
      );
      const body = (await response.json()) as FailureBody;
      expect(response.status).toBe(400);
      expect(body.success).toBe(false);
      expect(body.errors).toMatchObject({
        selectedAppliance: ["Please select an appliance"],
        name: ["Name is required"],
        email: ["Invalid email address"],
        phone: ["Invalid phone number format"],
        address: ["Address is required"],
        zipCode: ["Must be at most 10 characters"],
        preferredDate: ["Invalid date"],
        brand: ["Must be at most 100 characters"],
        model: ["Must be at most 100 characters"],
        serialNumber: ["Must be at most 100 characters"],
        description: ["Must be at most 2000 characters"],
        notes: ["Must be at most 2000 characters"],
      });
      expect(body.errors?.preferredTime).toHaveLength(1);
    });

    test("a service request's optional fields may be left out", async () => {
      const response = await server.post("/api/send-email", {
        selectedAppliance: "other",
        name: "Sam",
        phone: "(713) 555-0101",
        address: "1 Elm St",
      });
      expect(response.status).toBe(201);
    });

    test("each appliance type is accepted", async () => {
      for (const selectedAppliance of [
        "refrigerator",
        "dishwasher",
        "washer",
        "dryer",
        "oven",
        "microwave",
        "combo",
        "other",
      ]) {
        const response = await server.post(
          "/api/send-email",
          serviceRequest({ selectedAppliance }),
        );
        expect(response.status, selectedAppliance).toBe(201);
      }
    });

    test("a name over 100 characters is refused", async () => {
      await expectFieldErrors(
        await server.post("/api/send-email", serviceRequest({ name: "n".repeat(101) })),
        { name: ["Must be at most 100 characters"] },
      );
    });

    test("a contact message without its required fields names each with its message", async () => {
      await expectFieldErrors(await server.post("/api/send-contact-email", {}), {
        name: ["Name is required"],
        lastName: ["Last name is required"],
        phone: ["Phone number is required"],
        subject: ["Subject is required"],
        message: ["Message is required"],
      });
    });

    test("a contact message's blank and malformed values get the schema's messages", async () => {
      await expectFieldErrors(
        await server.post(
          "/api/send-contact-email",
          contactMessage({
            name: " ",
            lastName: "",
            email: "john@",
            phone: "(908) 555-019",
            subject: "\r\n",
            message: "   ",
          }),
        ),
        {
          name: ["Name is required"],
          lastName: ["Last name is required"],
          email: ["Invalid email address"],
          phone: ["Invalid phone number format"],
          subject: ["Subject is required"],
          message: ["Message is required"],
        },
      );
    });

    test("a contact message's email is optional", async () => {
      const response = await server.post("/api/send-contact-email", contactMessage({ email: "" }));
      expect(response.status).toBe(201);
    });

    test("a contact message over its lengths is refused", async () => {
      await expectFieldErrors(
        await server.post(
          "/api/send-contact-email",
          contactMessage({ subject: "s".repeat(201), message: "m".repeat(5001) }),
        ),
        {
          subject: ["Must be at most 200 characters"],
          message: ["Must be at most 5000 characters"],
        },
      );
    });

    test("a newsletter email is required and must look like an email", async () => {
      await expectFieldErrors(await server.post("/api/send-subscribe-email", {}), {
        email: ["Email is required"],
      });
      await expectFieldErrors(await server.post("/api/send-subscribe-email", { email: "  " }), {
        email: ["Email is required"],
      });
      for (const email of ["plain", "a@b", "a@b.c", "a b@example.com", "a@example.c0m"]) {
        await expectFieldErrors(await server.post("/api/send-subscribe-email", { email }), {
          email: ["Invalid email address"],
        });
      }
    });

    test("a refused submission stores nothing", async () => {
      const before = await rowCounts();
      await server.post("/api/send-email", serviceRequest({ phone: "" }));
      await server.post("/api/send-contact-email", contactMessage({ message: "" }));
      await server.post("/api/send-subscribe-email", { email: "nope" });
      expect(await rowCounts()).toEqual(before);
    });

    test("a body that is not JSON gets 415", async () => {
      for (const path of endpoints) {
        const response = await server.post(path, null, {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          rawBody: "email=a%40example.com",
        });
        expect(response.status, path).toBe(415);
        expect(await response.json()).toMatchObject({ success: false });
      }
      const textPlain = await server.post("/api/send-email", null, {
        headers: { "Content-Type": "text/plain" },
        rawBody: JSON.stringify(serviceRequest()),
      });
      expect(textPlain.status).toBe(415);
    });

    test("malformed JSON gets 400", async () => {
      for (const path of endpoints) {
        const response = await server.post(path, null, { rawBody: '{"email": "a@example.com",' });
        expect(response.status, path).toBe(400);
        expect(await response.json()).toEqual({
          success: false,
          error: "The request body is not valid JSON",
        });
      }
    });

    test("JSON that is not an object gets 400", async () => {
      for (const rawBody of ["[]", '"text"', "42", "null"]) {
        const response = await server.post("/api/send-email", null, { rawBody });
        expect(response.status, rawBody).toBe(400);
        expect(await response.json()).toMatchObject({ success: false });
      }
    });

    test("a field whose length is an object zod cannot compare gets 400, not 500, and nothing is stored", async () => {
      // Found by the hostile-input fuzz: zod measures `length` before refusing the type, and an
      // object without a usable toString made that comparison throw.
      const before = await rowCounts();
      const odd = { length: { toString: 1 } };
      const bodies: [string, Record<string, unknown>][] = [
        ["/api/send-subscribe-email", { email: "fuzz@example.com", website: odd }],
        ["/api/send-contact-email", contactMessage({ message: odd })],
        ["/api/send-email", serviceRequest({ name: odd })],
      ];
      for (const [path, body] of bodies) {
        const response = await server.post(path, body);
        expect(response.status, path).toBe(400);
        expect(await response.json(), path).toMatchObject({ success: false });
      }
      expect(await rowCounts()).toEqual(before);
    });

    test("a body over 16 KB gets 413", async () => {
      for (const path of endpoints) {
        const response = await server.post(
          path,
          contactMessage({ message: "m".repeat(17 * 1024) }),
        );
        expect(response.status, path).toBe(413);
        expect(await response.json()).toMatchObject({ success: false });
      }
    });

    test("a filled honeypot gets a success and nothing is stored or sent", async () => {
      const before = await rowCounts();
      for (const [path, body] of [
        ["/api/send-email", serviceRequest({ website: "http://spam.example" })],
        ["/api/send-contact-email", contactMessage({ website: "buy now" })],
        ["/api/send-subscribe-email", { email: "bot@example.com", website: "x" }],
      ] as const) {
        const response = await server.post(path, body);
        expect(response.status, path).toBe(200);
        expect(await response.json()).toEqual({ success: true });
      }
      expect(await rowCounts()).toEqual(before);
    });

    test("an Idempotency-Key over 200 characters gets 400", async () => {
      const response = await server.post("/api/send-email", serviceRequest(), {
        headers: { "Idempotency-Key": "k".repeat(201) },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false });
    });

    test("another method gets 405 and an unknown API path 404, both as JSON", async () => {
      const get = await fetch(`${server.baseUrl}/api/send-email`);
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
      expect(await get.json()).toMatchObject({ success: false });
      const unknown = await server.post("/api/send-sms", {});
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ success: false });
    });
  });
}
