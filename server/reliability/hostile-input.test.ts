import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { HttpServer } from "../http-server";
import { testDatabases } from "../test-support/databases";
import { startBehindProductionListener } from "../test-support/production-listener";
import { trickle } from "../test-support/trickle";

// Requests sent too slowly, or too large, against the production listener with short
// time-outs. The generated bodies (never a 5xx, nothing malformed stored) are in
// ../hostile-bodies.test.ts, which runs beside other files.

const pglite = (await testDatabases()).find((database) => database.label === "PGlite")!;

const headersTimeoutMs = 500;
const requestTimeoutMs = 1_000;
const uploadTimeoutMs = 3_000;

describe("Hostile input: slow and oversized requests", () => {
  let listening: HttpServer;
  let baseUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // The production listener with short time-outs.
    ({ listening, baseUrl, close } = await startBehindProductionListener(pglite, {
      headersTimeoutMs,
      requestTimeoutMs,
      uploadTimeoutMs,
    }));
  });
  afterAll(async () => {
    await close?.();
  });

  test("headers sent too slowly are cut off at the headers time-out", async () => {
    const start = "POST /api/send-email HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    const { answer, closedAfterMs } = await trickle(
      listening.port,
      [start, ...Array.from({ length: 100 }, (_, index) => `X-Slow-${index}: a\r\n`)],
      100,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(headersTimeoutMs + 1_500);
  });

  test("a body sent too slowly is cut off at the request time-out", async () => {
    const headers = [
      "POST /api/send-contact-email HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: application/json",
      "Content-Length: 1000",
      `Idempotency-Key: ${randomUUID()}`,
      "",
      "",
    ].join("\r\n");
    const { answer, closedAfterMs } = await trickle(
      listening.port,
      [headers, ...Array(200).fill("{")],
      50,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(requestTimeoutMs + 1_500);
  });

  test("a connection that sends nothing is closed", async () => {
    const { closedAfterMs } = await trickle(listening.port, [], 1_000);
    expect(closedAfterMs).toBeLessThan(requestTimeoutMs + 1_500);
  });

  test("oversized headers are refused with 431 and the connection closed", async () => {
    const request = [
      "POST /api/send-email HTTP/1.1",
      "Host: 127.0.0.1",
      `X-Large: ${"a".repeat(20_000)}`,
      "",
      "",
    ].join("\r\n");
    const { answer, closedAfterMs } = await trickle(listening.port, [request], 10);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    expect(closedAfterMs).toBeLessThan(1_000);
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
  });
});
