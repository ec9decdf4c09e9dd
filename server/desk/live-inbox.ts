import type { DatabaseHandle } from "../db/database";
import { newLeadsChannel } from "../db/notifications";

/** A comment line every so often keeps proxies from closing a quiet stream. */
const keepAliveMs = 25_000;

interface Watcher {
  offices: ReadonlySet<string>;
  send(chunk: string): void;
  end(): void;
}

/**
 * The open inboxes, told of new leads as they are stored: by this process or by any other that
 * shares the database (PostgreSQL `LISTEN`/`NOTIFY`; on PGlite, the same within the process).
 * Each open inbox is a Server-Sent Events stream that hears only of its person's offices; it
 * then reloads its list, so nothing but "something new" travels this way.
 */
export class LiveInbox {
  readonly #watchers = new Set<Watcher>();
  #stopListening: (() => Promise<void>) | null = null;

  async start(database: Pick<DatabaseHandle, "listen">): Promise<void> {
    this.#stopListening = await database.listen(newLeadsChannel, (office) => {
      for (const watcher of this.#watchers) {
        if (watcher.offices.has(office)) watcher.send("event: lead\ndata: {}\n\n");
      }
    });
  }

  /** A stream for one signed-in person's offices, ended when the client goes or the server stops. */
  stream(offices: readonly string[], signal: AbortSignal): Response {
    const encoder = new TextEncoder();
    let watcher: Watcher | null = null;
    let keepAlive: NodeJS.Timeout | null = null;
    const stop = () => {
      if (keepAlive) clearInterval(keepAlive);
      if (watcher) this.#watchers.delete(watcher);
    };
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        const current: Watcher = {
          offices: new Set(offices),
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
        // Ask the browser to come back soon when the stream breaks (a restart, a deploy).
        current.send("retry: 2000\n: connected\n\n");
        keepAlive = setInterval(() => current.send(": keep-alive\n\n"), keepAliveMs);
        keepAlive.unref();
        signal.addEventListener("abort", () => current.end(), { once: true });
      },
      cancel: stop,
    });
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        // no-transform: the compression middleware passes it through unbuffered.
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
        "X-Robots-Tag": "noindex, nofollow",
      },
    });
  }

  /** How many inboxes are open now. */
  get watching(): number {
    return this.#watchers.size;
  }

  /** Ends every stream (a stopping server must not wait for them) and stops listening. */
  async close(): Promise<void> {
    for (const watcher of [...this.#watchers]) watcher.end();
    const stopListening = this.#stopListening;
    this.#stopListening = null;
    // A database already closed (or gone) has stopped telling us anything: nothing to undo.
    await stopListening?.().catch(() => undefined);
  }

  /** Ends the open streams only: the server is stopping and waits for requests in flight. */
  endStreams(): void {
    for (const watcher of [...this.#watchers]) watcher.end();
  }
}
