import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";

import type { ServerBuild } from "react-router";

import { createServerApp, type ServerApp } from "../app";
import { parseConfig } from "../config";
import type { TestDatabase, TestDatabaseInstance } from "./databases";
import { assertPagesBuildCurrent, loadPagesBuild } from "./pages-build";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

export const testSiteUrl = "https://repair.example.test";

export interface PostOptions {
  /** The client's address (sent as X-Forwarded-For); a fresh one per request by default. */
  ip?: string;
  headers?: Record<string, string>;
  /** Sent as it is instead of JSON.stringify(body). */
  rawBody?: string;
}

export interface TestServer {
  baseUrl: string;
  serverApp: ServerApp;
  /** What points a process at this server's database (`DATA_DIR`, and `DATABASE_URL` if set). */
  databaseEnv: Record<string, string>;
  smtp: TestSmtpServer;
  post(path: string, body: unknown, options?: PostOptions): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  database: TestDatabase;
  env?: Record<string, string>;
  now?: () => Date;
  startWorker?: boolean;
  /** Renders pages too (the tests' build of the sources: ./pages-build.ts); else only the API answers. */
  withPages?: boolean;
  /** Keeps rendered pages this long (off by default in tests). */
  pageCacheTtlMs?: number;
}

let nextClient = 1;

/** A distinct client address, so rate limits of one test never touch another. */
export function freshClientIp(): string {
  const n = nextClient++;
  return `10.${(process.pid >> 8) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function pagesBuild(): Promise<ServerBuild> {
  const { inject } = await import("vitest");
  const folder = inject("pagesBuild");
  assertPagesBuildCurrent(folder);
  return loadPagesBuild(folder);
}

/** The real app (database, API, outbox worker) on 127.0.0.1, with its own SMTP server. */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const smtp = await startSmtpServer();
  const instance: TestDatabaseInstance = await options.database.create();
  const pages = options.withPages ? await pagesBuild() : null;
  const config = parseConfig({
    NODE_ENV: "test",
    SITE_URL: testSiteUrl,
    SMTP_URL: smtp.url,
    TRUST_PROXY: "1",
    RATE_LIMIT_MAX: "1000",
    // Tests email the fixtures' addresses again and again; the limit's own test sets 10.
    CUSTOMER_EMAILS_PER_DAY: "1000",
    // Tests book one window again and again; capacity tests set their own.
    WINDOW_CAPACITY: "100000",
    // Tests book fixed dates years ahead (fixtures.ts); the horizon's own test sets 90.
    BOOKING_DAYS_AHEAD: "3650",
    OUTBOX_POLL_MS: "1000",
    OUTBOX_BACKOFF_BASE_MS: "40",
    OUTBOX_BACKOFF_MAX_MS: "200",
    OUTBOX_MAX_ATTEMPTS: "20",
    ...instance.env,
    ...options.env,
  });
  const serverApp = await createServerApp({
    config,
    now: options.now,
    startWorker: options.startWorker,
    pageCacheTtlMs: options.pageCacheTtlMs,
    build: pages ?? (() => Promise.reject(new Error("Pages are off in this test"))),
  });
  const server: Server = await new Promise((resolve) => {
    // As the production listener keeps them (server/http-server.ts): at Node's own 5 s, a test
    // client sending on a kept-alive connection while the loop was busy met its close (ECONNRESET).
    const listening = createServer(
      { keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS },
      serverApp.handler,
    ).listen(0, "127.0.0.1", () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    serverApp,
    databaseEnv: instance.env,
    smtp,
    post(path, body, { ip = freshClientIp(), headers = {}, rawBody } = {}) {
      return fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, ...headers },
        body: rawBody ?? JSON.stringify(body),
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await serverApp.close();
      await smtp.close();
      await instance.drop();
    },
  };
}
