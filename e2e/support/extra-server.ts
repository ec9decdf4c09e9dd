import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { copyFolder } from "../../server/test-support/copy-folder";

import { journeyLimits } from "./journey-limits";

/** A port that was free a moment ago (the system's pick for a listener on port 0). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== "object" || !address) throw new Error("No free port");
  return address.port;
}

/**
 * Another instance of the production build, with its own configuration and embedded database.
 * `port` 0 takes a free one, picked here: the server must know its own address (`SITE_URL`, for
 * its links and its same-origin check) before it listens, so it cannot listen on 0 itself. Its
 * address is `origin` in the answer.
 */
export async function startExtraServer(requestedPort: number, env: Record<string, string>) {
  const port = requestedPort === 0 ? await freePort() : requestedPort;
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-extra-"));
  const template = process.env.E2E_PGLITE_TEMPLATE;
  // On embedded PGlite: a copy of the journeys' migrated database (e2e/support/global-setup.ts).
  if (!env.DATABASE_URL && template) {
    await copyFolder(template, path.join(dataDir, "db"));
  }
  const child = spawn(process.execPath, [path.resolve("build/server/main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      GOOGLE_MAPS_API_KEY: "",
      ...journeyLimits,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Its last lines, for the error should it not start; read on so a full pipe never stalls it.
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output = (output + chunk).slice(-4_000);
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  const failed = (reason: string) => {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    return new Error(`${reason} (port ${port}); its output ended:\n${output || "(nothing)"}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw failed(`The extra server exited with ${child.exitCode}`);
    try {
      const health = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (health.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw failed("The extra server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    port,
    dataDir,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ExtraServer = Awaited<ReturnType<typeof startExtraServer>>;

/** An extra server whose clock a journey moves (TEST_CLOCK_FILE, with ALLOW_TEST_CLOCK=1). */
export interface ClockedServer extends ExtraServer {
  /** Moves the server's clock to `instant` (real time keeps running from there); null: real time. */
  setClock(instant: number | null): void;
}

/**
 * An extra server on a free port for a job from booking to review: its mail goes to the journeys'
 * SMTP stand-in, as many places per window as asked for, homeowners told apart by
 * X-Forwarded-For (the proxy trusted).
 */
export function startJobServer(env: Record<string, string> = {}) {
  return startExtraServer(0, {
    SMTP_URL: process.env.E2E_SMTP_URL!,
    OUTBOX_POLL_MS: "1000",
    WINDOW_CAPACITY: "100000",
    TRUST_PROXY: "1",
    ...env,
  });
}

/** A job server (`startJobServer`) with a clock file of its own, removed when it stops. */
export async function startClockedServer(): Promise<ClockedServer> {
  const clockDir = mkdtempSync(path.join(tmpdir(), "e2e-clock-"));
  const clockFile = path.join(clockDir, "clock");
  try {
    const server = await startJobServer({ ALLOW_TEST_CLOCK: "1", TEST_CLOCK_FILE: clockFile });
    return {
      ...server,
      setClock(instant) {
        if (instant === null) return rmSync(clockFile, { force: true });
        const offset = Math.round(instant - Date.now());
        writeFileSync(clockFile, `${offset >= 0 ? "+" : ""}${offset}`);
      },
      async stop() {
        await server.stop();
        rmSync(clockDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(clockDir, { recursive: true, force: true });
    throw error;
  }
}
