import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";

import { renderCache } from "./render-cache";

let renders = 0;
let clock = 0;
let origin = "";
let visitor = 0;
let long = "";
const cache = renderCache({
  ttlMs: 1_000,
  maxBytes: 4_000,
  now: () => clock,
  // "/private" did not opt in; "/" keeps three renders; "/page" is keyed by its region only.
  entryFor: (req) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/private") return null;
    const key = `${url.pathname} ${url.searchParams.get("region") ?? ""}`;
    return { key, variants: url.pathname === "/" ? 3 : 1 };
  },
  transform: (html) => html.replace("<p", '<p data-seen=""'),
  slots: ["NONCE", "<!--who-->"],
  fill: () => {
    visitor++;
    return [`n${visitor}`, `<b>visitor ${visitor} – Zoë${long}</b>`];
  },
});
const app = express()
  .use((req, res, next) => {
    if (!cache.serveHit(req, res)) next();
  })
  .use(cache.keepRendered)
  .get("/slots", (_req, res) => {
    renders++;
    res.type("html").send(`<p nonce="NONCE">café ${renders}</p><!--who--><i nonce="NONCE"></i>`);
  })
  .get("/page", (req, res) => {
    renders++;
    res.type("html").send(`<p>render ${renders} ${req.query.region ?? ""}</p>`);
  })
  .get("/", (_req, res) => {
    renders++;
    res.type("html").send(`<p>home ${renders}</p>`);
  })
  .get("/private", (_req, res) => {
    renders++;
    res.type("html").send(`<p nonce="NONCE">private ${renders}</p>`);
  })
  .get("/big/:n", (req, res) => {
    renders++;
    res.type("html").send(`<p>${req.params.n}${randomBytes(450).toString("base64")}</p>`);
  })
  .post("/slots", (_req, res) => {
    renders++;
    res.type("html").send(`<p nonce="NONCE">posted ${renders}</p><!--who-->`);
  })
  .get("/missing", (_req, res) => {
    renders++;
    res.status(404).type("html").send("<p>missing</p>");
  });
const server = app.listen(0, "127.0.0.1");

beforeAll(async () => {
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

test("a page is rendered once per URL while fresh, then again", async () => {
  renders = 0;
  const first = await (await fetch(`${origin}/page?region=Texas`)).text();
  const second = await fetch(`${origin}/page?region=Texas`);
  expect(second.headers.get("x-render-cache")).toBe("hit");
  expect(await second.text()).toBe(first);
  expect(renders).toBe(1);
  await fetch(`${origin}/page?region=Florida`);
  expect(renders).toBe(2);
  clock += 1_001;
  await fetch(`${origin}/page?region=Texas`);
  expect(renders).toBe(3);
});

test("pages that vary on purpose keep several renders", async () => {
  renders = 0;
  const bodies = new Set<string>();
  for (let i = 0; i < 20; i++) bodies.add(await (await fetch(`${origin}/`)).text());
  expect(renders).toBe(3);
  expect(bodies.size).toBe(3);
});

test("errors and non-GET requests are never cached", async () => {
  renders = 0;
  await fetch(`${origin}/missing`);
  await fetch(`${origin}/missing`);
  expect(renders).toBe(2);
});

test("each response fills the kept page's slots with its own values, and its ETag differs", async () => {
  clock += 10_000;
  renders = 0;
  visitor = 0;
  const identity = { headers: { "Accept-Encoding": "identity" } };
  const first = await fetch(`${origin}/slots`, identity);
  const second = await fetch(`${origin}/slots`, identity);
  expect(second.headers.get("x-render-cache")).toBe("hit");
  expect(renders).toBe(1);
  expect(await first.text()).toBe(
    '<p data-seen="" nonce="n1">café 1</p><b>visitor 1 – Zoë</b><i nonce="n1"></i>',
  );
  const secondBody = await second.text();
  expect(secondBody).toBe(
    '<p data-seen="" nonce="n2">café 1</p><b>visitor 2 – Zoë</b><i nonce="n2"></i>',
  );
  expect(Number(second.headers.get("content-length"))).toBe(Buffer.byteLength(secondBody));
  expect(first.headers.get("etag")).toMatch(/^W\/"[\w-]+"$/);
  expect(second.headers.get("etag")).not.toBe(first.headers.get("etag"));
});

test("a page that did not opt in is rendered every time, and still filled and rewritten", async () => {
  renders = 0;
  const first = await fetch(`${origin}/private`);
  const second = await fetch(`${origin}/private`);
  expect(second.headers.get("x-render-cache")).toBeNull();
  expect(renders).toBe(2);
  expect(await first.text()).toMatch(/^<p data-seen="" nonce="n\d+">private 1<\/p>$/);
});

test("the cache holds at most maxBytes, the least recently used pages going first", async () => {
  clock += 10_000;
  renders = 0;
  for (let n = 0; n < 10; n++) await fetch(`${origin}/big/${n}`);
  expect(cache.size().bytes).toBeLessThanOrEqual(4_000);
  expect(cache.size().entries).toBeGreaterThan(1);
  expect(cache.size().entries).toBeLessThan(10);
  // The most recent are kept; the first was dropped.
  expect((await fetch(`${origin}/big/9`)).headers.get("x-render-cache")).toBe("hit");
  expect((await fetch(`${origin}/big/0`)).headers.get("x-render-cache")).toBeNull();
  expect(renders).toBe(11);
});

function rawGet(path: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

test("a hit is sent gzipped from the pieces compressed when it was kept, with its own values", async () => {
  clock += 10_000;
  renders = 0;
  await fetch(`${origin}/slots`);
  const zipped = await rawGet("/slots", "gzip, deflate, br");
  expect(zipped.headers["x-render-cache"]).toBe("hit");
  expect(zipped.headers["content-encoding"]).toBe("gzip");
  expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
  const text = gunzipSync(zipped.body).toString("utf8");
  expect(text).toMatch(
    /^<p data-seen="" nonce="(n\d+)">café 1<\/p><b>visitor \d+ – Zoë<\/b><i nonce="\1"><\/i>$/,
  );
  expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);

  const plain = await rawGet("/slots", "identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString("utf8")).toMatch(/^<p data-seen="" nonce="n\d+">café 1<\/p>/);
  expect(renders).toBe(1);
});

test("a long slot value is split into several stored blocks", async () => {
  clock += 10_000;
  long = "é".repeat(70_000);
  await fetch(`${origin}/slots`);
  const zipped = await rawGet("/slots", "gzip");
  expect(zipped.headers["x-render-cache"]).toBe("hit");
  expect(gunzipSync(zipped.body).toString("utf8")).toContain(long);
  long = "";
});

test("a page answering a POST is filled with its own values and never kept", async () => {
  clock += 10_000;
  renders = 0;
  const first = await (await fetch(`${origin}/slots`, { method: "POST" })).text();
  const second = await fetch(`${origin}/slots`, { method: "POST" });
  expect(second.headers.get("x-render-cache")).toBeNull();
  expect(first).toMatch(/^<p data-seen="" nonce="n\d+">posted 1<\/p><b>visitor \d+ – Zoë<\/b>$/);
  expect(await second.text()).toContain("posted 2");
});
