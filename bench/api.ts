// `npm run bench:api`: posts valid service requests to the server (a child process running
// createServerApp from source on a fresh embedded database, rate limit off), reports
// throughput and latency, waits for the outbox to drain into a local SMTP server, then checks
// that every request was stored once and caused exactly one email.
// BENCH_REQUESTS (1000), BENCH_CONNECTIONS (50), BENCH_WARM_UP (500) change the load;
// BENCH_DATABASE_URL runs it on PostgreSQL; BENCH_PROFILE writes the server's CPU profile
// to /tmp/prof.
import { fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";

import { percentile } from "./support";

const totalRequests = Number(process.env.BENCH_REQUESTS ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmUpRequests = Number(process.env.BENCH_WARM_UP ?? 500);
const drainTimeoutMs = 120_000;

interface CountsMessage {
  type: "counts";
  serviceRequests: number;
  outboxSent: number;
}

if (process.argv.includes("--serve")) await serve();
else await bench();

/** The child: the real app (database, API, outbox worker) on 127.0.0.1. */
async function serve() {
  const { parseConfig } = await import("../server/config");
  const { createServerApp } = await import("../server/app");
  const { serviceRequests, outbox } = await import("../server/db/schema");
  const { eq } = await import("drizzle-orm");
  const config = parseConfig();
  const serverApp = await createServerApp({
    config,
    // Pages are not measured here; only the API answers.
    pageCacheTtlMs: 0,
    build: () => Promise.reject(new Error("Pages are not served by the API bench")),
  });
  const server = serverApp.app.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ type: "listening", port });
  });
  // The bench process ended without saying stop: end too.
  process.on("disconnect", () => process.exit(1));
  process.on("message", (message: { type: string }) => {
    if (message.type === "counts") {
      const { db } = serverApp.database;
      void Promise.all([
        db.$count(serviceRequests),
        db.$count(outbox, eq(outbox.status, "sent")),
      ]).then(([stored, sent]) => {
        const reply: CountsMessage = {
          type: "counts",
          serviceRequests: stored,
          outboxSent: sent,
        };
        process.send?.(reply);
      });
    }
    if (message.type === "stop") {
      server.close();
      void serverApp.close().then(() => process.exit(0));
    }
  });
}

/** Counts what it accepts, per recipient; no parsing, so it takes little of the machine. */
async function startCountingSmtpServer() {
  const received: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function serviceRequestBody(index: number, preferredDate: string): string {
  return JSON.stringify({
    selectedAppliance: "refrigerator",
    name: `Bench Customer ${index}`,
    // No visitor email: each request causes exactly one email, to the office.
    email: "",
    // A phone of its own: the same phone and appliance again within a day updates the first.
    phone: `(713) ${200 + (Math.floor(index / 10_000) % 800)}-${String(index % 10_000).padStart(4, "0")}`,
    address: `${index} Bench St, Houston, TX`,
    zipCode: "77002",
    preferredDate,
    preferredTime: "morning",
    description: "Not cooling",
    brand: "LG",
    model: "LRMVS3006S",
    serialNumber: `SN-${index}`,
    notes: "",
    companyEmail: "texas@easyappliancerepair.com",
  });
}

function contactMessageBody(index: number): string {
  return JSON.stringify({
    name: "Warm",
    lastName: `Up ${index}`,
    email: "",
    phone: "(908) 555-0100",
    subject: "Warm-up",
    message: "Not counted",
    companyEmail: "newjersey@easyappliancerepair.com",
  });
}

async function postAll(
  agent: http.Agent,
  baseUrl: string,
  path: string,
  count: number,
  bodyOf: (index: number) => string,
) {
  const target = new URL(path, baseUrl);
  const latenciesMs: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;

  const post = (index: number) =>
    new Promise<void>((resolve) => {
      const body = bodyOf(index);
      const started = performance.now();
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          agent,
          headers: {
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
            "Idempotency-Key": randomUUID(),
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            latenciesMs.push(performance.now() - started);
            const status = response.statusCode ?? 0;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            resolve();
          });
        },
      );
      request.on("error", () => {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
        resolve();
      });
      request.end(body);
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) await post(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latenciesMs, statuses, seconds };
}

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once("exit", () => reject(new Error("The server exited before listening")));
    child.on("message", (message: { type: string; port?: number }) => {
      if (message.type === "listening" && message.port) resolve(message.port);
    });
  });
}

function requestCounts(child: ChildProcess): Promise<CountsMessage> {
  return new Promise((resolve) => {
    const listener = (message: CountsMessage) => {
      if (message.type !== "counts") return;
      child.off("message", listener);
      resolve(message);
    };
    child.on("message", listener);
    child.send({ type: "counts" });
  });
}

async function outboxPending(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/readyz`);
  const body = (await response.json()) as { outbox?: { pending: number } };
  return body.outbox?.pending ?? Number.NaN;
}

async function waitForDrain(baseUrl: string): Promise<number> {
  const started = performance.now();
  while ((await outboxPending(baseUrl)) > 0) {
    if (performance.now() - started > drainTimeoutMs) throw new Error("Outbox did not drain");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (performance.now() - started) / 1000;
}

function report(latenciesMs: number[], statuses: Map<number, number>, seconds: number) {
  const answers = [...statuses].map(([status, count]) => `${status || "error"} × ${count}`);
  console.log(`  answers: ${answers.join(", ")}`);
  console.log(
    `  ${(latenciesMs.length / seconds).toFixed(0)} requests/s (${seconds.toFixed(2)} s)`,
  );
  console.log(
    `  latency p50 ${percentile(latenciesMs, 50).toFixed(1)} ms, p95 ${percentile(latenciesMs, 95).toFixed(1)} ms, p99 ${percentile(latenciesMs, 99).toFixed(1)} ms, max ${Math.max(...latenciesMs).toFixed(1)} ms`,
  );
}

async function bench() {
  const smtp = await startCountingSmtpServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-api-"));
  // One pool of keep-alive connections for both phases: the measured one starts on open
  // connections, as behind a load balancer.
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], {
    execArgv: [
      "--import",
      "tsx",
      ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
    ],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      RATE_LIMIT_MAX: "0",
      // Every request asks for the same window: the bench measures taking places, not running out.
      WINDOW_CAPACITY: "1000000",
      PLACES_PER_CLIENT: "0",
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const baseUrl = `http://127.0.0.1:${await listeningPort(child)}`;
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
    // A fresh process runs the database's WebAssembly unoptimised for its first seconds; a
    // server in service is warm. The warm-up's contact messages are not counted below.
    console.log(`Warm-up: ${warmUpRequests} contact messages (not counted)`);
    const warmUp = await postAll(
      agent,
      baseUrl,
      "/api/send-contact-email",
      warmUpRequests,
      contactMessageBody,
    );
    report(warmUp.latenciesMs, warmUp.statuses, warmUp.seconds);
    await waitForDrain(baseUrl);
    smtp.received.length = 0;
    // A PostgreSQL database (BENCH_DATABASE_URL) may hold earlier runs' rows: count this run's.
    const rowsBefore = (await requestCounts(child)).serviceRequests;

    console.log(
      `POST /api/send-email: ${totalRequests} valid service requests, ${connections} connections, ${database}`,
    );
    const preferredDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const { latenciesMs, statuses, seconds } = await postAll(
      agent,
      baseUrl,
      "/api/send-email",
      totalRequests,
      (index) => serviceRequestBody(index, preferredDate),
    );
    report(latenciesMs, statuses, seconds);
    const drainSeconds = await waitForDrain(baseUrl);
    const stored = (await requestCounts(child)).serviceRequests - rowsBefore;
    const officeEmails = smtp.received.filter((recipients) =>
      recipients.includes("texas@easyappliancerepair.com"),
    ).length;
    console.log(`  outbox drained ${drainSeconds.toFixed(2)} s after the last answer`);
    console.log(`  stored service requests: ${stored} (expected ${totalRequests})`);
    console.log(
      `  emails received: ${officeEmails} to the office, ${smtp.received.length} in all (expected ${totalRequests})`,
    );
    const ok =
      stored === totalRequests &&
      officeEmails === totalRequests &&
      smtp.received.length === totalRequests;
    if (!ok) process.exitCode = 1;
  } finally {
    agent.destroy();
    child.send({ type: "stop" });
    await new Promise((resolve) => child.once("exit", resolve));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
