import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { e2ePort } from "../../playwright.config";

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

/** Starts the production build on its own port with a fresh embedded database. */
export default async function globalSetup() {
  const launcher = path.resolve("build/server/main.js");
  if (!existsSync(launcher)) throw new Error("No production build: run `npm run build` first.");
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-data-"));
  const server = spawn(process.execPath, [launcher], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(e2ePort),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${e2ePort}`,
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForServer(`http://127.0.0.1:${e2ePort}/healthz`, server);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
