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
  maxStreamsPerClient,
  maxStreamsPerRequest,
  maxStreamsPerSession,
  requestPageStream,
} from "./live-streams.server";

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

let clients = 0;

/** A homeowner's page of `requestId`, opened from `client` (an address of its own unless given). */
function page(requestId = randomUUID(), client?: string) {
  clients += 1;
  return requestPageStream(requestId, client ?? `10.0.${(clients >> 8) & 255}.${clients & 255}`);
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
const tooManyFromClient =
  "Too many live pages are open from your connection. Close one, then reload this page.";

test("a stream answers as an unbuffered, private event stream and asks the browser back", async () => {
  const hub = newHub();
  for (const [answer, retry] of [
    [hub.open(desk(randomUUID()), signal()), "retry: 2000"],
    [hub.open(page(randomUUID()), signal()), "retry: 5000"],
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
  expect(hub.open(page(randomUUID()), signal()).status).toBe(200);
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
    expect(hub.open(page(requestId), abort.signal).status).toBe(200);
  }
  await expectRefused(hub.open(page(requestId), signal()), tooManyPages);
  expect(hub.open(page(randomUUID()), signal()).status).toBe(200);
  three[0]!.abort();
  expect(hub.open(page(requestId), signal()).status).toBe(200);
});

test(`one client address follows ${maxStreamsPerClient} homeowners' pages, whatever their requests; the next is refused until one closes`, async () => {
  expect(maxStreamsPerClient).toBe(6);
  const hub = newHub();
  const client = "2001:db8:35:6::/64";
  const requestIds = [randomUUID(), randomUUID(), randomUUID()];
  const six = Array.from({ length: 6 }, () => new AbortController());
  six.forEach((abort, index) => {
    aborts.push(abort);
    expect(hub.open(page(requestIds[index % 3], client), abort.signal).status).toBe(200);
  });
  await expectRefused(hub.open(page(randomUUID(), client), signal()), tooManyFromClient);
  // Another address, and the desk, count apart.
  expect(hub.open(page(requestIds[0], "2001:db8:35:7::/64"), signal()).status).toBe(200);
  expect(hub.open(desk(randomUUID()), signal()).status).toBe(200);
  six[0]!.abort();
  expect(hub.open(page(randomUUID(), client), signal()).status).toBe(200);
  await expectRefused(hub.open(page(randomUUID(), client), signal()), tooManyFromClient);
  expect(hub.watching).toBe(8);
});

test("a request already cancelled gets no stream: 499 at once, nothing held, no place taken", async () => {
  const hub = newHub();
  const client = "198.51.100.7";
  const requestId = randomUUID();
  for (let attempt = 0; attempt < maxStreamsPerClient + 1; attempt += 1) {
    const gone = new AbortController();
    gone.abort();
    const answer = hub.open(page(requestId, client), gone.signal);
    expect(answer.status).toBe(499);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.text()).toBe("The request was cancelled.");
  }
  const desks = new AbortController();
  desks.abort();
  expect(hub.open(desk(randomUUID()), desks.signal).status).toBe(499);
  expect(hub.watching).toBe(0);
  // Nothing was counted: the same request and address still get their streams.
  for (let stream = 0; stream < maxStreamsPerRequest; stream += 1) {
    expect(hub.open(page(requestId, client), signal()).status).toBe(200);
  }
});

test(`the process follows ${maxRequestPageStreams} homeowners' pages at most; the desk is not counted`, async () => {
  expect(maxRequestPageStreams).toBe(500);
  const hub = newHub();
  const first = new AbortController();
  aborts.push(first);
  expect(hub.open(page(randomUUID()), first.signal).status).toBe(200);
  // Two pages a request, each from its own address, so no other bound refuses any of these.
  const requestIds = Array.from({ length: maxRequestPageStreams / 2 }, () => randomUUID());
  for (let opened = 1; opened < maxRequestPageStreams; opened += 1) {
    const requestId = requestIds[Math.floor(opened / 2)]!;
    expect(hub.open(page(requestId), signal()).status).toBe(200);
  }
  expect(hub.watching).toBe(maxRequestPageStreams);
  await expectRefused(hub.open(page(randomUUID()), signal()), tooManyPages);
  expect(hub.open(desk(randomUUID()), signal()).status).toBe(200);
  first.abort();
  expect(hub.open(page(randomUUID()), signal()).status).toBe(200);
});

test("a homeowner's stream ends after 15 minutes; a desk stream does not", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  const hub = newHub();
  hub.open(page(randomUUID()), signal());
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
      const homeowner = listenTo(hub.open(page(requestId), signal()));
      // A channel's notifications arrive in order: once a stream hears its own, the other
      // topic's notice sent before it on that channel has passed it by.
      await notify(newLeadsChannel, "florida");
      await notify(requestChangesChannel, randomUUID());
      await notify(requestChangesChannel, requestId);
      await notify(newLeadsChannel, "texas");
      await waitUntil(() => homeowner.heard !== "" && texasDesk.heard !== "", 5_000);
      expect(homeowner.heard).toBe("event: change\ndata: {}\n\n");
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
      const homeowner = listenTo(hub.open(page(randomUUID()), signal()));
      await notify(staffSessionsChannel, JSON.stringify({ staffId, sessionId: signingOut }));
      await waitUntil(() => ending.ended, 5_000);
      expect(hub.watching).toBe(3);
      expect(kept.ended).toBe(false);
      await notify(staffSessionsChannel, JSON.stringify({ staffId }));
      await waitUntil(() => kept.ended, 5_000);
      expect(someoneElse.ended).toBe(false);
      expect(homeowner.ended).toBe(false);
      expect(hub.watching).toBe(2);
    });
  });
}
