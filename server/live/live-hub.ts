import type { DatabaseHandle } from "../db/database";
import { newLeadsChannel, requestChangesChannel, staffSessionsChannel } from "../db/notifications";

/**
 * Every open live page's Server-Sent Events stream, in one place: the desk's inbox, lead page and
 * board and a technician's My day (`/office/events`, `/office/day/events`), and the homeowner's
 * private page (`/requests/{token}/events`). The hub listens once per channel to what the request
 * door and the lead writer `NOTIFY` (PostgreSQL `LISTEN`/`NOTIFY`; on PGlite, within the process)
 * and tells each stream that hears the notified topic its one event name; the page then reloads,
 * so nothing but "something changed" travels this way. What a kind of stream hears, sends and may
 * hold is described in `./live-streams.server.ts`; the routes open them here.
 *
 * A stream ends when its client goes, its lifetime runs out, its owner's session ends or their
 * access changes (`staffSessionsChannel`, told by database triggers wherever the change was made),
 * its `stillGranted` check says no, or the server stops.
 *
 * About 270 lines on purpose: a stream's whole life (caps, greeting, keep-alive, checks, endings)
 * is written once here, for every kind of stream.
 */

/** The channels whose notifications streams hear, each with its payload as the topic. */
export type TopicChannel = typeof newLeadsChannel | typeof requestChangesChannel;
const topicChannels: readonly TopicChannel[] = [newLeadsChannel, requestChangesChannel];

/** One thing a stream hears: a notification on `channel` whose payload is `payload`. */
export interface Topic {
  channel: TopicChannel;
  payload: string;
}

/**
 * A bound on the streams open at once in this process: every stream naming the same `counts`
 * is counted together. Each instance counts its own; the point is that one session, one link or
 * a crowd of strangers cannot pile up connections, not an exact total across instances.
 */
export interface StreamCap {
  /** The group counted together (`session:{id}`, `request:{id}`, `request-pages`). */
  counts: string;
  max: number;
  /** What the refused browser is told, with 429 and `Retry-After`. */
  refusal: string;
}

/** Whose streams to end: one session's, or every stream of one person. */
export type StreamOwner = { sessionId: string } | { staffId: string };

/** How one stream is opened: what it hears and sends, how it is bounded and ended. */
export interface LiveStream {
  hears: readonly Topic[];
  /** The Server-Sent Events `event:` name it sends when it hears one of its topics. */
  event: string;
  /** How soon the browser should come back when the stream breaks (a restart, a deploy). */
  retryMs: number;
  /** Refused (429) rather than opened when any of these is already full. */
  caps: readonly StreamCap[];
  /** The signed-in person and session it belongs to, ended by `endFor` when either ends. */
  owner?: { staffId: string; sessionId: string };
  /** Ended after this long; the browser opens a new one. */
  lifetimeMs?: number;
  /**
   * Whether the stream is still granted. Asked once the stream is registered (a session that
   * ended between the sign-in check and now) and at every keep-alive (a notification lost while
   * the database listener reconnected, an expired session). A failure keeps the stream.
   */
  stillGranted?: () => Promise<boolean>;
}

/** A comment line every so often keeps proxies from closing a quiet stream. */
const keepAliveMs = 25_000;

/** How long a refused browser is asked to wait. */
const refusedRetryAfterSeconds = 60;

const privateHeaders = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

const streamHeaders = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: the compression middleware passes it through unbuffered.
  "Cache-Control": "no-store, no-transform",
  "X-Accel-Buffering": "no",
  "X-Robots-Tag": "noindex, nofollow",
};

/**
 * What a request cancelled before its stream opened is answered: its signal aborts only once the
 * connection closed, so nobody reads it; it holds nothing and tells the access log what happened.
 * 499 is nginx's code for a client that closed its request: a 200 that ends at once would count
 * as a stream served, and a standard 4xx would blame a request that was not wrong.
 */
function cancelledAnswer(): Response {
  return new Response("The request was cancelled.", {
    status: 499,
    headers: { ...privateHeaders, "Content-Type": "text/plain; charset=utf-8" },
  });
}

interface Watcher {
  hears: ReadonlySet<string>;
  event: string;
  caps: ReadonlySet<string>;
  owner: LiveStream["owner"];
  send(chunk: string): void;
  end(): void;
}

function topicKey(channel: string, payload: string): string {
  return `${channel}\n${payload}`;
}

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

export class LiveHub {
  readonly #watchers = new Set<Watcher>();
  #stopListening: Array<() => Promise<void>> = [];

  async start(database: Pick<DatabaseHandle, "listen">): Promise<void> {
    for (const channel of topicChannels) {
      this.#stopListening.push(
        await database.listen(channel, (payload) => {
          const key = topicKey(channel, payload);
          for (const watcher of this.#watchers) {
            if (watcher.hears.has(key)) watcher.send(`event: ${watcher.event}\ndata: {}\n\n`);
          }
        }),
      );
    }
    this.#stopListening.push(
      await database.listen(staffSessionsChannel, (payload) => {
        const owner = streamOwnerFrom(payload);
        if (owner) this.endFor(owner);
      }),
    );
  }

  /**
   * Opens `stream` until `signal` aborts, or answers 429 when one of its caps is full. A full cap
   * refuses the newcomer rather than cutting the oldest: a tab that works keeps working, and the
   * refused EventSource stops instead of fighting it. A request cancelled before its stream opens
   * (the client left while the route looked its link up) gets none: an abort already signalled
   * is never heard again, so a stream opened for it would hold its places until its lifetime ran
   * out.
   */
  open(stream: LiveStream, signal: AbortSignal): Response {
    if (signal.aborted) return cancelledAnswer();
    const full = stream.caps.find((cap) => this.#countOf(cap.counts) >= cap.max);
    if (full) {
      return new Response(full.refusal, {
        status: 429,
        headers: {
          ...privateHeaders,
          "Content-Type": "text/plain; charset=utf-8",
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
    const endUnlessGranted = (current: Watcher) => {
      stream.stillGranted?.().then(
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
          hears: new Set(stream.hears.map(({ channel, payload }) => topicKey(channel, payload))),
          event: stream.event,
          caps: new Set(stream.caps.map((cap) => cap.counts)),
          owner: stream.owner,
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
        current.send(`retry: ${stream.retryMs}\n: connected\n\n`);
        const keepAlive = setInterval(() => {
          current.send(": keep-alive\n\n");
          endUnlessGranted(current);
        }, keepAliveMs);
        keepAlive.unref();
        timers.push(keepAlive);
        if (stream.lifetimeMs !== undefined) {
          const lifetime = setTimeout(() => current.end(), stream.lifetimeMs);
          lifetime.unref();
          timers.push(lifetime);
        }
        signal.addEventListener("abort", () => current.end(), { once: true });
        endUnlessGranted(current);
      },
      cancel: stop,
    });
    return new Response(body, { headers: streamHeaders });
  }

  /** Ends the streams of one session or of one person, in this process; how many ended. */
  endFor(owner: StreamOwner): number {
    const ending = [...this.#watchers].filter((watcher) => LiveHub.#owns(watcher, owner));
    for (const watcher of ending) watcher.end();
    return ending.length;
  }

  /** How many streams are open now. */
  get watching(): number {
    return this.#watchers.size;
  }

  /** Ends the open streams only: the server is stopping and waits for requests in flight. */
  endStreams(): void {
    for (const watcher of [...this.#watchers]) watcher.end();
  }

  /** Ends every stream (a stopping server must not wait for them) and stops listening. */
  async close(): Promise<void> {
    this.endStreams();
    const stopListening = this.#stopListening;
    this.#stopListening = [];
    // A database already closed (or gone) has stopped telling us anything: nothing to undo.
    await Promise.all(stopListening.map((stop) => stop().catch(() => undefined)));
  }

  #countOf(counts: string): number {
    let count = 0;
    for (const watcher of this.#watchers) if (watcher.caps.has(counts)) count += 1;
    return count;
  }

  static #owns(watcher: Watcher, owner: StreamOwner): boolean {
    if (!watcher.owner) return false;
    return "sessionId" in owner
      ? watcher.owner.sessionId === owner.sessionId
      : watcher.owner.staffId === owner.staffId;
  }
}
