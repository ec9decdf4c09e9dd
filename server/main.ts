import path from "node:path";
import { fileURLToPath } from "node:url";

import type { createServerApp as CreateServerApp } from "./app";
import { ConfigError, parseConfig } from "./config";
import { startHttpServer, stopOnSignals } from "./http-server";
import { configuredClock } from "./test-clock";

// Compiled to build/server/main.js, beside the React Router server bundle (index.js).
const buildDir = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = parseConfig();
  const { createServerApp } = (await import(path.join(buildDir, "index.js"))) as {
    createServerApp: typeof CreateServerApp;
  };
  const now = configuredClock(config);
  const serverApp = await createServerApp({
    config,
    serveStatic: { clientDir: path.join(buildDir, "..", "client") },
    ...(now ? { now } : {}),
  });
  const httpServer = await startHttpServer(serverApp.handler, config);
  console.log(`Serving on http://localhost:${httpServer.port}`);
  stopOnSignals(httpServer, serverApp, config.SHUTDOWN_TIMEOUT_MS);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
