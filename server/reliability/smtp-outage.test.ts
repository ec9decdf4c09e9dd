import { inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { outbox } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import {
  contactMessage,
  serviceRequest,
  waitUntil,
  type SuccessBody,
} from "../test-support/fixtures";
import { startTestServer, type TestServer } from "../test-support/server";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";
import { copiesByMessageId } from "./support/deliveries";
import { TcpProxy } from "./support/tcp-proxy";

const postgres = (await testDatabases()).find((database) => database.label === "PostgreSQL")!;

const backoffBaseMs = 100;
const backoffMaxMs = 800;
const smtpTimeoutMs = 300;
const pollMs = 50;
const probingWarning = "Outbox: nothing goes through; trying one email per poll";

describe.skipIf(!postgres.available)("While the SMTP server is away", () => {
  let smtp: TestSmtpServer;
  let proxy: TcpProxy;
  let server: TestServer;
  const warnings: string[] = [];

  beforeAll(async () => {
    // The worker's retries are expected here; they are checked, not printed.
    vi.spyOn(console, "warn").mockImplementation((line: string) => void warnings.push(line));
    smtp = await startSmtpServer();
    proxy = await TcpProxy.start({ host: "127.0.0.1", port: Number(new URL(smtp.url).port) });
    server = await startTestServer({
      database: postgres,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${proxy.port}`,
        SMTP_TIMEOUT_MS: String(smtpTimeoutMs),
        OUTBOX_POLL_MS: String(pollMs),
        OUTBOX_BACKOFF_BASE_MS: String(backoffBaseMs),
        OUTBOX_BACKOFF_MAX_MS: String(backoffMaxMs),
        OUTBOX_MAX_ATTEMPTS: "1000",
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await smtp?.close();
    vi.restoreAllMocks();
  });
  beforeEach(() => {
    warnings.length = 0;
  });
  afterEach(async () => {
    await proxy.restore();
  });

  const db = () => server.serverApp.database.db;

  /** 50 leads (service requests and contact messages), one email each; every answer a 2xx. */
  async function submitFifty(label: string): Promise<string[]> {
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const name = `${label} ${index}`;
        const started = performance.now();
        const response =
          index % 2 === 0
            ? await server.post("/api/send-email", serviceRequest({ name, email: "" }))
            : await server.post("/api/send-contact-email", contactMessage({ name, email: "" }));
        return {
          status: response.status,
          ms: performance.now() - started,
          ...((await response.json()) as SuccessBody),
        };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    // The visitor does not wait for the mail server.
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(2_000);
    return answers.map((answer) => answer.id);
  }

  const rowsOf = (ids: readonly string[]) =>
    db()
      .select({
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        messageId: sql<string>`${outbox.message}->>'messageId'`,
        dueInMs: sql<number>`extract(epoch from (${outbox.nextAttemptAt} - now())) * 1000`,
      })
      .from(outbox)
      .where(inArray(outbox.subjectId, [...ids]));

  const totalAttempts = async (ids: readonly string[]) =>
    (await rowsOf(ids)).reduce((sum, row) => sum + row.attempts, 0);

  /**
   * While the server is away: nothing is sent, and the worker backs off: after a batch in which
   * nothing went through it tries one email per poll rather than the whole outbox, and an email
   * that failed waits at most the cap before it is due again.
   */
  async function expectBackingOff(ids: readonly string[], forMs: number) {
    await waitUntil(() => warnings.includes(probingWarning), 15_000);
    const attemptsBefore = await totalAttempts(ids);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, forMs));
    const elapsedMs = performance.now() - started;
    const rows = await rowsOf(ids);
    expect(rows.filter((row) => row.status === "sent")).toEqual([]);
    for (const row of rows) expect(Number(row.dueInMs)).toBeLessThanOrEqual(backoffMaxMs + 50);
    const attempts = (await totalAttempts(ids)) - attemptsBefore;
    expect(attempts).toBeGreaterThan(0);
    expect(attempts).toBeLessThanOrEqual(Math.ceil(elapsedMs / pollMs) + 1);
    return rows;
  }

  /** Once the server is back: every email delivered, each exactly once. */
  async function expectDeliveredOnce(ids: readonly string[]) {
    const receivedBefore = smtp.received.length;
    await proxy.restore();
    await waitUntil(async () => (await rowsOf(ids)).every((row) => row.status === "sent"), 20_000);
    const copies = copiesByMessageId(smtp.received.slice(receivedBefore));
    const rows = await rowsOf(ids);
    expect(rows).toHaveLength(50);
    expect(rows.map((row) => copies.get(row.messageId) ?? 0)).toEqual(rows.map(() => 1));
    expect(smtp.received.length - receivedBefore).toBe(50);
    expect(warnings).toContain("Outbox: emails go through again");
  }

  test("refusing connections: 50 submissions answered, emails retried with capped backoff, then each delivered once", async () => {
    await proxy.refuse();
    const ids = await submitFifty("Refused");
    const rows = await expectBackingOff(ids, 3_000);
    const failed = rows.filter((row) => row.status === "pending" && row.attempts > 0);
    expect(failed.filter((row) => !/ECONNREFUSED/.test(row.lastError ?? ""))).toEqual([]);
    await expectDeliveredOnce(ids);
  }, 60_000);

  test("accepting connections and never answering: every attempt ends at its time-out, then each email delivered once", async () => {
    proxy.cut();
    proxy.mode = "blackhole";
    const ids = await submitFifty("Silent");
    const rows = await expectBackingOff(ids, 2_000);
    const failed = rows.filter((row) => row.status === "pending" && row.attempts > 0);
    expect(failed.length).toBeGreaterThan(0);
    const timedOut = /timeout|timed out|greeting never received/i;
    expect(failed.filter((row) => !timedOut.test(row.lastError ?? ""))).toEqual([]);
    await expectDeliveredOnce(ids);
  }, 60_000);
});

describe.skipIf(!postgres.available)("An email that exhausts its attempts", () => {
  test("is kept as dead, logged and counted in /readyz, and stays so when SMTP returns", async () => {
    const smtp = await startSmtpServer();
    const proxy = await TcpProxy.start({ host: "127.0.0.1", port: Number(new URL(smtp.url).port) });
    const errors: string[] = [];
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line));
    const server = await startTestServer({
      database: postgres,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${proxy.port}`,
        OUTBOX_POLL_MS: "20",
        OUTBOX_BACKOFF_BASE_MS: "20",
        OUTBOX_BACKOFF_MAX_MS: "40",
        OUTBOX_MAX_ATTEMPTS: "3",
      },
    });
    try {
      await proxy.refuse();
      const ids: string[] = [];
      for (const name of ["Dead One", "Dead Two", "Dead Three"]) {
        const response = await server.post("/api/send-email", serviceRequest({ name, email: "" }));
        expect(response.status).toBe(201);
        ids.push(((await response.json()) as SuccessBody).id);
      }
      const { db } = server.serverApp.database;
      const rowsOf = () => db.select().from(outbox).where(inArray(outbox.subjectId, ids));
      await waitUntil(async () => (await rowsOf()).every((row) => row.status === "dead"), 15_000);
      for (const id of ids) {
        expect(errors.some((line) => line.startsWith("Outbox: gave up") && line.includes(id))).toBe(
          true,
        );
      }
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(await ready.json()).toEqual({ ok: true, outbox: { pending: 0, dead: 3 } });

      await proxy.restore();
      // Still there, with why it failed; not sent behind anyone's back.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rows = await rowsOf();
      expect(rows.map((row) => [row.status, row.attempts, row.sentAt])).toEqual(
        ids.map(() => ["dead", 3, null]),
      );
      expect(rows.every((row) => row.lastError?.includes("ECONNREFUSED"))).toBe(true);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await server.close();
      await proxy.close();
      await smtp.close();
      vi.restoreAllMocks();
    }
  }, 30_000);
});
