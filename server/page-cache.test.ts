import { afterAll, beforeAll, expect, test } from "vitest";

import { stateTestAddresses } from "./geo/test-addresses";
import { testDatabases } from "./test-support/databases";
import { startTestServer, type TestServer } from "./test-support/server";

// The page cache of the real app, rendering the real routes: only the embedded database is needed.
const [pglite] = await testDatabases();
let server: TestServer;

// Kept for 30 minutes: no entry may expire while a test runs (10,000 GETs took 62 s on a slow
// morning, past a one-minute lifetime, and 6 of them were rendered again).
beforeAll(async () => {
  server = await startTestServer({
    database: pglite!,
    withPages: true,
    pageCacheTtlMs: 30 * 60_000,
  });
});
afterAll(async () => {
  await server?.close();
});

async function readAll(response: Response) {
  await response.arrayBuffer();
  return response;
}

function get(path: string, ip: string = stateTestAddresses.Texas) {
  return fetch(`${server.baseUrl}${path}`, { headers: { "X-Forwarded-For": ip } });
}

/** The hydration data and the visitor's own location element, as a browser would read them. */
function visitorDataIn(html: string) {
  const location = /<script type="application\/json" id="[^"]+">(.*?)<\/script>/.exec(html);
  return {
    detectedLocation: JSON.parse(location?.[1] ?? "null") as { region?: string; ip?: string },
    detectedStateInRender: /detectedState\\?"?,\\?"([A-Za-z ]+)\\?"/.exec(html)?.[1] ?? null,
  };
}

test("a page that did not opt in is never kept, nor stored by the browser", async () => {
  for (const path of ["/unsubscribe?token=abc", "/location"]) {
    const first = await get(path);
    await first.text();
    const second = await get(path);
    await second.text();
    expect(second.headers.get("x-render-cache"), path).toBeNull();
    expect(second.headers.get("cache-control"), path).toBe("no-store");
  }
});

// 1,000 home pages of ~100 KB would be more than three times the cache's 32 MB: had the query string been
// part of the key, entries would be added (and others pushed out), which the last line sees.
test("1,000 distinct query strings on / add no entries", { timeout: 120_000 }, async () => {
  // Home keeps a few renders of its random reviews: fill them first.
  while ((await get("/?region=Texas").then(readAll)).headers.get("x-render-cache") !== "hit");
  const started = performance.now();
  const before = server.serverApp.pageCache.size();
  const paths = Array.from({ length: 1_000 }, (_, n) => `/?region=Texas&q=${n}-${Math.random()}`);
  let hits = 0;
  for (let start = 0; start < paths.length; start += 50) {
    const responses = await Promise.all(paths.slice(start, start + 50).map((path) => get(path)));
    for (const response of responses) {
      if (response.headers.get("x-render-cache") === "hit") hits++;
      await response.arrayBuffer();
    }
  }
  console.log(`1,000 GETs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  expect(hits).toBe(1_000);
  expect(server.serverApp.pageCache.size().entries).toBe(before.entries);
});

test("values that are not canonical are rendered for their request and never kept", async () => {
  const before = server.serverApp.pageCache.size();
  for (let n = 0; n < 20; n++) {
    const response = await get(`/brands?region=Nowhere${n}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-render-cache")).toBeNull();
    await response.text();
  }
  expect(server.serverApp.pageCache.size()).toEqual(before);
});

test("a page drawn for a visitor in Virginia, asked for with ?region=Texas from Florida, carries nothing of the first", async () => {
  const path = "/reviews?region=Texas";
  const first = await get(path, stateTestAddresses.Virginia);
  const firstHtml = await first.text();
  expect(first.headers.get("x-render-cache")).toBeNull();
  expect(visitorDataIn(firstHtml).detectedLocation.region).toBe("Virginia");

  const second = await get(path, stateTestAddresses.Florida);
  const secondHtml = await second.text();
  expect(second.headers.get("x-render-cache")).toBe("hit");
  const seen = visitorDataIn(secondHtml);
  expect(seen.detectedLocation.region).toBe("Florida");
  expect(seen.detectedLocation.ip).toBe(stateTestAddresses.Florida);
  expect(seen.detectedStateInRender).toBeNull();
  expect(secondHtml).not.toContain(stateTestAddresses.Virginia);
  expect(secondHtml).not.toMatch(/Charlottesville/i);
});

test("without ?region= each detected state has its own entry", async () => {
  const fromVirginia = await (await get("/brands", stateTestAddresses.Virginia)).text();
  const fromFlorida = await get("/brands", stateTestAddresses.Florida);
  expect(fromFlorida.headers.get("x-render-cache")).toBeNull();
  const floridaHtml = await fromFlorida.text();
  expect(visitorDataIn(fromVirginia).detectedStateInRender).toBe("Virginia");
  expect(visitorDataIn(floridaHtml).detectedStateInRender).toBe("Florida");
  const again = await get("/brands", stateTestAddresses.Florida);
  expect(again.headers.get("x-render-cache")).toBe("hit");
  expect(visitorDataIn(await again.text()).detectedStateInRender).toBe("Florida");
});
