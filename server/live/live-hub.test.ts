import path from "node:path";
import { randomUUID } from "node:crypto";

import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { openDatabase, type DatabaseHandle } from "../db/database";
import { newLeadsChannel, requestChangesChannel, staffSessionsChannel } from "../db/notifications";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { waitUntil } from "../test-support/fixtures";
import { LiveHub } from "./live-hub";
import {
  deskStream,
  maxRequestPageStreams,
  maxStreamsPerRequest,
  maxStreamsPerSession,
  requestPageStream,
} from "./live-streams";

// One hub for every live page: each kind of stream keeps its own bounds (per session, per request,
// homeowners' pages per process), hears only its topics and ends with its owner's session.

const hubs: LiveHub[] = [];
const aborts: AbortController[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const abort of aborts.splice(0)) abort.abort();
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
});

function newHub() {
  const hub = new LiveHub();
  hubs.push(hub);
  return hub;
}

function signal() {
  const abort = new AbortController();
  aborts.push(abort);
  return abort.signal;
}

function desk(sessionId: string, staffId = randomUUID(), offices = ["texas" as const]) {
  return deskStream({ staffId, sessionId, offices, stillGranted: () => Promise.resolve(true) });
}

async function expectRefused(answer: Response, message: string) {
  expect(answer.status).toBe(429);
  expect(answer.headers.get("Retry-After")).toBe("60");
  expect(answer.headers.get("Cache-Control")).toBe("no-store");
  expect(answer.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  expect(answer.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  expect(await answer.text()).toBe(message);
}

const tooManyPages = "Too many pages follow this request live. Reload to see it.";

test("a stream answers as an unbuffered, private event stream and asks the browser back", async () => {
  const hub = newHub();
  for (const [answer, retry] of [
    [hub.open(desk(randomUUID()), signal()), "retry: 2000"],
    [hub.open(requestPageStream(randomUUID()), signal()), "retry: 5000"],
  ] as const) {
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(answer.headers)).toEqual({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
      "x-robots-tag": "noindex, nofollow",
    });
    const first = await answer.body!.getReader().read();
    expect(new TextDecoder().decode(first.value)).toBe(`${retry}\n: connected\n\n`);
  }
});

test(`a session holds ${maxStreamsPerSession} streams; the next is refused until one closes`, async () => {
  expect(maxStreamsPerSession).toBe(5);
  const hub = newHub();
  const sessionId = randomUUID();
  const staffId = randomUUID();
  const five = [1, 2, 3, 4, 5].map(() => new AbortController());
  for (const abort of five) {
    aborts.push(abort);
    expect(hub.open(desk(sessionId, staffId), abort.signal).status).toBe(200);
  }
  await expectRefused(
    hub.open(desk(sessionId, staffId), signal()),
    "This session already has 5 live desk tabs open. Close one, then reload.",
  );
  // The same person's other session, and a homeowner, count apart.
  expect(hub.open(desk(randomUUID(), staffId), signal()).status).toBe(200);
  expect(hub.open(requestPageStream(randomUUID()), signal()).status).toBe(200);
  five[0]!.abort();
  expect(hub.open(desk(sessionId, staffId), signal()).status).toBe(200);
  expect(hub.watching).toBe(7);
});

test(`a request is followed by ${maxStreamsPerRequest} pages; the next is refused until one closes`, async () => {
  expect(maxStreamsPerRequest).toBe(3);
  const hub = newHub();
  const requestId = randomUUID();
  const three = [1, 2, 3].map(() => new AbortController());
  for (const abort of three) {
    aborts.push(abort);
    expect(hub.open(requestPageStream(requestId), abort.signal).status).toBe(200);
  }
  await expectRefused(hub.open(requestPageStream(requestId), signal()), tooManyPages);
  expect(hub.open(requestPageStream(randomUUID()), signal()).status).toBe(200);
  three[0]!.abort();
  expect(hub.open(requestPageStream(requestId), signal()).status).toBe(200);
});

test(`the process follows ${maxRequestPageStreams} homeowners' pages at most; the desk is not counted`, async () => {
  expect(maxRequestPageStreams).toBe(500);
  const hub = newHub();
  const first = new AbortController();
  aborts.push(first);
  expect(hub.open(requestPageStream(randomUUID()), first.signal).status).toBe(200);
  // Two pages a request, so the per-request bound refuses none of these.
  const requestIds = Array.from({ length: maxRequestPageStreams / 2 }, () => randomUUID());
  for (let page = 1; page < maxRequestPageStreams; page += 1) {
    const requestId = requestIds[Math.floor(page / 2)]!;
    expect(hub.open(requestPageStream(requestId), signal()).status).toBe(200);
  }
  expect(hub.watching).toBe(maxRequestPageStreams);
  await expectRefused(hub.open(requestPageStream(randomUUID()), signal()), tooManyPages);
  expect(hub.open(desk(randomUUID()), signal()).status).toBe(200);
  first.abort();
  expect(hub.open(requestPageStream(randomUUID()), signal()).status).toBe(200);
});

test("a homeowner's stream ends after 15 minutes; a desk stream does not", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  const hub = newHub();
  hub.open(requestPageStream(randomUUID()), signal());
  hub.open(desk(randomUUID()), signal());
  expect(hub.watching).toBe(2);
  vi.advanceTimersByTime(15 * 60_000 - 1);
  expect(hub.watching).toBe(2);
  vi.advanceTimersByTime(1);
  expect(hub.watching).toBe(1);
});

test("a keep-alive whose check says no ends the desk stream; a failing check keeps it", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  const hub = newHub();
  let granted: Promise<boolean> = Promise.resolve(true);
  const stillGranted = () => granted;
  const request = { staffId: randomUUID(), sessionId: randomUUID(), offices: ["texas" as const] };
  hub.open(deskStream({ ...request, stillGranted }), signal());
  await vi.advanceTimersByTimeAsync(25_000);
  expect(hub.watching).toBe(1);
  granted = Promise.reject(new Error("The database is out of reach"));
  granted.catch(() => undefined);
  await vi.advanceTimersByTimeAsync(25_000);
  expect(hub.watching).toBe(1);
  granted = Promise.resolve(false);
  await vi.advanceTimersByTimeAsync(25_000);
  expect(hub.watching).toBe(0);
});

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`The live hub on ${database.label}`, () => {
    let instance: TestDatabaseInstance;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      instance = await database.create();
      handle = await openDatabase({
        databaseUrl: instance.env.DATABASE_URL,
        pgliteDir: path.join(instance.env.DATA_DIR!, "db"),
      });
    });
    afterAll(async () => {
      await handle?.close();
      await instance?.drop();
    });

    const notify = (channel: string, payload: string) =>
      handle.db.execute(sql`select pg_notify(${channel}, ${payload})`);

    /** What the stream says after its greeting, and whether the server has ended it. */
    function listenTo(answer: Response) {
      const reader = answer.body!.getReader();
      const decoder = new TextDecoder();
      const stream = { heard: "", ended: false };
      void (async () => {
        await reader.read();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          stream.heard += decoder.decode(chunk.value);
        }
        stream.ended = true;
      })();
      return stream;
    }

    test("each stream hears its own topics, by its own event name", async () => {
      const hub = newHub();
      await hub.start(handle);
      const requestId = randomUUID();
      const texasDesk = listenTo(hub.open(desk(randomUUID()), signal()));
      const page = listenTo(hub.open(requestPageStream(requestId), signal()));
      // A channel's notifications arrive in order: once a stream hears its own, the other
      // topic's notice sent before it on that channel has passed it by.
      await notify(newLeadsChannel, "florida");
      await notify(requestChangesChannel, randomUUID());
      await notify(requestChangesChannel, requestId);
      await notify(newLeadsChannel, "texas");
      await waitUntil(() => page.heard !== "" && texasDesk.heard !== "", 5_000);
      expect(page.heard).toBe("event: change\ndata: {}\n\n");
      expect(texasDesk.heard).toBe("event: lead\ndata: {}\n\n");
    });

    test("a session's end on staffSessionsChannel ends its streams; a person's end ends all of theirs", async () => {
      const hub = newHub();
      await hub.start(handle);
      const staffId = randomUUID();
      const [signingOut, staying] = [randomUUID(), randomUUID()];
      const ending = listenTo(hub.open(desk(signingOut, staffId), signal()));
      const kept = listenTo(hub.open(desk(staying, staffId), signal()));
      const someoneElse = listenTo(hub.open(desk(randomUUID()), signal()));
      const page = listenTo(hub.open(requestPageStream(randomUUID()), signal()));
      await notify(staffSessionsChannel, JSON.stringify({ staffId, sessionId: signingOut }));
      await waitUntil(() => ending.ended, 5_000);
      expect(hub.watching).toBe(3);
      expect(kept.ended).toBe(false);
      await notify(staffSessionsChannel, JSON.stringify({ staffId }));
      await waitUntil(() => kept.ended, 5_000);
      expect(someoneElse.ended).toBe(false);
      expect(page.ended).toBe(false);
      expect(hub.watching).toBe(2);
    });
  });
}
