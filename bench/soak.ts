// `npm run bench:soak`: the production build (build/server/main.js, built first if missing) under
// a steady mix of page views and submissions for SOAK_SECONDS (600), at SOAK_PAGE_RPS (20) page
// views and SOAK_SUBMIT_RPS (5) submissions a second. Prints throughput, latency percentiles and
// errors, the server process's resident memory over time, then stops the server (SIGTERM) and
// compares the leads stored with the emails its SMTP server received.
// The database is embedded PGlite in a fresh folder; with `--postgres`, a fresh database on the
// PostgreSQL server at SOAK_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/test), dropped after.
// Memory targets (issue 11): at most 300 MB resident after start-up and throughout on PGlite, 200 MB
// on PostgreSQL; /api/location gives the six test addresses their states at start and end, the
// same answers both times. Prints the start-up time (process start to the first 200 on `/`) and
// exits non-zero when a target is missed or a lead is lost.
import { execSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import pg from "pg";
import { SMTPServer } from "smtp-server";

import { openDatabase } from "../server/db/database";
import {
  contactMessages,
  newsletterSubscribers,
  outbox,
  serviceRequests,
} from "../server/db/schema";
import { stateTestAddresses } from "../server/geo/test-addresses";
import { freePort } from "../server/reliability/support/child-server";

import { percentile, startServer } from "./support";

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const pageRate = Number(process.env.SOAK_PAGE_RPS ?? 20);
const submitRate = Number(process.env.SOAK_SUBMIT_RPS ?? 5);
const onPostgres = process.argv.includes("--postgres");
const postgresAdminUrl = process.env.SOAK_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const rssTargetMb = onPostgres ? 200 : 300;
const sampleEverySeconds = Math.max(5, Math.round(seconds / 20));
const warmUpSeconds = Math.min(60, Math.round(seconds / 5));
const maxInFlight = 200;

const pages = [
  "/",
  "/services",
  "/services/refrigerator",
  "/service-areas",
  "/service-areas/texas",
  "/brands",
  "/reviews",
  "/contact",
  "/policy",
  "/?region=new-jersey",
  "/modals/schedule",
];

type Kind = "page" | "service request" | "contact message" | "subscription";

interface Sample {
  at: number;
  rssMb: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Counts what it accepts; no parsing, so it takes little of the machine. */
async function startCountingSmtpServer() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        received += 1;
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function submission(
  index: number,
  preferredDate: string,
): { kind: Kind; path: string; body: object } {
  const name = `Soak ${index}`;
  switch (index % 4) {
    case 0:
    case 1:
      return {
        kind: "service request",
        path: "/api/send-email",
        body: {
          selectedAppliance: "dishwasher",
          name,
          email: `soak-${index}@example.com`,
          // A phone of its own: the same phone and appliance within a day is one request.
          phone: `(713) ${200 + (Math.floor(index / 10_000) % 800)}-${String(index % 10_000).padStart(4, "0")}`,
          address: `${index} Soak St, Houston, TX`,
          zipCode: "77002",
          preferredDate,
          preferredTime: "afternoon",
          description: "Does not drain",
          brand: "Bosch",
          model: "SHX",
          serialNumber: `SN-${index}`,
          notes: "",
          companyEmail: "texas@easyappliancerepair.com",
        },
      };
    case 2:
      return {
        kind: "contact message",
        path: "/api/send-contact-email",
        body: {
          name,
          lastName: "Tester",
          email: "",
          phone: "(908) 555-0100",
          subject: "Question",
          message: "Do you repair ice makers?",
          companyEmail: "newjersey@easyappliancerepair.com",
        },
      };
    default:
      return {
        kind: "subscription",
        path: "/api/send-subscribe-email",
        body: { email: `soak-${index}-${randomUUID()}@example.com` },
      };
  }
}

/** Emails each accepted submission causes. */
const emailsPer: Record<Kind, number> = {
  page: 0,
  "service request": 2,
  "contact message": 1,
  subscription: 1,
};

async function withPostgresAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for this run on the PostgreSQL server. */
async function createPostgresDatabase(): Promise<{ url: string; name: string }> {
  const name = `soak_${process.pid}_${Date.now()}`;
  await withPostgresAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/** Polls until `/` answers 200; the time from the process's start to then. */
async function startUpMilliseconds(origin: string, startedAt: number): Promise<number> {
  while (performance.now() - startedAt < 120_000) {
    if (server.exitCode !== null) throw new Error("The server exited during start-up");
    try {
      if ((await fetch(`${origin}/`)).status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("The server did not answer / within 120 s");
}

/** /api/location's answer for each state's test address, as one line per state. */
async function locationAnswers(origin: string): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const [state, address] of Object.entries(stateTestAddresses)) {
    const response = await fetch(`${origin}/api/location`, {
      headers: { "X-Forwarded-For": address },
    });
    answers.set(state, JSON.stringify(await response.json()));
  }
  return answers;
}

function locationProblems(answers: Map<string, string>): string[] {
  return [...answers].flatMap(([state, answer]) => {
    const { region, isLocationDetected } = JSON.parse(answer) as {
      region?: string;
      isLocationDetected?: boolean;
    };
    return region === state && isLocationDetected ? [] : [`${state}: ${answer}`];
  });
}

if (!existsSync("build/server/main.js")) execSync("npm run build", { stdio: "inherit" });

const postgres = onPostgres ? await createPostgresDatabase() : null;
const databaseUrl = postgres?.url;
const smtp = await startCountingSmtpServer();
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-soak-"));
const port = await freePort();
const serverStartedAt = performance.now();
const server = startServer({
  HOST: "127.0.0.1",
  PORT: String(port),
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? "",
  SMTP_URL: smtp.url,
  // Each submission comes from its own address, so the rate limit (on, as in production)
  // counts but never refuses.
  TRUST_PROXY: "1",
  // Every service request asks for one window: the soak measures holding, not running out.
  WINDOW_CAPACITY: "1000000",
  PLACES_PER_CLIENT: "0",
});
const origin = `http://127.0.0.1:${port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const latencies = new Map<Kind, number[]>();
const errors = new Map<string, number>();
const accepted = new Map<Kind, number>();
const samples: Sample[] = [];
let inFlight = 0;
let resentOnClosedConnection = 0;
let sent = 0;
let intervalLatencies: number[] = [];

function record(kind: Kind, ms: number, status: number | string) {
  const ok = status === 200 || status === 201;
  if (ok) {
    const values = latencies.get(kind) ?? [];
    values.push(ms);
    latencies.set(kind, values);
    intervalLatencies.push(ms);
    if (kind !== "page") accepted.set(kind, (accepted.get(kind) ?? 0) + 1);
  } else {
    const key = `${kind} ${status}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  }
}

function send(kind: Kind, target: string, body?: object) {
  const payload = body ? JSON.stringify(body) : undefined;
  const headers = payload
    ? {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(payload),
        "Idempotency-Key": randomUUID(),
        "X-Forwarded-For": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
      }
    : {};
  const started = performance.now();
  inFlight += 1;
  sent += 1;
  const attempt = (retry: boolean) => {
    const request = http.request(
      `${origin}${target}`,
      { agent, method: payload ? "POST" : "GET", headers },
      (response) => {
        response.resume();
        response.on("end", () => {
          inFlight -= 1;
          record(kind, performance.now() - started, response.statusCode ?? 0);
        });
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      // The server closed an idle kept-alive connection as this request went out on it: it was
      // never read, so it is sent again (with the same Idempotency-Key), as browsers do.
      if (!retry && request.reusedSocket && error.code === "ECONNRESET") {
        resentOnClosedConnection += 1;
        attempt(true);
        return;
      }
      inFlight -= 1;
      record(kind, performance.now() - started, error.code ?? "error");
    });
    request.end(payload);
  };
  attempt(false);
}

async function outboxPending(): Promise<number> {
  const response = await fetch(`${origin}/readyz`);
  const body = (await response.json()) as { outbox?: { pending: number } };
  return body.outbox?.pending ?? Number.NaN;
}

function formatLatency(values: number[]): string {
  return `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`;
}

try {
  const startUpMs = await startUpMilliseconds(origin, serverStartedAt);
  const pid = server.pid!;
  const rssAfterStartUp = rssMb(pid);
  const locationsAtStart = await locationAnswers(origin);
  const preferredDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  console.log(
    `Soak: ${seconds} s of ${pageRate} page views/s and ${submitRate} submissions/s against the production build on ${onPostgres ? "PostgreSQL" : "embedded PGlite"} (pid ${pid})`,
  );
  console.log(
    `  start-up: ${startUpMs.toFixed(0)} ms from process start to the first 200 on /; RSS then ${rssAfterStartUp.toFixed(0)} MB`,
  );
  console.log("   time   requests  req/s   p95 (interval)  errors  server RSS");

  const started = performance.now();
  let pagesDue = 0;
  let submissionsDue = 0;
  let submissionIndex = 0;
  let pageIndex = 0;
  let lastTick = started;
  let nextSampleAt = 0;
  let sentAtLastSample = 0;
  samples.push({ at: 0, rssMb: rssMb(pid) });

  // Open loop: requests go out at the set rates whatever the answers' speed (up to a cap).
  while (performance.now() - started < seconds * 1000) {
    const now = performance.now();
    const elapsedSeconds = (now - started) / 1000;
    pagesDue += ((now - lastTick) / 1000) * pageRate;
    submissionsDue += ((now - lastTick) / 1000) * submitRate;
    lastTick = now;
    while (pagesDue >= 1 && inFlight < maxInFlight) {
      pagesDue -= 1;
      send("page", pages[pageIndex++ % pages.length]!);
    }
    while (submissionsDue >= 1 && inFlight < maxInFlight) {
      submissionsDue -= 1;
      const { kind, path: target, body } = submission(submissionIndex++, preferredDate);
      send(kind, target, body);
    }
    if (elapsedSeconds >= nextSampleAt + sampleEverySeconds) {
      nextSampleAt += sampleEverySeconds;
      const sample = { at: elapsedSeconds, rssMb: rssMb(pid) };
      samples.push(sample);
      const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
      console.log(
        `  ${elapsedSeconds.toFixed(0).padStart(4)} s  ${String(sent).padStart(8)}  ${((sent - sentAtLastSample) / sampleEverySeconds).toFixed(1).padStart(5)}  ${percentile(intervalLatencies, 95).toFixed(1).padStart(10)} ms  ${String(errorCount).padStart(6)}  ${sample.rssMb.toFixed(1)} MB`,
      );
      sentAtLastSample = sent;
      intervalLatencies = [];
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const loadSeconds = (performance.now() - started) / 1000;
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  const drainStarted = performance.now();
  while ((await outboxPending()) > 0) {
    if (performance.now() - drainStarted > 120_000) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  samples.push({ at: loadSeconds, rssMb: rssMb(pid) });

  const all = [...latencies.values()].flat();
  const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `\n  ${sent} requests in ${loadSeconds.toFixed(0)} s: ${(sent / loadSeconds).toFixed(1)} req/s`,
  );
  console.log(`  all answers: ${formatLatency(all)}`);
  for (const [kind, values] of latencies) {
    console.log(`  ${kind} (${values.length}): ${formatLatency(values)}`);
  }
  console.log(`  resent after the server closed an idle connection: ${resentOnClosedConnection}`);
  console.log(
    `  errors: ${errorCount}${errorCount > 0 ? ` (${[...errors].map(([key, count]) => `${key} × ${count}`).join(", ")})` : ""}`,
  );
  // Growth is judged on the second half of the run: start-up allocations are long collected by then.
  const secondHalf = samples.filter((sample) => sample.at >= loadSeconds / 2);
  const afterWarmUp = samples.filter((sample) => sample.at >= warmUpSeconds);
  const peak = Math.max(...samples.map((sample) => sample.rssMb));
  const growth = secondHalf.at(-1)!.rssMb - secondHalf[0]!.rssMb;
  console.log(
    `  server RSS: ${samples[0]!.rssMb.toFixed(0)} MB at start, ${Math.min(...afterWarmUp.map((sample) => sample.rssMb)).toFixed(0)}–${Math.max(...afterWarmUp.map((sample) => sample.rssMb)).toFixed(0)} MB after the ${warmUpSeconds} s warm-up (peak ${peak.toFixed(0)} MB), ${growth >= 0 ? "+" : ""}${growth.toFixed(1)} MB over the second half`,
  );
  console.log(
    `  RSS samples (s: MB): ${samples.map((sample) => `${sample.at.toFixed(0)}: ${sample.rssMb.toFixed(0)}`).join(", ")}`,
  );
  const highest = Math.max(peak, rssAfterStartUp);
  const memoryMet = highest <= rssTargetMb;
  console.log(
    `  memory target (${onPostgres ? "PostgreSQL" : "PGlite"}): at most ${rssTargetMb} MB after start-up and throughout; highest ${highest.toFixed(0)} MB: ${memoryMet ? "met" : "MISSED"}`,
  );
  const locationsAtEnd = await locationAnswers(origin);
  const problems = locationProblems(locationsAtStart);
  for (const [state, answer] of locationsAtEnd) {
    if (answer !== locationsAtStart.get(state)) problems.push(`${state} changed: ${answer}`);
  }
  console.log(
    problems.length === 0
      ? `  /api/location: the six test addresses detected as their states, the same at start and end (${[...locationsAtStart.values()].map((answer) => (JSON.parse(answer) as { city: string }).city).join(", ")})`
      : `  /api/location WRONG: ${problems.join("; ")}`,
  );
  if (!memoryMet || problems.length > 0) process.exitCode = 1;

  // The server stops (SIGTERM) before its database is counted: PGlite has one owner at a time.
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: databaseUrl ? null : path.join(dataDir, "db"),
  });
  try {
    const { db } = database;
    const stored = {
      "service request": await db.$count(serviceRequests),
      "contact message": await db.$count(contactMessages),
      subscription: await db.$count(newsletterSubscribers),
    };
    const outboxRows = await db.$count(outbox);
    const outboxSent = await db.$count(outbox, eq(outbox.status, "sent"));
    const expectedEmails = (Object.keys(stored) as (keyof typeof stored)[]).reduce(
      (sum, kind) => sum + stored[kind] * emailsPer[kind],
      0,
    );
    console.log(
      `  accepted: ${[...accepted].map(([kind, count]) => `${count} ${kind}s`).join(", ")}`,
    );
    console.log(
      `  stored: ${Object.entries(stored)
        .map(([kind, count]) => `${count} ${kind}s`)
        .join(", ")}; outbox ${outboxRows} rows, ${outboxSent} sent`,
    );
    console.log(
      `  emails: ${expectedEmails} expected from the stored leads, ${smtp.received()} received`,
    );
    const consistent =
      (Object.keys(stored) as (keyof typeof stored)[]).every(
        (kind) => stored[kind] === (accepted.get(kind) ?? 0),
      ) &&
      outboxSent === expectedEmails &&
      smtp.received() === expectedEmails;
    console.log(consistent ? "  every accepted lead stored and emailed once" : "  MISMATCH");
    if (!consistent || errorCount > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
} finally {
  agent.destroy();
  server.kill("SIGTERM");
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (postgres) {
    await withPostgresAdmin((client) =>
      client.query(`drop database if exists ${postgres.name} with (force)`),
    );
  }
}
