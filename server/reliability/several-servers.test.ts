import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { openDatabase, type DatabaseHandle } from "../db/database";
import { contactMessages, outbox, serviceRequests } from "../db/schema";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { contactMessage, serviceRequest, waitUntil } from "../test-support/fixtures";
import { freshClientIp } from "../test-support/server";
import { startSmtpServer, type TestSmtpServer } from "../test-support/smtp";
import { startChildServer, type ChildServer } from "./support/child-server";
import { copiesByMessageId } from "./support/deliveries";

const postgres = (await testDatabases()).find((database) => database.label === "PostgreSQL")!;
const rateLimit = 5;

describe.skipIf(!postgres.available)("Two server processes on one PostgreSQL", () => {
  let instance: TestDatabaseInstance;
  let database: DatabaseHandle;
  let smtp: TestSmtpServer;
  let servers: ChildServer[] = [];

  beforeAll(async () => {
    instance = await postgres.create();
    smtp = await startSmtpServer();
    const env = {
      DATABASE_URL: instance.env.DATABASE_URL!,
      DATA_DIR: instance.env.DATA_DIR!,
      SITE_URL: "https://repair.example.test",
      SMTP_URL: smtp.url,
      TRUST_PROXY: "1",
      RATE_LIMIT_MAX: String(rateLimit),
      OUTBOX_POLL_MS: "100",
    };
    // Started one after the other: both run the migrator at start-up (on a copy of the migrated
    // template there is nothing left to apply; the template itself was migrated from empty).
    servers = [await startChildServer(0, env), await startChildServer(0, env)];
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: null });
  });
  afterAll(async () => {
    for (const server of servers) server.kill("SIGTERM");
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
    await smtp?.close();
    await instance?.drop();
  });

  function post(server: ChildServer, path: string, body: unknown, ip: string, key = randomUUID()) {
    return fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": ip,
        "Idempotency-Key": key,
      },
      body: JSON.stringify(body),
    });
  }

  test("200 submissions spread over both: each stored once and emailed once, and both workers send", async () => {
    const submissions = Array.from({ length: 200 }, (_, index) => ({
      key: randomUUID(),
      ip: freshClientIp(),
      path: index % 2 === 0 ? "/api/send-email" : "/api/send-contact-email",
      body:
        index % 2 === 0
          ? serviceRequest({ name: `Spread ${index}`, email: "" })
          : contactMessage({ name: `Spread ${index}`, email: "" }),
    }));
    const answers = await Promise.all(
      submissions.map(async ({ key, ip, path, body }, index) => {
        const response = await post(servers[index % 2]!, path, body, ip, key);
        return { status: response.status, ...((await response.json()) as { id: string }) };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const ids = answers.map((answer) => answer.id);
    expect(new Set(ids).size).toBe(200);

    // A retry reaching the other process gets the first answer.
    for (const [index, { key, ip, path, body }] of submissions.slice(0, 20).entries()) {
      const response = await post(servers[(index + 1) % 2]!, path, body, ip, key);
      expect(response.status).toBe(201);
      expect(response.headers.get("idempotent-replayed")).toBe("true");
      expect(((await response.json()) as { id: string }).id).toBe(ids[index]);
    }

    const { db } = database;
    await waitUntil(
      async () => (await db.$count(outbox, eq(outbox.status, "sent"))) === 200,
      20_000,
    );
    expect((await db.$count(serviceRequests)) + (await db.$count(contactMessages))).toBe(200);
    const rows = await db.select().from(outbox);
    expect(new Set(rows.map((row) => row.subjectId))).toEqual(new Set(ids));
    const copies = copiesByMessageId(smtp.received);
    expect(rows.map((row) => [copies.get(row.message.messageId), row.attempts])).toEqual(
      rows.map(() => [1, 1]),
    );
    expect(smtp.received).toHaveLength(200);

    // Both processes' workers took part, and nothing else did.
    const sentBy = new Map<string, number>();
    for (const row of rows) sentBy.set(row.sentBy ?? "", (sentBy.get(row.sentBy ?? "") ?? 0) + 1);
    const pids = [...sentBy.keys()].map((worker) => Number(worker.split(":").at(-1))).sort();
    expect(pids).toEqual(servers.map((server) => server.pid).sort());
    expect(Math.min(...sentBy.values())).toBeGreaterThan(0);
  }, 60_000);

  test("the rate limit holds across both: one address gets RATE_LIMIT_MAX submissions in all", async () => {
    const ip = freshClientIp();
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const response = await post(
        servers[index % 2]!,
        "/api/send-contact-email",
        contactMessage({ subject: `Limited ${index}`, email: "" }),
        ip,
      );
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(rateLimit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - rateLimit);
    expect(statuses.slice(0, rateLimit)).toEqual(Array.from({ length: rateLimit }, () => 201));
  });
});
