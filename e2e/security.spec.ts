import { expect, sharedPageTest as test } from "./support/fixtures";

const everyResponseHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

test("every response carries the security headers", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /<link[^>]*rel="stylesheet" href="(\/assets\/[^"]+)"/.exec(html)![1]!;
  for (const url of [
    "/",
    "/services/dryer",
    "/no-such-page",
    asset,
    "/favicon.svg",
    "/api/location",
    "/healthz",
  ]) {
    const response = await request.get(url);
    const headers = response.headers();
    expect(headers, url).toMatchObject(everyResponseHeaders);
    expect(headers["permissions-policy"], url).toContain("camera=()");
    expect(headers["content-security-policy"], url).toContain("object-src 'none'");
    expect(headers["x-powered-by"], url).toBeUndefined();
    expect(headers["set-cookie"], url).toBeUndefined();
  }
});

test("pages get a fresh nonce per response, on every inline and module script", async ({
  request,
}) => {
  const nonces: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await request.get("/contact");
    const policy = response.headers()["content-security-policy"]!;
    for (const directive of [
      "script-src 'nonce-",
      "'strict-dynamic'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    nonces.push(nonce);
    const html = await response.text();
    const executableScripts = [
      ...html.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g),
    ];
    expect(executableScripts.length).toBeGreaterThan(0);
    for (const [tag] of executableScripts) expect(tag).toContain(`nonce="${nonce}"`);
    // The module script and its preload are added after the first paint by a nonced inline
    // script (server/defer-app-scripts.ts); any left in the HTML must carry the nonce too.
    for (const [tag] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)) {
      expect(tag).toContain(`nonce="${nonce}"`);
    }
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("HTTPS responses (behind a proxy) ask for HSTS", async ({ request }) => {
  const response = await request.get("/", { headers: { "X-Forwarded-Proto": "https" } });
  expect(response.headers()["strict-transport-security"]).toBe(
    "max-age=31536000; includeSubDomains",
  );
  const plain = await request.get("/");
  expect(plain.headers()["strict-transport-security"]).toBeUndefined();
});

test("the API refuses cross-site POSTs and no error leaks internals", async ({ request }) => {
  const body = { email: "cross@example.com" };
  const crossSite = await request.post("/api/send-subscribe-email", {
    data: body,
    headers: { Origin: "https://evil.example" },
  });
  expect(crossSite.status()).toBe(403);
  const sameSite = await request.post("/api/send-subscribe-email", {
    data: { email: "same-origin@example.com" },
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(sameSite.status()).toBeLessThan(300);
  const malformed = await request.post("/api/send-email", {
    data: "{not json",
    headers: { "Content-Type": "application/json" },
  });
  expect(malformed.status()).toBe(400);
  const text = await malformed.text();
  expect(text).not.toMatch(/node_modules|\/work\/|at [A-Za-z]+ \(|Error:/);
});
