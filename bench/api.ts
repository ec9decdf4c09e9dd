// `npm run bench:api`: posts valid service requests to the server (a child process running
// createServerApp from source on a fresh embedded database, rate limit off), reports
// throughput and latency, waits for the outbox to drain into a local SMTP server, then checks
// that every request was stored once and caused exactly one email.
import { fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { startSmtpServer } from "../server/test-support/smtp";
import { percentile, waitForUrl } from "./support";

const totalRequests = Number(process.env.BENCH_REQUESTS ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3311);
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
    build: () => Promise.reject(new Error("Pages are not served by the API bench")),
  });
  const server = serverApp.app.listen(config.PORT, config.HOST);
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

function serviceRequestBody(index: number, preferredDate: string): string {
  return JSON.stringify({
    selectedAppliance: "refrigerator",
    name: `Bench Customer ${index}`,
    // No visitor email: each request causes exactly one email, to the office.
    email: "",
    phone: "(713) 555-0100",
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

async function postAll(baseUrl: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL("/api/send-email", baseUrl);
  const preferredDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const latenciesMs: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;

  const post = (index: number) =>
    new Promise<void>((resolve) => {
      const body = serviceRequestBody(index, preferredDate);
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
      while (next < totalRequests) await post(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latenciesMs, statuses, seconds };
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

async function bench() {
  const smtp = await startSmtpServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-api-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      RATE_LIMIT_MAX: "0",
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    await waitForUrl(`${baseUrl}/healthz`, child);
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
    console.log(
      `POST /api/send-email: ${totalRequests} valid service requests, ${connections} connections, ${database}`,
    );
    const { latenciesMs, statuses, seconds } = await postAll(baseUrl);
    const answers = [...statuses].map(([status, count]) => `${status || "error"} × ${count}`);
    console.log(`  answers: ${answers.join(", ")}`);
    console.log(`  ${(totalRequests / seconds).toFixed(0)} requests/s (${seconds.toFixed(2)} s)`);
    console.log(
      `  latency p50 ${percentile(latenciesMs, 50).toFixed(1)} ms, p95 ${percentile(latenciesMs, 95).toFixed(1)} ms, p99 ${percentile(latenciesMs, 99).toFixed(1)} ms, max ${Math.max(...latenciesMs).toFixed(1)} ms`,
    );

    const drainStarted = performance.now();
    while ((await outboxPending(baseUrl)) > 0) {
      if (performance.now() - drainStarted > drainTimeoutMs)
        throw new Error("Outbox did not drain");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The last accepted message may still be in the SMTP server's parser.
    await smtp.waitForEmails(totalRequests, 10_000).catch(() => undefined);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const counts = await requestCounts(child);
    const officeEmails = smtp.received.filter((email) =>
      email.envelopeTo.includes("texas@easyappliancerepair.com"),
    ).length;
    console.log(`  outbox drained ${drainSeconds.toFixed(2)} s after the last answer`);
    console.log(`  stored service requests: ${counts.serviceRequests} (expected ${totalRequests})`);
    console.log(
      `  emails received: ${officeEmails} to the office, ${smtp.received.length} in all (expected ${totalRequests})`,
    );
    const ok =
      counts.serviceRequests === totalRequests &&
      officeEmails === totalRequests &&
      smtp.received.length === totalRequests;
    if (!ok) process.exitCode = 1;
  } finally {
    child.send({ type: "stop" });
    await new Promise((resolve) => child.once("exit", resolve));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
