import { randomBytes } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { defaultProfile } from "~/content/company";
import { serviceRequestSchema } from "~/domain/service-request";

import { LeadWriter } from "./leads/lead-writer";
import { serviceRequestWrite } from "./leads/submissions";
import { parseConfig } from "./config";
import { outbox, serviceRequests, type SubmissionSuccess } from "./db/schema";
import { mailContextFor } from "./mail/context";
import { RequestLinks } from "./requests/request-links";
import { testDatabases } from "./test-support/databases";
import {
  emailsAbout,
  expectCreated,
  expectFieldErrors,
  headerBlock,
  newJerseyEmail,
  serviceRequest,
  texasEmail,
  type SuccessBody,
} from "./test-support/fixtures";
import { startTestServer, testSiteUrl, type TestServer } from "./test-support/server";

const databases = await testDatabases();
const siteHost = new URL(testSiteUrl).hostname;

for (const database of databases) {
  describe.skipIf(!database.available)(`Service requests on ${database.label}`, () => {
    let server: TestServer;
    let clock = new Date("2031-03-10T17:00:00Z");

    beforeAll(async () => {
      server = await startTestServer({ database, now: () => clock });
    });
    afterAll(async () => {
      await server?.close();
    });

    async function storedRequest(id: string) {
      const { db } = server.serverApp.database;
      return db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    }

    async function outboxRowsAbout(id: string) {
      const { db } = server.serverApp.database;
      return db.select().from(outbox).where(eq(outbox.subjectId, id));
    }

    async function deliveredAbout(id: string, count: number) {
      await server.smtp.waitForEmails(server.smtp.received.length);
      const deadline = Date.now() + 10_000;
      while (emailsAbout(server.smtp.received, id).length < count) {
        if (Date.now() > deadline) throw new Error(`Fewer than ${count} emails about ${id}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return emailsAbout(server.smtp.received, id);
    }

    test("a request is stored, the company gets every field and the customer a confirmation with the visit", async () => {
      const { id } = await expectCreated(
        await server.post("/api/send-email", serviceRequest({ phone: "(713) 555-0100" })),
      );

      expect(await storedRequest(id)).toEqual([
        expect.objectContaining({
          office: "texas",
          selectedAppliance: "refrigerator",
          name: "Jane Doe",
          email: "jane.doe@example.com",
          phone: "(713) 555-0100",
          address: "1200 Main St, Houston, TX",
          zipCode: "77002",
          preferredDate: "2031-07-15",
          preferredTime: "morning",
          description: "Not cooling since Monday",
          brand: "LG",
          model: "LRMVS3006S",
          serialNumber: "SN-42",
          notes: "Gate code 1234",
        }),
      ]);

      const emails = await deliveredAbout(id, 2);
      const company = emails.find((email) => email.envelopeTo.includes(texasEmail));
      const customer = emails.find((email) => email.envelopeTo.includes("jane.doe@example.com"));
      expect(emails).toHaveLength(2);

      expect(company?.parsed.subject).toBe("New service request: Refrigerator — Jane Doe");
      expect(company?.parsed.messageId).toBe(`<service-request-${id}@${siteHost}>`);
      expect(company?.parsed.replyTo?.value).toEqual([
        { name: "Jane Doe", address: "jane.doe@example.com" },
      ]);
      for (const value of [
        "Refrigerator",
        "Jane Doe",
        "jane.doe@example.com",
        "(713) 555-0100",
        "1200 Main St, Houston, TX",
        "77002",
        "July 15, 2031",
        "8:00 AM - 12:00 PM Central",
        "LG",
        "LRMVS3006S",
        "SN-42",
        "Not cooling since Monday",
        "Gate code 1234",
      ]) {
        expect(company?.parsed.text).toContain(value);
        expect(company?.parsed.html).toContain(value);
      }

      expect(customer?.envelopeTo).toEqual(["jane.doe@example.com"]);
      expect(customer?.parsed.messageId).toBe(`<service-request-${id}-confirmation@${siteHost}>`);
      for (const value of [
        "(713) 555-0127",
        "Refrigerator",
        "July 15, 2031",
        "8:00 AM - 12:00 PM Central",
      ]) {
        expect(customer?.parsed.text).toContain(value);
      }
      const [invite] = customer?.parsed.attachments ?? [];
      expect(invite?.contentType).toBe("text/calendar");
      expect(invite?.filename).toMatch(/\.ics$/);
      const ics = invite?.content.toString("utf8").replace(/\r\n /g, "") ?? "";
      expect(ics).toContain("METHOD:REQUEST");
      expect(ics).toContain("BEGIN:VEVENT");
      expect(ics).toContain(`UID:service-request-${id}@${siteHost}`);
      // 8:00 to 12:00 Central Daylight Time (UTC-5).
      expect(ics).toContain("DTSTART:20310715T130000Z");
      expect(ics).toContain("DTEND:20310715T170000Z");
      expect(ics).toContain("SUMMARY:Refrigerator repair visit");
      expect(ics).toContain("LOCATION:1200 Main St\\, Houston\\, TX");
    });

    test("a request that mentions a danger is flagged: stored, and first in the office email's subject, with the desk's link", async () => {
      const { id } = await expectCreated(
        await server.post(
          "/api/send-email",
          serviceRequest({ selectedAppliance: "dryer", description: "It smells like gas" }),
        ),
      );
      const [stored] = await storedRequest(id);
      expect(stored?.safetyConcerns).toEqual(["gas"]);
      const emails = await deliveredAbout(id, 2);
      const company = emails.find((email) => email.envelopeTo.includes(texasEmail));
      expect(company?.parsed.subject).toBe("Gas smell: Dryer - new service request from Jane Doe");
      expect(company?.parsed.text).toContain(`Open in the desk: ${testSiteUrl}/office/leads/${id}`);
      expect(company?.parsed.text).toContain("Phone: ");
      // The homeowner's confirmation names no danger and no desk.
      const customer = emails.find((email) => !email.envelopeTo.includes(texasEmail));
      expect(customer?.parsed.subject).toBe("We received your service request: Dryer");
      expect(customer?.parsed.text).not.toContain("/office/");
    });

    test("an Eastern office's request goes to that office, with Eastern windows", async () => {
      const { id } = await expectCreated(
        await server.post(
          "/api/send-email",
          serviceRequest({
            companyEmail: newJerseyEmail,
            selectedAppliance: "washer",
            preferredDate: "2031-12-02",
            preferredTime: "evening",
          }),
        ),
      );
      const [row] = await storedRequest(id);
      expect(row?.office).toBe("new-jersey");
      const emails = await deliveredAbout(id, 2);
      const company = emails.find((email) => email.envelopeTo.includes(newJerseyEmail));
      const customer = emails.find((email) => email.envelopeTo.includes("jane.doe@example.com"));
      expect(company?.parsed.subject).toBe("New service request: Washing Machine — Jane Doe");
      expect(company?.parsed.text).toContain("4:00 PM - 6:00 PM Eastern");
      expect(customer?.parsed.text).toContain("December 2, 2031, 4:00 PM - 6:00 PM Eastern");
      expect(customer?.parsed.text).toContain("(908) 555-0163");
      const ics = customer?.parsed.attachments[0]?.content.toString("utf8") ?? "";
      // 16:00 to 18:00 Eastern Standard Time (UTC-5).
      expect(ics).toContain("DTSTART:20311202T210000Z");
      expect(ics).toContain("DTEND:20311202T230000Z");
    });

    test("without an email only the company is written to, without Reply-To", async () => {
      const { id } = await expectCreated(
        await server.post("/api/send-email", serviceRequest({ email: "" })),
      );
      const emails = await deliveredAbout(id, 1);
      expect((await outboxRowsAbout(id)).map((row) => row.kind)).toEqual([
        "service-request.company",
      ]);
      expect(emails[0]?.envelopeTo).toEqual([texasEmail]);
      expect(emails[0]?.parsed.replyTo).toBeUndefined();
    });

    test("without a date and time the confirmation has no calendar file", async () => {
      const { id } = await expectCreated(
        await server.post(
          "/api/send-email",
          serviceRequest({ preferredDate: "", preferredTime: "" }),
        ),
      );
      const emails = await deliveredAbout(id, 2);
      const customer = emails.find((email) => email.envelopeTo.includes("jane.doe@example.com"));
      expect(customer?.parsed.attachments).toEqual([]);
      expect(customer?.parsed.text).toContain("We will call you shortly to schedule the visit.");
    });

    test("the preferred date may not be before today in the office's time zone, across each midnight", async () => {
      const tooEarly = { preferredDate: ["Please choose today or a later date"] };
      // The date rule alone: no window, which would also have to start two hours ahead.
      // 00:30 on January 15 in New York is still 23:30 on January 14 in Houston.
      clock = new Date("2031-01-15T05:30:00Z");
      await expectCreated(
        await server.post(
          "/api/send-email",
          serviceRequest({ preferredDate: "2031-01-14", preferredTime: "" }),
        ),
      );
      await expectFieldErrors(
        await server.post(
          "/api/send-email",
          serviceRequest({
            preferredDate: "2031-01-14",
            preferredTime: "",
            companyEmail: newJerseyEmail,
          }),
        ),
        tooEarly,
      );
      await expectCreated(
        await server.post(
          "/api/send-email",
          serviceRequest({
            preferredDate: "2031-01-15",
            preferredTime: "",
            companyEmail: newJerseyEmail,
          }),
        ),
      );

      // 23:59 on January 14 in New York: the day before is still allowed there.
      clock = new Date("2031-01-15T04:59:00Z");
      await expectCreated(
        await server.post(
          "/api/send-email",
          serviceRequest({
            preferredDate: "2031-01-14",
            preferredTime: "",
            companyEmail: newJerseyEmail,
          }),
        ),
      );
      await expectFieldErrors(
        await server.post(
          "/api/send-email",
          serviceRequest({
            preferredDate: "2031-01-13",
            preferredTime: "",
            companyEmail: newJerseyEmail,
          }),
        ),
        tooEarly,
      );

      // 00:30 on January 15 in Houston.
      clock = new Date("2031-01-15T06:30:00Z");
      await expectFieldErrors(
        await server.post(
          "/api/send-email",
          serviceRequest({ preferredDate: "2031-01-14", preferredTime: "" }),
        ),
        tooEarly,
      );
      await expectCreated(
        await server.post("/api/send-email", serviceRequest({ preferredDate: "2031-01-15" })),
      );
      // No office named: Texas decides.
      await expectFieldErrors(
        await server.post(
          "/api/send-email",
          serviceRequest({ preferredDate: "2031-01-14", companyEmail: undefined }),
        ),
        tooEarly,
      );
      clock = new Date("2031-03-10T17:00:00Z");
    });

    test("the date rule's message comes with the other field messages", async () => {
      await expectFieldErrors(
        await server.post(
          "/api/send-email",
          serviceRequest({ preferredDate: "2020-01-01", name: "" }),
        ),
        { name: ["Name is required"], preferredDate: ["Please choose today or a later date"] },
      );
    });

    test("the same Idempotency-Key twice stores one request and answers the same", async () => {
      const key = crypto.randomUUID();
      const request = serviceRequest();
      const first = await server.post("/api/send-email", request, {
        headers: { "Idempotency-Key": key },
      });
      const firstBody = await expectCreated(first);
      const second = await server.post("/api/send-email", request, {
        headers: { "Idempotency-Key": key },
      });
      expect(second.status).toBe(201);
      expect(await second.json()).toEqual(firstBody);
      expect(second.headers.get("idempotent-replayed")).toBe("true");
      expect(await storedRequest(firstBody.id)).toHaveLength(1);
      expect(await outboxRowsAbout(firstBody.id)).toHaveLength(2);

      // The key belongs to its endpoint.
      const contact = await server.post(
        "/api/send-contact-email",
        {
          name: "A",
          lastName: "B",
          phone: "(713) 555-0100",
          subject: "S",
          message: "M",
        },
        { headers: { "Idempotency-Key": key } },
      );
      const contactBody = await expectCreated(contact);
      expect(contactBody.id).not.toBe(firstBody.id);
    });

    test("concurrent requests with one Idempotency-Key store one request", async () => {
      const key = crypto.randomUUID();
      const name = `Concurrent ${key}`;
      const request = serviceRequest({ name });
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          server.post("/api/send-email", request, {
            headers: { "Idempotency-Key": key },
          }),
        ),
      );
      const bodies = (await Promise.all(
        responses.map((response) => response.json()),
      )) as SuccessBody[];
      expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
      const ids = new Set(bodies.map((body) => body.id));
      expect(ids.size).toBe(1);
      const { db } = server.serverApp.database;
      expect(await db.$count(serviceRequests, eq(serviceRequests.name, name))).toBe(1);
      const [id] = [...ids];
      expect(await outboxRowsAbout(id!)).toHaveLength(2);
    });

    test("bookings at once each get their own reference, kept with the request, its emails and a replay", async () => {
      const requests = Array.from({ length: 30 }, () => serviceRequest());
      const responses = await Promise.all(
        requests.map((request) => server.post("/api/send-email", request)),
      );
      const bodies = (await Promise.all(
        responses.map((response) => response.json()),
      )) as (SuccessBody & { reference: string })[];
      expect(responses.map((response) => response.status)).toEqual(Array(30).fill(201));
      const references = bodies.map((body) => body.reference);
      expect(new Set(references).size).toBe(30);
      for (const reference of references) expect(reference).toMatch(/^R-[0-9A-HJKMNP-TV-Z]{4}$/);
      const [first] = bodies;
      const [stored] = await storedRequest(first!.id);
      expect(stored?.reference).toBe(first!.reference);
      // The office's email and the homeowner's confirmation both carry it.
      const emails = await deliveredAbout(first!.id, 2);
      for (const email of emails) expect(email.parsed.text).toContain(first!.reference);

      // A replay (same key, same body) answers the same reference (a repeat's answer names
      // none: server/lead-abuse.test.ts).
      const key = crypto.randomUUID();
      const again = serviceRequest();
      const once = (await (
        await server.post("/api/send-email", again, { headers: { "Idempotency-Key": key } })
      ).json()) as { reference: string };
      const replay = (await (
        await server.post("/api/send-email", again, { headers: { "Idempotency-Key": key } })
      ).json()) as { reference: string };
      expect(replay.reference).toBe(once.reference);
    });

    test("two writers racing one Idempotency-Key, as two server processes would, store one request", async () => {
      const { db } = server.serverApp.database;
      const mail = mailContextFor(parseConfig({ SITE_URL: testSiteUrl }), defaultProfile, clock);
      const request = serviceRequestSchema.parse(serviceRequest());
      const scope = { endpoint: "/send-email", key: crypto.randomUUID(), requestHash: "same" };
      const links = new RequestLinks(randomBytes(32).toString("base64url"), testSiteUrl);
      const sender = { links, clientKey: "one client", mailFor: () => mail };
      const planned = [
        serviceRequestWrite(request, mail, { ...sender, reference: "R-RACE1" }),
        serviceRequestWrite(request, mail, { ...sender, reference: "R-RACE2" }),
      ];
      const results = await Promise.all(
        planned.map((write) =>
          new LeadWriter(db, { maxConcurrentBatches: 1, defaultCapacity: 100_000 }).write({
            ...write,
            scope,
          }),
        ),
      );
      const answers = results.map((result) => (result.kind === "stored" ? result.answer : null));
      expect(results.map((result) => result.kind === "stored" && result.replayed).sort()).toEqual([
        false,
        true,
      ]);
      expect(answers[0]).toEqual(answers[1]);
      const idOf = (body: SubmissionSuccess) => ("id" in body ? body.id : "");
      const winner = idOf(answers[0]!.body);
      const loser = planned.map((write) => idOf(write.answer.body)).find((id) => id !== winner)!;
      expect(await storedRequest(winner)).toHaveLength(1);
      expect(await storedRequest(loser)).toHaveLength(0);
      expect(await outboxRowsAbout(loser)).toHaveLength(0);
    });

    test("a companyEmail outside the company is ignored, logged and never written to", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const { id } = await expectCreated(
          await server.post(
            "/api/send-email",
            serviceRequest({ companyEmail: "attacker@evil.example", email: "" }),
          ),
        );
        expect(warn).toHaveBeenCalledWith(expect.stringContaining("attacker@evil.example"));
        const emails = await deliveredAbout(id, 1);
        expect(emails.flatMap((email) => email.envelopeTo)).toEqual([texasEmail]);
        expect(server.smtp.received.some((email) => email.raw.includes("evil.example"))).toBe(
          false,
        );
        const [row] = await storedRequest(id);
        expect(row?.office).toBe("texas");
      } finally {
        warn.mockRestore();
      }
    });

    test("CR/LF and markup in every field neither add a header nor reach the HTML unescaped", async () => {
      const evil = "Evil\r\nBcc: victim@example.org\r\nX-Injected: yes <script>alert(1)</script>";
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const { id } = await expectCreated(
          await server.post(
            "/api/send-email",
            serviceRequest({
              name: evil,
              address: evil,
              zipCode: "<b>1</b>",
              brand: evil,
              model: evil,
              serialNumber: evil,
              description: evil,
              notes: evil,
              companyEmail: `${texasEmail}\r\nBcc: victim@example.org`,
            }),
          ),
        );
        const emails = await deliveredAbout(id, 2);
        for (const email of emails) {
          const headers = headerBlock(email);
          expect(headers).not.toMatch(/^bcc:/im);
          expect(headers).not.toMatch(/^x-injected:/im);
          expect(email.envelopeTo).not.toContain("victim@example.org");
          expect(email.parsed.html).not.toContain("<script>");
          expect(email.parsed.html).not.toContain("<b>1</b>");
          expect(email.parsed.subject).not.toMatch(/[\r\n]/);
        }
        const company = emails.find((email) => email.envelopeTo.includes(texasEmail));
        expect(company?.parsed.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
        expect(company?.parsed.html).toContain("&lt;b&gt;1&lt;/b&gt;");
        expect(company?.parsed.replyTo?.value[0]?.address).toBe("jane.doe@example.com");

        // An email address cannot carry a line break at all.
        await expectFieldErrors(
          await server.post(
            "/api/send-email",
            serviceRequest({ email: "jane@example.com\r\nBcc: victim@example.org" }),
          ),
          { email: ["Invalid email address"] },
        );
      } finally {
        warn.mockRestore();
      }
    });
  });
}
