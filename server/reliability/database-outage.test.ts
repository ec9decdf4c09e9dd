import { randomUUID } from "node:crypto";

import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { serviceRequests } from "../db/schema";
import { postgresTestUrl, testDatabases, type TestDatabase } from "../test-support/databases";
import { serviceRequest, waitUntil, type SuccessBody } from "../test-support/fixtures";
import { startTestServer, type TestServer } from "../test-support/server";
import { TcpProxy } from "./support/tcp-proxy";

const postgres = (await testDatabases()).find((database) => database.label === "PostgreSQL")!;

describe.skipIf(!postgres.available)("While PostgreSQL is away", () => {
  let proxy: TcpProxy;
  let server: TestServer;
  const errors: string[] = [];

  beforeAll(async () => {
    const target = new URL(postgresTestUrl);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    // The server reaches its database only through the proxy.
    const throughProxy: TestDatabase = {
      ...postgres,
      async create() {
        const instance = await postgres.create();
        const url = new URL(instance.env.DATABASE_URL!);
        url.host = `127.0.0.1:${proxy.port}`;
        return { ...instance, env: { ...instance.env, DATABASE_URL: url.toString() } };
      },
    };
    // No rate limit: every submission goes straight to its transaction, where a cut hurts most.
    server = await startTestServer({
      database: throughProxy,
      withPages: true,
      env: { RATE_LIMIT_MAX: "0" },
    });
    // Lost connections and 503s are logged; they are checked here, not printed.
    vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => {
      errors.push(parts.map(String).join(" "));
    });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    vi.restoreAllMocks();
  });
  beforeEach(async () => {
    errors.length = 0;
    await proxy.restore();
  });

  async function timedPost(body: Record<string, unknown>, key: string = randomUUID()) {
    const started = performance.now();
    const response = await server.post("/api/send-email", body, {
      headers: { "Idempotency-Key": key },
    });
    const answer = (await response.json()) as Partial<SuccessBody>;
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      ms: performance.now() - started,
      id: answer.id,
      key,
    };
  }

  async function expectUnavailable() {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        timedPost(serviceRequest({ name: `Away ${index}` })),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.ms).toBeLessThan(3_000);
    }
    // Pages do not need the database.
    const page = await fetch(`${server.baseUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("</html>");
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(503);
    expect(errors.some((line) => line.includes("database unavailable"))).toBe(true);
  }

  /** Back without a restart: a submission is stored and its email sent. */
  async function expectRecovered() {
    let answer = await timedPost(serviceRequest({ name: "Back Again", email: "" }));
    await waitUntil(async () => {
      if (answer.status !== 201)
        answer = await timedPost(serviceRequest({ email: "" }), answer.key);
      return answer.status === 201;
    }, 10_000);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    await waitUntil(() =>
      server.smtp.received.some((email) => email.parsed.messageId?.includes(answer.id!)),
    );
  }

  test("stopped (connections closed and refused): POST answers 503 with Retry-After within 3 s, pages render, and it recovers", async () => {
    await proxy.refuse();
    await expectUnavailable();
    await proxy.restore();
    await expectRecovered();
  }, 30_000);

  test("unreachable (connections accepted, never answered): 503 within 3 s, and it recovers", async () => {
    proxy.cut();
    proxy.mode = "blackhole";
    await expectUnavailable();
    await proxy.restore();
    await expectRecovered();
  }, 30_000);

  test("cut ten times under load: every answer a 201 or a 503, every 201 stored, retries store each lead once", async () => {
    // Each lead's body is made once: a retry sends it again whole, as the forms do (the fixture
    // gives every call a fresh phone, and another body under the same key is a 422).
    const submitted: { key: string; body: Record<string, unknown>; id?: string }[] = [];
    for (let round = 0; round < 10; round += 1) {
      const batch: { key: string; body: Record<string, unknown>; id?: string }[] = Array.from(
        { length: 40 },
        (_, index) => ({
          key: randomUUID(),
          body: serviceRequest({ name: `Cut ${round}-${index}`, email: "" }),
        }),
      );
      submitted.push(...batch);
      const answers = batch.map((entry) => timedPost(entry.body, entry.key));
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 100));
      await proxy.refuse();
      const settled = await Promise.all(answers);
      for (const [index, answer] of settled.entries()) {
        expect([201, 503]).toContain(answer.status);
        expect(answer.ms).toBeLessThan(3_000);
        if (answer.status === 201) batch[index]!.id = answer.id;
      }
      await proxy.restore();
    }
    // The visitors retry what failed, with the same key, as the forms do.
    const lastAnswers = new Map<number, number>();
    await waitUntil(async () => {
      const missing = submitted.filter((entry) => !entry.id);
      lastAnswers.clear();
      for (const [index, answer] of (
        await Promise.all(missing.map((entry) => timedPost(entry.body, entry.key)))
      ).entries()) {
        if (answer.status === 201) missing[index]!.id = answer.id;
        lastAnswers.set(answer.status, (lastAnswers.get(answer.status) ?? 0) + 1);
      }
      return submitted.every((entry) => entry.id);
    }, 20_000).catch((error: unknown) => {
      // Say what the last retries got, and what the server logged, rather than only "timed out".
      throw new Error(
        `Retries still failing after 20 s: ${JSON.stringify([...lastAnswers])}; last errors: ${errors.slice(-5).join(" | ")}`,
        { cause: error },
      );
    });

    const ids = submitted.map((entry) => entry.id!);
    expect(new Set(ids).size).toBe(400);
    const stored = await server.serverApp.database.db
      .select({ id: serviceRequests.id, name: serviceRequests.name })
      .from(serviceRequests)
      .where(
        inArray(
          serviceRequests.name,
          submitted.map((entry) => String(entry.body.name)),
        ),
      );
    expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());

    // No connection was lost for good: the pool still serves a full burst at once.
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => timedPost(serviceRequest({ email: "" }))),
    );
    expect(burst.map((answer) => answer.status)).toEqual(burst.map(() => 201));
  }, 60_000);
});
