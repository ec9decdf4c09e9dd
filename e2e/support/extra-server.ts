import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { journeyLimits } from "./journey-limits";

/** Another instance of the production build, with its own configuration and embedded database. */
export async function startExtraServer(port: number, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-extra-"));
  const template = process.env.E2E_PGLITE_TEMPLATE;
  // On embedded PGlite: a copy of the journeys' migrated database (e2e/support/global-setup.ts).
  if (!env.DATABASE_URL && template) {
    cpSync(template, path.join(dataDir, "db"), { recursive: true });
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
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("The extra server exited");
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("The extra server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    dataDir,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
