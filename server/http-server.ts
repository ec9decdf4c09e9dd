import http from "node:http";
import type { AddressInfo } from "node:net";

import type { ServerConfig } from "./config";

type ListenConfig = Pick<
  ServerConfig,
  | "PORT"
  | "HOST"
  | "HTTP_HEADERS_TIMEOUT_MS"
  | "HTTP_REQUEST_TIMEOUT_MS"
  | "HTTP_UPLOAD_TIMEOUT_MS"
  | "HTTP_KEEP_ALIVE_TIMEOUT_MS"
>;

/**
 * Photos posted to a private request page (with or without JavaScript): the only requests whose
 * body may take longer than `HTTP_REQUEST_TIMEOUT_MS`, since up to 50 MB from a phone on a weak
 * signal can.
 */
export function isUpload(req: http.IncomingMessage): boolean {
  return req.method === "POST" && /^\/requests\/[^/?]+(?:\?|$)/.test(req.url ?? "");
}

const requestTimeoutAnswer = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n";

/**
 * Node's own time-out is the uploads' (the longest); every other request's body must arrive
 * within `timeoutMs` of its headers or, as Node does, the client gets 408 and the connection
 * closes.
 */
function cutOffSlowBody(req: http.IncomingMessage, res: http.ServerResponse, timeoutMs: number) {
  if (req.complete) return;
  const timer = setTimeout(() => {
    if (req.complete) return;
    const { socket } = req;
    if (!res.headersSent && socket.writable) socket.write(requestTimeoutAnswer);
    socket.destroy();
  }, timeoutMs);
  timer.unref();
  const stop = () => clearTimeout(timer);
  req.once("end", stop);
  res.once("close", stop);
}

/** How long a client still sending an upload that was answered may go on before it is cut off. */
const lingerMs = 1_000;

/**
 * An upload answered before its body arrived (an unknown link, a refusal past a budget) is not
 * read on: once the answer is out the connection is ended, so the client sees the answer and
 * the end at once, and what it still sends is dropped for `lingerMs` at most (not read for as
 * long as the upload time-out allows, as Node would, to keep the connection alive).
 */
function endWhenAnsweredEarly(req: http.IncomingMessage, res: http.ServerResponse) {
  res.once("finish", () => {
    if (req.complete) return;
    const { socket } = req;
    socket.end();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  });
}

export interface HttpServer {
  server: http.Server;
  port: number;
  /**
   * Stops accepting, lets the requests in flight finish (keep-alive connections are closed as
   * they fall idle), then runs `afterRequests`. Resolves false when `timeoutMs` ran out first.
   */
  stop(afterRequests: () => Promise<void>, timeoutMs: number): Promise<boolean>;
}

/**
 * Listens with time-outs that cut off a client sending its headers or its body too slowly
 * (Node answers 408 and closes), so a slow or stuck client cannot hold a connection for long.
 */
export async function startHttpServer(
  handler: http.RequestListener,
  config: ListenConfig,
): Promise<HttpServer> {
  let stopping = false;
  const uploadTimeoutMs = Math.max(config.HTTP_UPLOAD_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS);
  const server = http.createServer(
    {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: uploadTimeoutMs,
      keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      // Node checks both time-outs only this often (every 30 s by default).
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.HTTP_HEADERS_TIMEOUT_MS / 4)),
    },
    (req, res) => {
      // A request that came on a kept-alive connection while stopping is served, then the
      // connection closes.
      if (stopping) res.setHeader("Connection", "close");
      if (isUpload(req)) endWhenAnsweredEarly(req, res);
      else if (uploadTimeoutMs > config.HTTP_REQUEST_TIMEOUT_MS) {
        cutOffSlowBody(req, res, config.HTTP_REQUEST_TIMEOUT_MS);
      }
      handler(req, res);
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });

  return {
    server,
    port: (server.address() as AddressInfo).port,
    stop(afterRequests, timeoutMs) {
      stopping = true;
      return new Promise((resolve) => {
        const deadline = setTimeout(() => {
          clearInterval(closingIdle);
          server.closeAllConnections();
          resolve(false);
        }, timeoutMs);
        const closingIdle = setInterval(() => server.closeIdleConnections(), 50);
        server.close(() => {
          clearInterval(closingIdle);
          afterRequests()
            .then(() => resolve(true))
            .catch((error: unknown) => {
              console.error("Shutdown failed:", error);
              resolve(false);
            })
            .finally(() => clearTimeout(deadline));
        });
      });
    },
  };
}

/** What a graceful stop needs of the app: its outbox worker and the release of the rest. */
export interface StoppableApp {
  outbox: { close(): Promise<void> };
  /** Ends responses that never finish on their own (the desk's live streams). */
  endStreams?(): void;
  close(): Promise<void>;
}

/**
 * On SIGTERM or SIGINT: stop gracefully, then exit 0, or 1 when `timeoutMs` ran out first. The
 * server stops accepting and the worker stops claiming at once; requests in flight and the
 * emails being sent finish; emails not yet claimed wait in the outbox for the next process.
 */
export function stopOnSignals({ stop }: HttpServer, app: StoppableApp, timeoutMs: number): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests in flight and the emails being sent`);
    const worker = app.outbox.close();
    app.endStreams?.();
    void stop(async () => {
      await worker;
      await app.close();
    }, timeoutMs).then((finished) => {
      if (finished) console.log("Stopped");
      else console.error(`Stopped after ${timeoutMs} ms with work unfinished`);
      process.exit(finished ? 0 : 1);
    });
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
