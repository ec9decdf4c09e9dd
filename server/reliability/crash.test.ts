import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { openDatabase, type DatabaseHandle } from "../db/database";
import { outbox } from "../db/schema";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { serviceRequest, waitUntil, type SuccessBody } from "../test-support/fixtures";
import { startSmtpServer } from "../test-support/smtp";
import { runCrashCycles } from "./crash-cycles";
import { freePort, startChildServer, type ChildServer } from "./support/child-server";
import { startHoldingSmtpServer } from "./support/holding-smtp";

const postgres = (await testDatabases()).find((database) => database.label === "PostgreSQL")!;

describe.skipIf(!postgres.available)("A server killed with SIGKILL", () => {
  let instance: TestDatabaseInstance;

  beforeAll(async () => {
    instance = await postgres.create();
  });
  afterAll(async () => {
    await instance?.drop();
  });

  test("mid-flight, five times: every key stored once, every lead emailed once", async () => {
    const report = await runCrashCycles({
      cycles: 5,
      submissionsPerCycle: 100,
      databaseUrl: instance.env.DATABASE_URL!,
      dataDir: instance.env.DATA_DIR!,
    });
    expect(report.problems).toEqual([]);
    expect(report.cycles).toHaveLength(5);
    expect(report.storedLeads).toBe(500);
    expect(report.storedKeys).toBe(500);
    expect(report.outboxRows).toBe(500);
    expect(report.delivered).toBe(500);
    // The kills did cut requests off: otherwise this tested nothing.
    expect(report.cycles.reduce((sum, cycle) => sum + cycle.retried, 0)).toBeGreaterThan(0);
  }, 120_000);

  test("mid-send: its rows come back after the lease, sent again with the same Message-ID", async () => {
    const leaseSeconds = 5;
    const holding = await startHoldingSmtpServer();
    const smtp = await startSmtpServer();
    const port = await freePort();
    const env = {
      DATABASE_URL: instance.env.DATABASE_URL!,
      DATA_DIR: instance.env.DATA_DIR!,
      SITE_URL: "https://repair.example.test",
      OUTBOX_POLL_MS: "100",
      OUTBOX_LEASE_SECONDS: String(leaseSeconds),
      SMTP_TIMEOUT_MS: "30000",
    };
    let database: DatabaseHandle | undefined;
    let second: ChildServer | undefined;
    const first = await startChildServer(port, { ...env, SMTP_URL: holding.url });
    try {
      // Two emails, claimed together: to the company and the customer's confirmation.
      const response = await fetch(`${first.baseUrl}/api/send-email`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(serviceRequest({ name: "Held Over" })),
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as SuccessBody;
      // The SMTP server has both messages; the worker waits for answers that never come.
      await waitUntil(() => holding.held.length === 2);
      database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: null });
      const { db } = database;
      const rowsOf = () =>
        db.select().from(outbox).where(eq(outbox.subjectId, id)).orderBy(outbox.kind);
      const claimed = await rowsOf();
      expect(claimed.map((row) => row.status)).toEqual(["sending", "sending"]);
      const leaseEnds = Math.max(...claimed.map((row) => row.lockedUntil?.getTime() ?? 0));

      first.kill("SIGKILL");
      await first.exited;
      second = await startChildServer(port, { ...env, SMTP_URL: smtp.url });
      const restartedAt = Date.now();
      await smtp.waitForEmails(2, (leaseSeconds + 10) * 1000);
      const resentAt = Date.now();

      // Sent again once the killed worker's lease ran out (or the new process started, if that
      // took longer), not before.
      expect(resentAt).toBeGreaterThanOrEqual(leaseEnds);
      expect(resentAt - Math.max(leaseEnds, restartedAt)).toBeLessThan(3_000);
      // The worker marks a row sent after the SMTP server's answer reaches it: a moment later.
      await waitUntil(async () => (await rowsOf()).every((row) => row.status === "sent"));
      const rows = await rowsOf();
      expect(rows.map((row) => [row.status, row.attempts])).toEqual([
        ["sent", 2],
        ["sent", 2],
      ]);
      // Both copies of each email (one never acknowledged, one accepted) carry one Message-ID,
      // built from the lead, so the receiving mail system can drop the second.
      const messageIds = [
        `<service-request-${id}-confirmation@repair.example.test>`,
        `<service-request-${id}@repair.example.test>`,
      ];
      expect(holding.held.map((mail) => mail.messageId).sort()).toEqual(messageIds);
      expect(smtp.received.map((mail) => mail.parsed.messageId).sort()).toEqual(messageIds);
      for (const before of holding.held) {
        const after = smtp.received.find((mail) => mail.parsed.messageId === before.messageId);
        expect(after?.parsed.subject).toBe(before.subject);
        expect(after?.parsed.text).toBe(before.text);
      }
    } finally {
      first.kill("SIGKILL");
      second?.kill("SIGTERM");
      await second?.exited;
      await database?.close();
      await holding.close();
      await smtp.close();
    }
  }, 60_000);
});
