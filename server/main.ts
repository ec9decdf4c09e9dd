import path from "node:path";
import { fileURLToPath } from "node:url";

import type { createServerApp as CreateServerApp } from "./app";
import { ConfigError, parseConfig } from "./config";

// Compiled to build/server/main.js, beside the React Router server bundle (index.js).
const buildDir = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = parseConfig();
  const { createServerApp } = (await import(path.join(buildDir, "index.js"))) as {
    createServerApp: typeof CreateServerApp;
  };
  const { app, close } = await createServerApp({
    config,
    serveStatic: { clientDir: path.join(buildDir, "..", "client") },
  });
  const server = app.listen(config.PORT, config.HOST, () => {
    console.log(`Serving on http://localhost:${config.PORT}`);
  });
  server.headersTimeout = 15_000;
  server.requestTimeout = 30_000;

  const shutdown = () => {
    server.close(() => {
      void close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
