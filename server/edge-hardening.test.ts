import { randomUUID } from "node:crypto";
import http from "node:http";

import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { tooFarAheadMessage } from "~/domain/service-request";

import { parseConfig } from "./config";
import { requestPhotos, serviceRequests } from "./db/schema";
import { addStaff } from "./desk/staff-accounts.server";
import { authSecret, createStaffAuth } from "./desk/staff-auth";
import { testDatabases } from "./test-support/databases";
import { serviceRequest } from "./test-support/fixtures";
import {
  freshClientIp,
  startTestServer,
  testSiteUrl,
  type TestServer,
} from "./test-support/server";

// What a stranger can send to the edge of the app: bodies it cannot read, methods it does not
// serve, addresses beyond any sense, foreign hosts and sites. Each is a 4xx and at most one line
// in the log, never a stack; and the smaller holes (Retry-After, one nosniff, /readyz) stay shut.

const pglite = (await testDatabases()).find((database) => database.label === "PGlite")!;

// Far from any midnight in the six offices: "today" is 2031-03-10 everywhere.
const clock = new Date("2031-03-10T17:00:00Z");
const password = "a long staff password";

interface RawAnswer {
  status: number;
  /** Header names as sent, lower-cased, once per occurrence. */
  headerNames: string[];
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request as any client can write it (any method, any Host), over a fresh connection. */
function raw(
  baseUrl: string,
  path: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const target = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method,
        agent: false,
        // An empty X-Forwarded-For sends none: the client is the socket's (loopback) peer.
        headers: Object.fromEntries(
          Object.entries({
            "X-Forwarded-For": freshClientIp(),
            // A body always says its length (Node sends OPTIONS, DELETE and TRACE unframed).
            ...(body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) }),
            ...headers,
          }).filter(([, value]) => value !== ""),
        ),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headerNames: response.rawHeaders
              .filter((_, index) => index % 2 === 0)
              .map((name) => name.toLowerCase()),
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** What the server writes to the console while `work` runs. */
async function logsOf(work: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const keep = (...parts: unknown[]) => {
    lines.push(parts.map((part) => (part instanceof Error ? part.stack : String(part))).join(" "));
  };
  const spies = [
    vi.spyOn(console, "error").mockImplementation(keep),
    vi.spyOn(console, "warn").mockImplementation(keep),
  ];
  try {
    await work();
    // A line written just after the answer (a handler's log) still counts.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines;
}

function expectNoStack(lines: string[], requests: number) {
  expect(lines.length, lines.join("\n")).toBeLessThanOrEqual(requests);
  for (const line of lines) {
    expect(line, line).not.toMatch(/\n\s*at /);
    expect(line.split("\n"), line).toHaveLength(1);
  }
}

const brokenMultipart = {
  "Content-Type": "multipart/form-data; boundary=----edge",
  body: '------edge\r\nContent-Disposition: form-data; name="email"\r\n\r\nno end',
};

describe("The edge of the app", () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({
      database: pglite,
      withPages: true,
      now: () => clock,
      env: { RATE_LIMIT_MAX: "1", BOOKING_DAYS_AHEAD: "90" },
    });
    const { db } = server.serverApp.database;
    const auth = createStaffAuth({ db, siteUrl: testSiteUrl, secret: await authSecret(db) });
    const email = `owner-${randomUUID()}@example.com`;
    await addStaff(db, auth, { email, role: "owner", offices: [], password });
    const signedIn = await fetch(`${server.baseUrl}/office/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "X-Forwarded-For": freshClientIp() },
      body: new URLSearchParams({ email, password }),
    });
    expect(signedIn.status).toBe(302);
    cookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe("bodies it cannot read: 400, one line at most, no stack", () => {
    const formPaths = [
      "/contact",
      "/newsletter",
      "/modals/schedule",
      "/contact.data",
      "/office/sign-in",
      "/office/sign-in.data",
      "/office",
      "/office/subscribers",
      "/office/staff",
      "/office/account",
      "/office/privacy/export",
    ];

    test.each(formPaths)("a broken multipart body to %s", async (path) => {
      let status = 0;
      const lines = await logsOf(async () => {
        ({ status } = await raw(server.baseUrl, path, {
          method: "POST",
          headers: { "Content-Type": brokenMultipart["Content-Type"], Cookie: cookie },
          body: brokenMultipart.body,
        }));
      });
      expect(status).toBe(400);
      expectNoStack(lines, 1);
    });

    test.each(formPaths)("a multipart body without a boundary to %s", async (path) => {
      let status = 0;
      const lines = await logsOf(async () => {
        ({ status } = await raw(server.baseUrl, path, {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data", Cookie: cookie },
          body: "garbage",
        }));
      });
      expect(status).toBe(400);
      expectNoStack(lines, 1);
    });

    test.each(formPaths)("JSON (or no type at all) to %s", async (path) => {
      const answers: number[] = [];
      const lines = await logsOf(async () => {
        for (const type of ["application/json", "text/plain", ""]) {
          const headers: Record<string, string> = { Cookie: cookie };
          if (type) headers["Content-Type"] = type;
          answers.push(
            (await raw(server.baseUrl, path, { method: "POST", headers, body: "{" })).status,
          );
        }
      });
      for (const status of answers) expect([400, 415]).toContain(status);
      expectNoStack(lines, 3);
    });

    test("urlencoded garbage to a desk form is a 400 with the form's messages", async () => {
      let answer: RawAnswer | undefined;
      const lines = await logsOf(async () => {
        answer = await raw(server.baseUrl, "/office/sign-in", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "%%%&&==%zz%E0%A4%A&email=%FF%FE",
        });
      });
      expect(answer?.status).toBe(400);
      expectNoStack(lines, 1);
    });

    test("invalid JSON, a wrong type and a body too large to the API", async () => {
      const answers: number[] = [];
      const lines = await logsOf(async () => {
        for (const [type, body] of [
          ["application/json", "{not json"],
          ["application/json; charset=klingon", "{}"],
          ["multipart/form-data; boundary=x", "--x\r\n"],
          ["application/json", JSON.stringify({ notes: "x".repeat(40_000) })],
        ] as const) {
          answers.push(
            (
              await raw(server.baseUrl, "/api/send-email", {
                method: "POST",
                headers: { "Content-Type": type },
                body,
              })
            ).status,
          );
        }
      });
      expect(answers).toEqual([400, 415, 415, 413]);
      expectNoStack(lines, 4);
    });
  });

  test("a flood of 300 bad requests at once: every one a 4xx, not one line in the log", async () => {
    const kinds: [string, { method: string; headers?: Record<string, string>; body?: string }][] = [
      [
        "/office/staff",
        {
          method: "POST",
          headers: { "Content-Type": brokenMultipart["Content-Type"] },
          body: brokenMultipart.body,
        },
      ],
      ["/office/sign-in", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "{" }],
      ["/contact", { method: "OPTIONS" }],
      ["/services", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x" }],
      ["/%E0%A4%A", { method: "GET" }],
      ["/api/availability?office=texas&from=9999-12-01&days=7", { method: "GET" }],
      ["/office?page=abc", { method: "GET" }],
      [
        "/api/send-email",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" },
      ],
      ["/", { method: "GET", headers: { Host: "rebind.attacker.example" } }],
      ["/contact", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" }, body: "a=b" }],
    ];
    let statuses: number[] = [];
    const lines = await logsOf(async () => {
      statuses = await Promise.all(
        Array.from({ length: 300 }, async (_, index) => {
          const [path, { method, headers = {}, body }] = kinds[index % kinds.length]!;
          const answer = await raw(server.baseUrl, path, {
            method,
            headers: { ...headers, Cookie: cookie },
            body,
          });
          return answer.status;
        }),
      );
    });
    expect(statuses.filter((status) => status < 400 || status >= 500)).toEqual([]);
    expect(lines).toEqual([]);
  });

  describe("methods a route does not serve: 405 with Allow", () => {
    const cases: [method: string, path: string, allow: string][] = [
      ["OPTIONS", "/", "GET, HEAD"],
      ["TRACE", "/", "GET, HEAD"],
      ["PUT", "/contact", "GET, HEAD, POST"],
      ["DELETE", "/contact", "GET, HEAD, POST"],
      ["PATCH", "/services", "GET, HEAD"],
      ["OPTIONS", "/office", "GET, HEAD, POST"],
      ["PROPFIND", "/reviews", "GET, HEAD"],
      ["DELETE", "/sitemap.xml", "GET, HEAD"],
      ["POST", "/services", "GET, HEAD"],
      ["POST", "/", "GET, HEAD"],
      ["POST", "/no-such-page", "GET, HEAD"],
      ["POST", "/robots.txt", "GET, HEAD"],
      ["POST", "/services.data", "GET, HEAD"],
      ["OPTIONS", "/api/send-email", "POST"],
      ["PUT", "/api/availability", "GET, HEAD"],
      ["TRACE", "/api/availability", "GET, HEAD"],
    ];

    test.each(cases)("%s %s", async (method, path, allow) => {
      let answer: RawAnswer | undefined;
      const lines = await logsOf(async () => {
        answer = await raw(server.baseUrl, path, {
          method,
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: method === "GET" ? undefined : "a=b",
        });
      });
      expect(answer?.status, answer?.body).toBe(405);
      expect(answer?.headers.allow).toBe(allow);
      expectNoStack(lines, 1);
    });
  });

  describe("addresses beyond sense", () => {
    test.each(["/office?page=abc", "/office?page=0", "/office?page=1e9", "/office?page=2.5"])(
      "%s is a 400",
      async (path) => {
        let status = 0;
        const lines = await logsOf(async () => {
          ({ status } = await raw(server.baseUrl, path, { headers: { Cookie: cookie } }));
        });
        expect(status).toBe(400);
        expectNoStack(lines, 1);
      },
    );

    test.each(["/office/subscribers?page=abc", "/office/subscribers?page=-1"])(
      "%s is a 400",
      async (path) => {
        const { status } = await raw(server.baseUrl, path, { headers: { Cookie: cookie } });
        expect(status).toBe(400);
      },
    );

    test("the desk's pages still answer page 1 and page 2", async () => {
      for (const path of ["/office", "/office?page=2", "/office/subscribers?page=1"]) {
        const { status } = await raw(server.baseUrl, path, { headers: { Cookie: cookie } });
        expect(status, path).toBe(200);
      }
    });

    test("an address with a malformed escape is a 400, not three warnings", async () => {
      const paths = ["/%E0%A4%A", "/services/%E0%A4%A", "/office/leads/%E0%A4%A", "/api/%E0%A4%A"];
      const lines = await logsOf(async () => {
        for (const path of paths) {
          const { status } = await raw(server.baseUrl, path, { headers: { Cookie: cookie } });
          expect(status, path).toBe(400);
        }
      });
      expect(lines).toEqual([]);
    });

    test("/api/availability: a date out of range, a bad office or a bad count is a 400", async () => {
      const refused = [
        "office=texas&from=9999-12-01&days=7",
        "office=texas&from=1900-01-01&days=7",
        "office=texas&from=2031-03-08&days=7",
        "office=texas&from=2032-03-10&days=7",
        "office=texas&from=2031-03-10&days=0",
        "office=texas&from=2031-03-10&days=63",
        "office=texas&from=2031-03-10&days=1e1",
        "office=atlantis&from=2031-03-10&days=7",
        "office=texas&from=2031-3-10&days=7",
        "office=texas&office=florida&from=2031-03-10&days=7",
        "office=texas&from=2031-03-10&from=2031-03-11",
      ];
      const lines = await logsOf(async () => {
        for (const query of refused) {
          const answer = await raw(server.baseUrl, `/api/availability?${query}`);
          expect(answer.status, query).toBe(400);
          expect(JSON.parse(answer.body)).toMatchObject({ success: false });
        }
      });
      expectNoStack(lines, refused.length);
      for (const query of [
        "office=texas&from=2031-03-09&days=62",
        "office=texas&from=2031-03-10",
        "office=texas&from=2032-03-09&days=1",
      ]) {
        const answer = await raw(server.baseUrl, `/api/availability?${query}`);
        expect(answer.status, query).toBe(200);
      }
    });

    test("a booking more than 90 days ahead is refused with a field message; 90 days is fine", async () => {
      const tooFar = await server.post(
        "/api/send-email",
        serviceRequest({ preferredDate: "2031-06-09" }),
      );
      expect(tooFar.status).toBe(400);
      expect(await tooFar.json()).toEqual({
        success: false,
        errors: { preferredDate: [tooFarAheadMessage(90)] },
      });

      const fine = await server.post(
        "/api/send-email",
        serviceRequest({ preferredDate: "2031-06-08", preferredTime: "" }),
      );
      expect(fine.status).toBe(201);

      const page = await fetch(`${server.baseUrl}/modals/schedule`, {
        method: "POST",
        headers: { "X-Forwarded-For": freshClientIp() },
        body: new URLSearchParams(
          Object.entries(serviceRequest({ preferredDate: "06/09/2031" })).map(([key, value]) => [
            key,
            String(value ?? ""),
          ]),
        ),
      });
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(tooFarAheadMessage(90));
    });
  });

  describe("foreign hosts (DNS rebinding) and foreign sites", () => {
    test.each([
      ["GET", "/"],
      ["GET", "/contact"],
      ["GET", "/api/location"],
      ["GET", "/api/availability?office=texas&from=2031-03-10&days=1"],
      ["POST", "/api/send-email"],
      ["POST", "/contact"],
      ["GET", "/office"],
    ])("%s %s with Host: rebind.attacker.example is a 400", async (method, path) => {
      const answer = await raw(server.baseUrl, path, {
        method,
        headers: {
          Host: "rebind.attacker.example",
          "Content-Type": "application/json",
          Cookie: cookie,
        },
        body: method === "POST" ? JSON.stringify(serviceRequest()) : undefined,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toBe("Unknown host");
      expect(answer.headerNames.filter((name) => name === "x-content-type-options")).toHaveLength(
        1,
      );
    });

    test("the site's own host, and loopback names from a loopback client, are served", async () => {
      const port = new URL(server.baseUrl).port;
      for (const host of [
        "repair.example.test",
        "REPAIR.example.test:443",
        `127.0.0.1:${port}`,
        `localhost:${port}`,
        `[::1]:${port}`,
      ]) {
        const answer = await raw(server.baseUrl, "/policy", { headers: { Host: host } });
        expect(answer.status, host).toBe(200);
      }
    });

    test("a health check from loopback is answered whatever its Host", async () => {
      for (const path of ["/healthz", "/readyz"]) {
        const answer = await raw(server.baseUrl, path, { headers: { Host: "app.internal:3000" } });
        expect(answer.status, path).toBe(200);
      }
    });

    test("a POST the browser says is cross-site is refused even without an Origin", async () => {
      for (const site of ["cross-site", "same-site"]) {
        const page = await raw(server.baseUrl, "/contact", {
          method: "POST",
          headers: { "Sec-Fetch-Site": site, "Content-Type": "application/x-www-form-urlencoded" },
          body: "name=Eve",
        });
        expect(page.status, site).toBe(403);
        const api = await raw(server.baseUrl, "/api/send-email", {
          method: "POST",
          headers: { "Sec-Fetch-Site": site, "Content-Type": "application/json" },
          body: JSON.stringify(serviceRequest()),
        });
        expect(api.status, site).toBe(403);
        expect(JSON.parse(api.body)).toEqual({
          success: false,
          error: "Cross-site requests are not accepted",
        });
      }
      const own = await raw(server.baseUrl, "/newsletter", {
        method: "POST",
        headers: {
          "Sec-Fetch-Site": "same-origin",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "email=same-origin@example.com",
      });
      expect(own.status).toBe(200);
    });
  });

  describe("the smaller holes", () => {
    test.each([
      [
        "/contact",
        () => ({
          name: "Ada",
          lastName: "Lovelace",
          email: "ada@example.com",
          phone: "908 555 0199",
          subject: "Dryer",
          message: "It squeals.",
          companyEmail: "newjersey@easyappliancerepair.com",
        }),
      ],
      ["/newsletter", () => ({ email: `limited-${randomUUID()}@example.com` })],
      ["/modals/schedule", () => serviceRequest({ preferredDate: "2031-03-20" })],
    ] as const)(
      "a rate-limited form at %s answers 429 with Retry-After (page and data)",
      async (path, fields) => {
        for (const target of [path, `${path}.data`]) {
          const ip = freshClientIp();
          const post = () =>
            fetch(`${server.baseUrl}${target}`, {
              method: "POST",
              headers: { "X-Forwarded-For": ip },
              body: new URLSearchParams(
                Object.entries(fields()).map(([key, value]) => [key, String(value ?? "")]),
              ),
            });
          const first = await post();
          expect(first.status, target).toBe(200);
          const second = await post();
          expect(second.status, target).toBe(429);
          expect(Number(second.headers.get("retry-after")), target).toBeGreaterThan(0);
        }
      },
    );

    test("every response carries X-Content-Type-Options exactly once", async () => {
      // A lead with a photo, which the desk serves with its own strict headers.
      const created = await server.post(
        "/api/send-email",
        serviceRequest({ preferredDate: "2031-03-21" }),
      );
      const { id } = (await created.json()) as { id: string };
      const { db } = server.serverApp.database;
      const [lead] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
      expect(lead).toBeDefined();
      const photoId = randomUUID();
      await db.insert(requestPhotos).values({
        id: photoId,
        requestId: id,
        contentType: "image/png",
        data: Buffer.from("89504e470d0a1a0a", "hex"),
        byteSize: 8,
        width: 1,
        height: 1,
      });
      const paths = [
        "/",
        "/contact",
        "/no-such-page",
        "/robots.txt",
        "/sitemap.xml",
        "/healthz",
        "/readyz",
        "/api/location",
        "/api/no-such-endpoint",
        "/favicon.svg",
        `/office/leads/${id}/photos/${photoId}`,
        "/office",
      ];
      for (const path of paths) {
        const answer = await raw(server.baseUrl, path, { headers: { Cookie: cookie } });
        expect(answer.status, path).toBeLessThan(500);
        expect(
          answer.headerNames.filter((name) => name === "x-content-type-options"),
          path,
        ).toEqual(["x-content-type-options"]);
        expect(
          answer.headerNames.filter((name) => name === "content-security-policy"),
          path,
        ).toHaveLength(1);
      }
      const photo = await raw(server.baseUrl, `/office/leads/${id}/photos/${photoId}`, {
        headers: { Cookie: cookie },
      });
      expect(photo.status).toBe(200);
      expect(photo.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    });

    test("/readyz shows the outbox only to loopback and to a trusted proxy itself", async () => {
      const local = await raw(server.baseUrl, "/readyz", { headers: { "X-Forwarded-For": "" } });
      expect(JSON.parse(local.body)).toMatchObject({ ok: true, outbox: expect.any(Object) });
      const forwardedLoopback = await raw(server.baseUrl, "/readyz", {
        headers: { "X-Forwarded-For": "127.0.0.1" },
      });
      expect(JSON.parse(forwardedLoopback.body)).toMatchObject({ outbox: expect.any(Object) });
      const stranger = await raw(server.baseUrl, "/readyz", {
        headers: { "X-Forwarded-For": "203.0.113.50" },
      });
      expect(stranger.status).toBe(200);
      expect(JSON.parse(stranger.body)).toEqual({ ok: true });
    });
  });
});

describe("Allowed hosts", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      database: pglite,
      env: { ALLOWED_HOSTS: "www.repair.example.test, Admin.Example.test" },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("hosts listed in ALLOWED_HOSTS are served; others are not", async () => {
    const served = ["www.repair.example.test", "admin.example.test:8443", "repair.example.test"];
    for (const host of served) {
      const answer = await raw(server.baseUrl, "/api/location", { headers: { Host: host } });
      expect(answer.status, host).toBe(200);
    }
    for (const host of ["evil.repair.example.test", "example.test", "repair.example.test.evil"]) {
      const answer = await raw(server.baseUrl, "/api/location", { headers: { Host: host } });
      expect(answer.status, host).toBe(400);
    }
  });
});

describe("ALLOWED_HOSTS and BOOKING_DAYS_AHEAD configuration", () => {
  test("ALLOWED_HOSTS is a comma-separated list of host names", () => {
    expect(parseConfig({}).ALLOWED_HOSTS).toEqual([]);
    expect(parseConfig({ ALLOWED_HOSTS: " www.Example.com ,example.net,," }).ALLOWED_HOSTS).toEqual(
      ["www.example.com", "example.net"],
    );
    expect(parseConfig({ ALLOWED_HOSTS: "10.0.0.5, [::1]" }).ALLOWED_HOSTS).toEqual([
      "10.0.0.5",
      "[::1]",
    ]);
    for (const bad of [
      "https://example.com",
      "example.com/path",
      "example.com:80",
      "*.example.com",
    ]) {
      expect(() => parseConfig({ ALLOWED_HOSTS: bad }), bad).toThrow(
        /^Invalid configuration: ALLOWED_HOSTS /,
      );
    }
  });

  test("BOOKING_DAYS_AHEAD is 90 unless set", () => {
    expect(parseConfig({}).BOOKING_DAYS_AHEAD).toBe(90);
    expect(parseConfig({ BOOKING_DAYS_AHEAD: "180" }).BOOKING_DAYS_AHEAD).toBe(180);
    expect(() => parseConfig({ BOOKING_DAYS_AHEAD: "0" })).toThrow(/BOOKING_DAYS_AHEAD/);
  });
});
