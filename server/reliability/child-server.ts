// The server as production runs it (server/main.ts), without pages, for the
// reliability tests that kill, stop and restart it: bundled and started by
// ./support/child-server.ts, configured by the environment.
import { createServerApp } from "../app";
import { ConfigError, parseConfig } from "../config";
import { startHttpServer, stopOnSignals } from "../http-server";

try {
  const config = parseConfig();
  const serverApp = await createServerApp({
    config,
    pageCacheTtlMs: 0,
    build: () => Promise.reject(new Error("This process serves the API only")),
  });
  const httpServer = await startHttpServer(serverApp.handler, config);
  console.log(`Serving on http://localhost:${httpServer.port}`);
  stopOnSignals(httpServer, serverApp, config.SHUTDOWN_TIMEOUT_MS);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
