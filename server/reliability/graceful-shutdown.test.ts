import { randomUUID } from "node:crypto";

import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { openDatabase, type DatabaseHandle } from "../db/database";
import { outbox, serviceRequests } from "../db/schema";
import {
  postgresTestUrl,
  testDatabases,
  type TestDatabaseInstance,
} from "../test-support/databases";
import { serviceRequest, waitUntil, type SuccessBody } from "../test-support/fixtures";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";
import { freePort, startChildServer } from "./support/child-server";
import { copiesByMessageId } from "./support/deliveries";
import { TcpProxy } from "./support/tcp-proxy";

const postgres = (await testDatabases()).find((database) => database.label === "PostgreSQL")!;

describe.skipIf(!postgres.available)("SIGTERM", () => {
  let instance: TestDatabaseInstance;
  let database: DatabaseHandle;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    instance = await postgres.create();
    database = await openDatabase({ databaseUrl: instance.env.DATABASE_URL!, pgliteDir: null });
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await database?.close();
    await smtp?.close();
    await instance?.drop();
  });

  test("stops accepting, finishes the requests in flight and the emails being sent within 10 s, and loses nothing", async () => {
    // A slow database and a slow mail server, so that both are busy when the signal comes.
    const target = new URL(postgresTestUrl);
    const databaseProxy = await TcpProxy.start({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    const smtpProxy = await TcpProxy.start({
      host: "127.0.0.1",
      port: Number(new URL(smtp.url).port),
    });
    const viaProxy = new URL(instance.env.DATABASE_URL!);
    viaProxy.host = `127.0.0.1:${databaseProxy.port}`;
    const port = await freePort();
    const env = {
      DATABASE_URL: viaProxy.toString(),
      DATA_DIR: instance.env.DATA_DIR!,
      SITE_URL: "https://repair.example.test",
      SMTP_URL: `smtp://127.0.0.1:${smtpProxy.port}`,
      OUTBOX_POLL_MS: "100",
      SHUTDOWN_TIMEOUT_MS: "10000",
      RATE_LIMIT_MAX: "0",
    };
    const server = await startChildServer(port, env);
    const post = (name: string) =>
      fetch(`${server.baseUrl}/api/send-email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
        body: JSON.stringify(serviceRequest({ name, email: "" })),
      });
    const rowsAbout = (ids: readonly string[]) =>
      database.db
        .select()
        .from(outbox)
        .where(inArray(outbox.subjectId, [...ids]));
    try {
      // Five leads whose emails are being sent, slowly, when the signal comes.
      smtpProxy.replyDelayMs = 400;
      const sending = await Promise.all(
        Array.from({ length: 5 }, async (_, index) => {
          const response = await post(`Sending ${index}`);
          expect(response.status).toBe(201);
          return ((await response.json()) as SuccessBody).id;
        }),
      );
      await waitUntil(async () =>
        (await rowsAbout(sending)).every((row) => row.status === "sending"),
      );

      // Ten requests in flight, each waiting on the slow database.
      // Ten bookings from one phone for one appliance take that key's lock in turn (a repeat is
      // looked for under it): at 60 ms a statement they take about three seconds, well inside
      // the ten the stop allows (at 150 ms they took seven of the ten).
      databaseProxy.replyDelayMs = 60;
      const inFlight = Array.from({ length: 10 }, (_, index) => post(`In flight ${index}`));
      // Long enough for the server to have read all ten on a loaded machine (Node's close()
      // resets a connection whose request it has not read yet), short of the database's answers.
      await new Promise((resolve) => setTimeout(resolve, 400));

      const signalled = performance.now();
      server.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 100));
      // No longer accepting.
      await expect(post("Too late")).rejects.toThrow();

      const answers = await Promise.all(inFlight);
      expect(answers.map((response) => response.status)).toEqual(answers.map(() => 201));
      const answered = await Promise.all(
        answers.map(async (response) => ((await response.json()) as SuccessBody).id),
      );
      const { code } = await server.exited;
      const stoppedAfterMs = performance.now() - signalled;
      expect(code).toBe(0);
      expect(stoppedAfterMs).toBeLessThan(10_000);
      expect(server.output).toContain("Stopped");

      // Every answered request is stored; the emails being sent were sent and recorded as such.
      const stored = await database.db
        .select({ id: serviceRequests.id })
        .from(serviceRequests)
        .where(inArray(serviceRequests.id, answered));
      expect(stored).toHaveLength(10);
      expect((await rowsAbout(sending)).map((row) => row.status)).toEqual(
        sending.map(() => "sent"),
      );
      expect((await rowsAbout(answered)).every((row) => row.status !== "sending")).toBe(true);

      // The next process sends what was left, and nothing is sent twice.
      smtpProxy.replyDelayMs = 0;
      databaseProxy.replyDelayMs = 0;
      const next = await startChildServer(port, env);
      const ids = [...sending, ...answered];
      await waitUntil(async () => (await rowsAbout(ids)).every((row) => row.status === "sent"));
      next.kill("SIGTERM");
      expect((await next.exited).code).toBe(0);
      const copies = copiesByMessageId(smtp.received);
      const rows = await rowsAbout(ids);
      expect(rows.map((row) => copies.get(row.message.messageId) ?? 0)).toEqual(rows.map(() => 1));
      expect(rows.map((row) => row.attempts)).toEqual(rows.map(() => 1));
    } finally {
      server.kill("SIGKILL");
      await databaseProxy.close();
      await smtpProxy.close();
    }
  }, 60_000);
});
