import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import pg from "pg";

import { e2ePort } from "../../playwright.config";
import { openDatabase } from "../../server/db/database";
import { startSmtpServer } from "../../server/test-support/smtp";
import { journeyLimits } from "./journey-limits";

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function waitForServer(url: string, server: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs} ms`);
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for this run, or null (embedded PGlite) when none is reachable. */
async function createDatabase(): Promise<string | null> {
  const name = `e2e_${process.pid}_${Date.now()}`;
  try {
    await withAdmin((client) => client.query(`create database ${name}`));
  } catch (error) {
    if (process.env.CI === "true") throw error;
    console.warn(
      `PostgreSQL is not reachable at ${adminUrl}: journeys run on embedded PGlite and skip their database checks.`,
    );
    return null;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts a real SMTP server (with a JSON view of what it received, for the test workers), a
 * fresh database and the production build on its own port.
 */
export default async function globalSetup() {
  const launcher = path.resolve("build/server/main.js");
  if (!existsSync(launcher)) throw new Error("No production build: run `npm run build` first.");

  const smtp = await startSmtpServer();
  const mapsStandIn = readFileSync(path.resolve("e2e/support/maps-stand-in.js"));
  // Each email as JSON, made once: the journeys ask for the ones after those they have read
  // (`?from=N`, e2e/support/leads.ts), not for the whole run's mail on every poll.
  const emailsAsJson: string[] = [];
  const mailbox = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://mailbox");
    if (url.pathname === "/maps.js") {
      response.setHeader("Content-Type", "text/javascript");
      response.end(mapsStandIn);
      return;
    }
    for (const { envelopeTo, parsed } of smtp.received.slice(emailsAsJson.length)) {
      emailsAsJson.push(
        JSON.stringify({
          envelopeTo,
          subject: parsed.subject ?? "",
          replyTo: parsed.replyTo?.text ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
          headers: Object.fromEntries(parsed.headerLines.map(({ key, line }) => [key, line])),
          attachments: parsed.attachments.map((attachment) => ({
            filename: attachment.filename ?? "",
            contentType: attachment.contentType,
            content: attachment.content.toString("utf8"),
          })),
        }),
      );
    }
    const from = Math.max(0, Number(url.searchParams.get("from")) || 0);
    response.setHeader("Content-Type", "application/json");
    response.end(`[${emailsAsJson.slice(from).join(",")}]`);
  });
  await new Promise<void>((resolve) => mailbox.listen(0, "127.0.0.1", resolve));
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`;
  process.env.E2E_MAPS_SCRIPT_URL = `${process.env.E2E_MAILBOX_URL}/maps.js`;
  // Extra servers a journey starts deliver to the same mailbox.
  process.env.E2E_SMTP_URL = smtp.url;

  // Extra servers on embedded PGlite start from a copy of one database made and migrated here
  // (e2e/support/extra-server.ts) instead of each running initdb in a process of its own.
  const pgliteTemplateRoot = mkdtempSync(path.join(tmpdir(), "e2e-pglite-template-"));
  const pgliteTemplate = path.join(pgliteTemplateRoot, "db");
  await (await openDatabase({ pgliteDir: pgliteTemplate })).close();
  process.env.E2E_PGLITE_TEMPLATE = pgliteTemplate;

  const databaseUrl = await createDatabase();
  if (databaseUrl) process.env.E2E_DATABASE_URL = databaseUrl;
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-data-"));
  // The staff command reaches the same database: PostgreSQL, or the server's embedded one.
  process.env.E2E_DATA_DIR = dataDir;

  const server = spawn(process.execPath, [launcher], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(e2ePort),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${e2ePort}`,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SMTP_URL: smtp.url,
      GOOGLE_MAPS_API_KEY: "test-browser-key",
      GOOGLE_MAPS_SCRIPT_URL: process.env.E2E_MAPS_SCRIPT_URL,
      RATE_LIMIT_MAX: "0",
      // The journeys book one window again and again; e2e/requests*.spec.ts use their own limits.
      WINDOW_CAPACITY: "100000",
      ...journeyLimits,
      TRUST_PROXY: "1",
      OUTBOX_POLL_MS: "1000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForServer(`http://127.0.0.1:${e2ePort}/healthz`, server);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await smtp.close();
    await new Promise((resolve) => mailbox.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pgliteTemplateRoot, { recursive: true, force: true });
    if (databaseUrl) {
      const name = new URL(databaseUrl).pathname.slice(1);
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    }
  };
}
