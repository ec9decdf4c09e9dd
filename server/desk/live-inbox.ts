import type { DatabaseHandle } from "../db/database";
import { newLeadsChannel, staffSessionsChannel } from "../db/notifications";
import type { StateSlug } from "~/content/states";

/** A comment line every so often keeps proxies from closing a quiet stream. */
const keepAliveMs = 25_000;

/**
 * How many streams one session may hold at once: a few desk tabs. In this process only (each
 * instance counts its own); the point is that one stolen or buggy session cannot pile up
 * connections, not an exact total across instances.
 */
export const maxStreamsPerSession = 5;

/** What the browser is told when a session already holds `maxStreamsPerSession` streams. */
const tooManyStreamsRetryAfterSeconds = 60;

/** Whose streams to end: one session's, or every stream of one person. */
export type StreamOwner = { sessionId: string } | { staffId: string };

export interface StreamRequest {
  staffId: string;
  sessionId: string;
  offices: readonly StateSlug[];
  /**
   * Whether the session still grants this stream. Asked once the stream is registered (a session
   * that ended between the sign-in check and now) and at every keep-alive (a notification lost
   * while the database listener reconnected, an expired session). A failure keeps the stream.
   */
  stillGranted(): Promise<boolean>;
}

interface Watcher {
  staffId: string;
  sessionId: string;
  offices: ReadonlySet<string>;
  send(chunk: string): void;
  end(): void;
}

const noStore = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/** The owner a `staffSessionsChannel` payload names, or null for anything else. */
function streamOwnerFrom(payload: string): StreamOwner | null {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== "object" || parsed === null) return null;
    if ("sessionId" in parsed && typeof parsed.sessionId === "string") {
      return { sessionId: parsed.sessionId };
    }
    if ("staffId" in parsed && typeof parsed.staffId === "string") {
      return { staffId: parsed.staffId };
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The open inboxes, told of new leads as they are stored: by this process or by any other that
 * shares the database (PostgreSQL `LISTEN`/`NOTIFY`; on PGlite, the same within the process).
 * Each open inbox is a Server-Sent Events stream that hears only of its person's offices; it
 * then reloads its list, so nothing but "something new" travels this way. A stream lives no
 * longer than its session and its person's access: the database says when either ends
 * (`staffSessionsChannel`), wherever the change was made.
 */
export class LiveInbox {
  readonly #watchers = new Set<Watcher>();
  #stopListening: Array<() => Promise<void>> = [];

  async start(database: Pick<DatabaseHandle, "listen">): Promise<void> {
    this.#stopListening.push(
      await database.listen(newLeadsChannel, (office) => {
        for (const watcher of this.#watchers) {
          if (watcher.offices.has(office)) watcher.send("event: lead\ndata: {}\n\n");
        }
      }),
      await database.listen(staffSessionsChannel, (payload) => {
        const owner = streamOwnerFrom(payload);
        if (owner) this.endFor(owner);
      }),
    );
  }

  /**
   * A stream for one signed-in person's offices, ended when the client goes, the session ends,
   * the person's access changes or the server stops. A session already holding
   * `maxStreamsPerSession` streams is refused (429) rather than its oldest being cut: a tab
   * that works keeps working, and the refused one's EventSource stops instead of fighting it.
   */
  stream(request: StreamRequest, signal: AbortSignal): Response {
    if (this.#countFor({ sessionId: request.sessionId }) >= maxStreamsPerSession) {
      return new Response(
        `This session already has ${maxStreamsPerSession} live desk tabs open. Close one, then reload.`,
        {
          status: 429,
          headers: {
            ...noStore,
            "Content-Type": "text/plain; charset=utf-8",
            "Retry-After": String(tooManyStreamsRetryAfterSeconds),
          },
        },
      );
    }
    const encoder = new TextEncoder();
    let watcher: Watcher | null = null;
    let keepAlive: NodeJS.Timeout | null = null;
    const stop = () => {
      if (keepAlive) clearInterval(keepAlive);
      if (watcher) this.#watchers.delete(watcher);
    };
    const endUnlessGranted = (current: Watcher) => {
      request.stillGranted().then(
        (granted) => {
          if (!granted) current.end();
        },
        // The database is out of reach: the stream says nothing meanwhile, and the next
        // keep-alive asks again.
        () => undefined,
      );
    };
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        const current: Watcher = {
          staffId: request.staffId,
          sessionId: request.sessionId,
          offices: new Set(request.offices),
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
        keepAlive = setInterval(() => {
          current.send(": keep-alive\n\n");
          endUnlessGranted(current);
        }, keepAliveMs);
        keepAlive.unref();
        signal.addEventListener("abort", () => current.end(), { once: true });
        endUnlessGranted(current);
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

  /** Ends the streams of one session or of one person, in this process; how many ended. */
  endFor(owner: StreamOwner): number {
    const ending = [...this.#watchers].filter((watcher) => LiveInbox.#owns(watcher, owner));
    for (const watcher of ending) watcher.end();
    return ending.length;
  }

  /** How many inboxes are open now. */
  get watching(): number {
    return this.#watchers.size;
  }

  /** Ends every stream (a stopping server must not wait for them) and stops listening. */
  async close(): Promise<void> {
    for (const watcher of [...this.#watchers]) watcher.end();
    const stopListening = this.#stopListening;
    this.#stopListening = [];
    // A database already closed (or gone) has stopped telling us anything: nothing to undo.
    await Promise.all(stopListening.map((stop) => stop().catch(() => undefined)));
  }

  /** Ends the open streams only: the server is stopping and waits for requests in flight. */
  endStreams(): void {
    for (const watcher of [...this.#watchers]) watcher.end();
  }

  #countFor(owner: StreamOwner): number {
    let count = 0;
    for (const watcher of this.#watchers) if (LiveInbox.#owns(watcher, owner)) count += 1;
    return count;
  }

  static #owns(watcher: Watcher, owner: StreamOwner): boolean {
    return "sessionId" in owner
      ? watcher.sessionId === owner.sessionId
      : watcher.staffId === owner.staffId;
  }
}
