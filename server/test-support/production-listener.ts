import { startHttpServer, type HttpServer } from "../http-server";
import type { TestDatabase } from "./databases";
import { startTestServer, type TestServer } from "./server";

export interface ListenerTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
}

export interface ListenedTestServer {
  server: TestServer;
  listening: HttpServer;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * A test server's app behind the production listener (server/http-server.ts) with the given
 * time-outs, no rate limit and no outbox worker: what the hostile-input tests send raw bytes to.
 */
export async function startBehindProductionListener(
  database: TestDatabase,
  timeouts: ListenerTimeouts,
): Promise<ListenedTestServer> {
  const server = await startTestServer({
    database,
    startWorker: false,
    env: { RATE_LIMIT_MAX: "0" },
  });
  const listening = await startHttpServer(server.serverApp.handler, {
    PORT: 0,
    HOST: "127.0.0.1",
    HTTP_HEADERS_TIMEOUT_MS: timeouts.headersTimeoutMs,
    HTTP_REQUEST_TIMEOUT_MS: timeouts.requestTimeoutMs,
    HTTP_UPLOAD_TIMEOUT_MS: timeouts.uploadTimeoutMs,
    HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000,
  });
  return {
    server,
    listening,
    baseUrl: `http://127.0.0.1:${listening.port}`,
    async close() {
      await listening.stop(async () => {}, 1_000);
      await server.close();
    },
  };
}
