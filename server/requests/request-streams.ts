import { sql } from "drizzle-orm";

import type { DatabaseHandle, Transaction } from "../db/database";
import { requestChangesChannel } from "../db/notifications";

/**
 * The homeowners' open private pages, told when their request changes (the office books it, the
 * technician is on the way): each page holds a Server-Sent Events stream that says only "change",
 * and reloads. Anyone with the link may open one, so each request holds a few at most and the
 * process a bounded number; a stream ends after a while and the browser opens a new one.
 */
export const maxStreamsPerRequest = 3;
export const maxRequestStreams = 500;
const keepAliveMs = 25_000;
const lifetimeMs = 15 * 60_000;
const refusedRetryAfterSeconds = 60;

interface Watcher {
  requestId: string;
  send(chunk: string): void;
  end(): void;
}

/** Told in the transaction that changes what a request's page shows. */
export async function notifyRequestChanged(tx: Transaction, requestId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${requestChangesChannel}, ${requestId})`);
}

export class RequestStreams {
  readonly #watchers = new Set<Watcher>();
  #stopListening: (() => Promise<void>) | null = null;

  async start(database: Pick<DatabaseHandle, "listen">): Promise<void> {
    this.#stopListening = await database.listen(requestChangesChannel, (requestId) => {
      for (const watcher of this.#watchers) {
        if (watcher.requestId === requestId) watcher.send("event: change\ndata: {}\n\n");
      }
    });
  }

  /** A stream for the request `requestId` (its link was checked), or 429 past the bounds. */
  stream(requestId: string, signal: AbortSignal): Response {
    const forRequest = [...this.#watchers].filter((watcher) => watcher.requestId === requestId);
    if (forRequest.length >= maxStreamsPerRequest || this.#watchers.size >= maxRequestStreams) {
      return new Response("Too many pages follow this request live. Reload to see it.", {
        status: 429,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          "X-Robots-Tag": "noindex, nofollow",
          "Retry-After": String(refusedRetryAfterSeconds),
        },
      });
    }
    const encoder = new TextEncoder();
    let watcher: Watcher | null = null;
    const timers: NodeJS.Timeout[] = [];
    const stop = () => {
      for (const timer of timers) clearTimeout(timer);
      if (watcher) this.#watchers.delete(watcher);
    };
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        const current: Watcher = {
          requestId,
          send: (chunk) => {
            try {
              controller.enqueue(encoder.encode(chunk));
            } catch {
              stop();
            }
          },
          end: () => {
            stop();
            try {
              controller.close();
            } catch {
              // already closed by the client
            }
          },
        };
        watcher = current;
        this.#watchers.add(current);
        current.send("retry: 5000\n: connected\n\n");
        const keepAlive = setInterval(() => current.send(": keep-alive\n\n"), keepAliveMs);
        const lifetime = setTimeout(() => current.end(), lifetimeMs);
        keepAlive.unref();
        lifetime.unref();
        timers.push(keepAlive, lifetime);
        signal.addEventListener("abort", () => current.end(), { once: true });
      },
      cancel: stop,
    });
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
        "X-Robots-Tag": "noindex, nofollow",
      },
    });
  }

  get watching(): number {
    return this.#watchers.size;
  }

  /** Ends the open streams only: the server is stopping and waits for requests in flight. */
  endStreams(): void {
    for (const watcher of [...this.#watchers]) watcher.end();
  }

  async close(): Promise<void> {
    this.endStreams();
    const stop = this.#stopListening;
    this.#stopListening = null;
    await stop?.().catch(() => undefined);
  }
}
