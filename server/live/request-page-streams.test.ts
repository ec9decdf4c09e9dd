import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { testDatabases } from "../test-support/databases";
import { serviceRequest, waitUntil } from "../test-support/fixtures";
import { startTestServer, type TestServer } from "../test-support/server";
import { maxStreamsPerClient, maxStreamsPerRequest } from "./live-streams.server";

// The homeowners' private pages' live streams, opened at once from one client, as a script with
// a handful of links (or one link reloaded in many tabs) would: the client is its address as every
// other limit knows it (an IPv6 address by its /64), behind the proxy the app trusts.

const [database] = await testDatabases();

describe.skipIf(!database?.available)("The private pages' streams from one client", () => {
  let server: TestServer;
  const links: string[] = [];
  const aborts: AbortController[] = [];

  beforeAll(async () => {
    server = await startTestServer({ database: database!, withPages: true });
    for (let booked = 0; booked < 5; booked += 1) {
      const answer = await server.post("/api/send-email", serviceRequest());
      expect(answer.status).toBe(201);
      const { requestUrl } = (await answer.json()) as { requestUrl: string };
      links.push(`${new URL(requestUrl).pathname}/events`);
    }
  });
  afterAll(async () => {
    for (const abort of aborts) abort.abort();
    await server?.close();
  });

  /** Opens `link`'s stream as the browser's EventSource would, from `address`. */
  async function open(link: string, address: string) {
    const abort = new AbortController();
    aborts.push(abort);
    const answer = await fetch(`${server.baseUrl}${link}`, {
      headers: { Accept: "text/event-stream", "X-Forwarded-For": address },
      signal: abort.signal,
    });
    return { link, answer, close: () => abort.abort() };
  }

  test(`ten streams at once from one /64 over four links: exactly ${maxStreamsPerClient} open, the rest 429 with Retry-After, until one closes`, async () => {
    expect(maxStreamsPerClient).toBe(6);
    // Ten addresses of one /64 over the first four links: 3, 3, 2 and 2 streams, so the bound
    // of a link (3) refuses none of them.
    expect(maxStreamsPerRequest).toBe(3);
    const opened = await Promise.all(
      Array.from({ length: 10 }, (_, stream) =>
        open(links[stream % 4]!, `2001:db8:35:6::${(stream + 1).toString(16)}`),
      ),
    );
    const accepted = opened.filter(({ answer }) => answer.status === 200);
    const refused = opened.filter(({ answer }) => answer.status !== 200);
    expect(accepted).toHaveLength(maxStreamsPerClient);
    for (const { answer } of accepted) {
      expect(answer.headers.get("content-type")).toMatch(/^text\/event-stream/);
    }
    expect(refused.map(({ answer }) => answer.status)).toEqual([429, 429, 429, 429]);
    for (const { answer } of refused) {
      expect(answer.headers.get("retry-after")).toBe("60");
      expect(await answer.text()).toBe(
        "Too many live pages are open from your connection. Close one, then reload this page.",
      );
    }

    // Another client is not held back by this one.
    const neighbour = await open(links[3]!, "2001:db8:35:7::1");
    expect(neighbour.answer.status).toBe(200);
    neighbour.close();

    // A closed stream gives its place back (the server hears of it when the connection goes),
    // and only that one: the next is refused again, on a link nobody follows.
    const closed = accepted[0]!;
    closed.close();
    let reopened = false;
    await waitUntil(async () => {
      const attempt = await open(closed.link, "2001:db8:35:6::ff");
      reopened = attempt.answer.status === 200;
      if (!reopened) attempt.close();
      return reopened;
    }, 5_000);
    const over = await open(links[4]!, "2001:db8:35:6::fe");
    expect(over.answer.status).toBe(429);
  });

  test("a cancelled request's page streams nothing: 204, which tells an EventSource to stop", async () => {
    const answer = await server.post("/api/send-email", serviceRequest());
    expect(answer.status).toBe(201);
    const { requestUrl } = (await answer.json()) as { requestUrl: string };
    const page = new URL(requestUrl).pathname;
    const live = await open(`${page}/events`, "192.0.2.35");
    expect(live.answer.status).toBe(200);
    live.close();
    const cancelled = await fetch(`${server.baseUrl}${page}`, {
      method: "POST",
      headers: { "X-Forwarded-For": "192.0.2.35" },
      body: new URLSearchParams({ intent: "cancel" }),
      redirect: "manual",
    });
    expect(cancelled.status).toBeLessThan(400);
    const after = await open(`${page}/events`, "192.0.2.36");
    expect(after.answer.status).toBe(204);
    expect(after.answer.headers.get("cache-control")).toMatch(/no-store/);
  });
});
