import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";

import { renderCache } from "./render-cache";

let renders = 0;
let clock = 0;
let origin = "";
let visitor = 0;
const app = express()
  .use(
    renderCache({
      ttlMs: 1_000,
      now: () => clock,
      variantsFor: (path) => (path === "/" ? 3 : 1),
      slots: ["NONCE", "<!--who-->"],
      fill: () => {
        visitor++;
        return [`n${visitor}`, `<b>visitor ${visitor} – Zoë</b>`];
      },
    }),
  )
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
  const first = await fetch(`${origin}/slots`);
  const second = await fetch(`${origin}/slots`);
  expect(second.headers.get("x-render-cache")).toBe("hit");
  expect(renders).toBe(1);
  expect(await first.text()).toBe(
    '<p nonce="n1">café 1</p><b>visitor 1 – Zoë</b><i nonce="n1"></i>',
  );
  const secondBody = await second.text();
  expect(secondBody).toBe('<p nonce="n2">café 1</p><b>visitor 2 – Zoë</b><i nonce="n2"></i>');
  expect(Number(second.headers.get("content-length"))).toBe(Buffer.byteLength(secondBody));
  expect(first.headers.get("etag")).toMatch(/^W\/"[\w-]+"$/);
  expect(second.headers.get("etag")).not.toBe(first.headers.get("etag"));
});
