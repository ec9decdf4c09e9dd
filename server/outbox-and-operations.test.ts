import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { outbox } from "./db/schema";
import { createMailTransport } from "./mail/transport";
import { stateTestAddresses } from "./geo/test-addresses";
import { OutboxWorker } from "./outbox/worker";
import { testDatabases } from "./test-support/databases";
import { contactMessage, expectCreated, serviceRequest, waitUntil } from "./test-support/fixtures";
import { startTestServer, type TestServer } from "./test-support/server";
import { startSmtpServer } from "./test-support/smtp";

const databases = await testDatabases();
const leadsEmail = "leads@example.net";

const fastRetries = {
  leaseSeconds: 30,
  pollMs: 30,
  maxAttempts: 20,
  backoffBaseMs: 30,
  backoffMaxMs: 120,
};

for (const database of databases) {
  describe.skipIf(!database.available)(`Outbox and operations on ${database.label}`, () => {
    let server: TestServer;

    beforeAll(async () => {
      // The tests below start and stop workers themselves.
      server = await startTestServer({
        database,
        startWorker: false,
        env: { RATE_LIMIT_MAX: "3", LEADS_EMAIL: leadsEmail },
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    function db() {
      return server.serverApp.database.db;
    }

    async function outboxRows(ids: readonly string[]) {
      return db()
        .select()
        .from(outbox)
        .where(inArray(outbox.subjectId, [...ids]));
    }

    async function readiness() {
      const response = await fetch(`${server.baseUrl}/readyz`);
      return { status: response.status, body: (await response.json()) as unknown };
    }

    test("/healthz and /readyz answer", async () => {
      const health = await fetch(`${server.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(await readiness()).toEqual({
        status: 200,
        body: { ok: true, outbox: { pending: 0, dead: 0 } },
      });
    });

    test("an email the server keeps refusing is retried, then marked dead with its error and logged", async () => {
      const refusingSmtp = await startSmtpServer();
      refusingSmtp.refusing = "Mailbox unavailable";
      const transport = createMailTransport({ smtpUrl: refusingSmtp.url, mailDir: "" });
      const worker = new OutboxWorker({
        db: db(),
        transport,
        ...fastRetries,
        maxAttempts: 2,
        backoffBaseMs: 1,
        backoffMaxMs: 1,
      });
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const { id } = await expectCreated(
          await server.post("/api/send-email", serviceRequest({ email: "" })),
        );
        expect(await readiness()).toMatchObject({ body: { outbox: { pending: 1, dead: 0 } } });
        await waitUntil(async () => {
          await worker.runOnce();
          const [row] = await outboxRows([id]);
          return row?.status === "dead";
        });
        const [row] = await outboxRows([id]);
        expect(row).toMatchObject({ status: "dead", attempts: 2, sentAt: null });
        expect(row?.lastError).toContain("Mailbox unavailable");
        expect(refusingSmtp.refusals).toBe(2);
        expect(refusingSmtp.received).toHaveLength(0);
        expect(logged).toHaveBeenCalledWith(expect.stringContaining(id));
        expect(await readiness()).toEqual({
          status: 200,
          body: { ok: true, outbox: { pending: 0, dead: 1 } },
        });
      } finally {
        logged.mockRestore();
        warned.mockRestore();
        await worker.close();
        transport.close();
        await refusingSmtp.close();
      }
    });

    test("a client over the limit gets 429 with Retry-After, per endpoint and per address", async () => {
      const ip = "203.0.113.7";
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await server.post("/api/send-subscribe-email", { email: "bad" }, { ip });
        expect(response.status).toBe(400);
      }
      const refused = await server.post(
        "/api/send-subscribe-email",
        { email: `limited-${Date.now()}@example.com` },
        { ip },
      );
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ success: false });
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);

      // Another endpoint and another address are counted apart.
      expect((await server.post("/api/send-email", serviceRequest(), { ip })).status).toBe(201);
      expect(
        (
          await server.post(
            "/api/send-subscribe-email",
            { email: `other-${Date.now()}@example.com` },
            { ip: "203.0.113.8" },
          )
        ).status,
      ).toBe(201);
    });

    test("forged X-Forwarded-For entries through one trusted proxy neither escape the limit nor pick the location", async () => {
      // The test client is the one proxy (TRUST_PROXY=1): it appends the address it saw to
      // whatever the visitor sent, which here is a new forged address on every request.
      const visitor = stateTestAddresses.Texas;
      const through = (forged: string) => ({
        ip: visitor,
        headers: { "X-Forwarded-For": `${forged}, ${visitor}` },
      });
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await server.post(
          "/api/send-contact-email",
          contactMessage(),
          through(`198.51.100.${attempt + 1}`),
        );
        expect(response.status).toBe(201);
      }
      const refused = await server.post(
        "/api/send-contact-email",
        contactMessage(),
        through(stateTestAddresses.Florida),
      );
      expect(refused.status).toBe(429);

      const location = await fetch(`${server.baseUrl}/api/location`, {
        headers: { "X-Forwarded-For": `${stateTestAddresses.Florida}, ${visitor}` },
      });
      expect(await location.json()).toMatchObject({ ip: visitor, region: "Texas" });
    });

    test("a row whose worker died mid-send is claimed again once its lease ends", async () => {
      const transport = createMailTransport({ smtpUrl: server.smtp.url, mailDir: "" });
      const worker = new OutboxWorker({ db: db(), transport, ...fastRetries });
      try {
        const { id } = await expectCreated(
          await server.post("/api/send-email", serviceRequest({ email: "" })),
        );
        // What a process that claimed the row and then died leaves behind.
        await db()
          .update(outbox)
          .set({ status: "sending", attempts: 1, lockedUntil: sql`now() + interval '1 hour'` })
          .where(eq(outbox.subjectId, id));
        await worker.drain();
        expect((await outboxRows([id]))[0]?.status).toBe("sending");

        await db()
          .update(outbox)
          .set({ lockedUntil: sql`now() - interval '1 second'` })
          .where(eq(outbox.subjectId, id));
        await worker.drain();
        const [row] = await outboxRows([id]);
        expect(row).toMatchObject({ status: "sent", attempts: 2 });
        const copies = server.smtp.received.filter(
          (email) => email.parsed.messageId === row?.message.messageId,
        );
        expect(copies).toHaveLength(1);
      } finally {
        await worker.close();
        transport.close();
      }
    });

    test("while SMTP refuses, emails wait and retry; once it accepts, each arrives exactly once", async () => {
      const { smtp } = server;
      smtp.refusing = "Greylisted, try again later";
      const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
      // A second worker, as another server process would run, shares the same outbox.
      const otherTransport = createMailTransport({ smtpUrl: smtp.url, mailDir: "" });
      const otherWorker = new OutboxWorker({ db: db(), transport: otherTransport, ...fastRetries });
      try {
        const ids: string[] = [];
        for (let index = 0; index < 4; index += 1) {
          const request = await server.post(
            "/api/send-email",
            serviceRequest({ name: `Retry ${index}` }),
          );
          ids.push((await expectCreated(request)).id);
          const contact = await server.post(
            "/api/send-contact-email",
            contactMessage({ subject: `Retry ${index}` }),
          );
          ids.push((await expectCreated(contact)).id);
        }
        const rows = await outboxRows(ids);
        expect(rows).toHaveLength(16);

        const receivedBefore = smtp.received.length;
        server.serverApp.outbox.start();
        otherWorker.start();
        await waitUntil(() => smtp.refusals >= 40, 15_000);
        expect(smtp.received).toHaveLength(receivedBefore);
        expect((await outboxRows(ids)).every((row) => row.status !== "sent")).toBe(true);

        smtp.refusing = null;
        await waitUntil(async () => {
          const current = await outboxRows(ids);
          return current.every((row) => row.status === "sent");
        }, 15_000);

        const expectedIds = rows.map((row) => row.message.messageId).sort();
        const receivedIds = smtp.received
          .map((email) => email.parsed.messageId ?? "")
          .filter((messageId) => expectedIds.includes(messageId))
          .sort();
        expect(receivedIds).toEqual(expectedIds);
        const sentRows = await outboxRows(ids);
        expect(sentRows.every((row) => row.attempts >= 2 && row.sentAt !== null)).toBe(true);
        const companyCopies = smtp.received.filter(
          (email) =>
            expectedIds.includes(email.parsed.messageId ?? "") &&
            !email.envelopeTo.some((to) => to.endsWith("@example.com")),
        );
        // LEADS_EMAIL receives what was for the office.
        expect(companyCopies).toHaveLength(8);
        expect(companyCopies.every((email) => email.envelopeTo.join() === leadsEmail)).toBe(true);
      } finally {
        smtp.refusing = null;
        warned.mockRestore();
        await otherWorker.close();
        otherTransport.close();
      }
    });

    test("when the database is down, submissions get 503 with Retry-After and /readyz 503", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        await server.serverApp.outbox.close();
        await server.serverApp.database.close();
        const response = await server.post("/api/send-email", serviceRequest());
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBeTruthy();
        expect(await response.json()).toMatchObject({ success: false });
        const ready = await fetch(`${server.baseUrl}/readyz`);
        expect(ready.status).toBe(503);
        // Requests refused before the database still get their own answers.
        const tooBig = await server.post("/api/send-email", { notes: "x".repeat(20_000) });
        expect(tooBig.status).toBe(413);
      } finally {
        logged.mockRestore();
      }
    });
  });
}
