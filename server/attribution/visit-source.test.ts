import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { profileForState } from "~/content/company";
import { profileLinksOf } from "~/domain/numbers";
import { channelOf, webSourceOf, type Touch } from "~/domain/visit-source";

import { contactMessages, serviceRequests } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { contactMessage, serviceRequest } from "../test-support/fixtures";
import { startTestServer, testSiteUrl, type TestServer } from "../test-support/server";
import {
  decodeVisitSource,
  encodeVisitSource,
  nextVisitSource,
  setCookieOf,
  touchOf,
  visitSourceIn,
  visitSourceMaxBytes,
} from "./visit-source";

const at = new Date("2031-07-15T15:00:00Z");
const own = ["repair.example.test"];

function touchAt(address: string, referer?: string): Touch | null {
  return touchOf(new URL(address), referer, own, at);
}

describe("A touch", () => {
  test("keeps the campaign parameters and click ids verbatim, case kept, with the landing path and time", () => {
    const touch = touchAt(
      "https://repair.example.test/?utm_source=google&utm_medium=cpc&utm_campaign=dryer-houston&gclid=Test-AbC_1&q=ignored",
    );
    expect(touch).toEqual({
      params: {
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "dryer-houston",
        gclid: "Test-AbC_1",
      },
      referrer: null,
      landing: "/",
      at: "2031-07-15T15:00:00.000Z",
    });
  });

  test("an outside referrer is one; our own host, www or not, a bad or script address is not", () => {
    expect(touchAt("https://repair.example.test/brands", "https://www.yelp.com/biz/x?y=1")).toEqual(
      { params: {}, referrer: "www.yelp.com", landing: "/brands", at: at.toISOString() },
    );
    expect(
      touchAt("https://repair.example.test/brands", "https://repair.example.test/"),
    ).toBeNull();
    expect(touchAt("https://repair.example.test/", "https://www.repair.example.test/x")).toBeNull();
    expect(touchAt("https://repair.example.test/", "javascript:alert(1)")).toBeNull();
    expect(touchAt("https://repair.example.test/", "not a url")).toBeNull();
    expect(touchAt("https://repair.example.test/")).toBeNull();
    // A value no browser sends (control characters, past 200 characters) is not kept.
    expect(touchAt(`https://repair.example.test/?gclid=${"a".repeat(201)}`)).toBeNull();
    expect(touchAt("https://repair.example.test/?utm_source=%0Aevil")?.params).toEqual({
      utm_source: "evil",
    });
  });
});

describe("The cookie", () => {
  const first = touchAt("https://repair.example.test/?utm_source=google&gclid=Test-AbC_1")!;
  const later = touchAt("https://repair.example.test/services/dryer", "https://www.yelp.com/")!;

  test("keeps the first touch and replaces the last, and reads back what it wrote", () => {
    const once = nextVisitSource(null, first);
    expect(once).toEqual({ first, last: first });
    const twice = nextVisitSource(once, later);
    expect(twice).toEqual({ first, last: later });
    expect(decodeVisitSource(encodeVisitSource(twice))).toEqual(twice);
  });

  test("stays under 1 KB with every parameter at its longest, the click ids kept longest", () => {
    const long = (name: string) => `${name}=${"x".repeat(190)}`;
    const everything = touchAt(
      `https://repair.example.test/services/dryer?${["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gbraid", "wbraid", "msclkid", "fbclid"].map(long).join("&")}&gclid=Test-AbC_1`,
      "https://www.example.org/",
    )!;
    const value = encodeVisitSource(nextVisitSource(nextVisitSource(null, everything), everything));
    expect(setCookieOf(value, true).length).toBeLessThanOrEqual(visitSourceMaxBytes);
    const read = decodeVisitSource(value)!;
    expect(read.first.params.gclid).toBe("Test-AbC_1");
    expect(read.last.params.gclid).toBe("Test-AbC_1");
  });

  test("a forged, tampered or foreign value reads as none, never an error", () => {
    const good = encodeVisitSource(nextVisitSource(null, first));
    const forged = Buffer.from(
      JSON.stringify({ f: { p: "/", a: "soon" }, l: { p: "/", a: at.toISOString() } }),
    ).toString("base64url");
    for (const value of [
      undefined,
      "",
      "%%%",
      `${good}!`,
      good.slice(0, -3),
      forged,
      Buffer.from('{"f":1,"l":2}').toString("base64url"),
      Buffer.from(JSON.stringify({ f: { p: "https://evil", a: at.toISOString() } })).toString(
        "base64url",
      ),
      "a".repeat(2000),
    ]) {
      expect(decodeVisitSource(value), String(value).slice(0, 40)).toBeNull();
    }
    expect(visitSourceIn(`a=1; visit_source=${good}; b=2`)).toBe(good);
  });
});

test("the channel a touch names", () => {
  const channel = (address: string, referer?: string) =>
    channelOf(touchAt(`https://repair.example.test/${address}`, referer)!);
  expect(channel("?gclid=Test-AbC_1")).toBe("Google Ads");
  expect(channel("?utm_source=google&utm_medium=cpc")).toBe("Google Ads");
  expect(channel("?utm_source=google&utm_medium=organic&utm_campaign=gbp")).toBe(
    "Google Business Profile",
  );
  expect(channel("?utm_source=google&utm_medium=organic")).toBe("Organic search");
  expect(channel("", "https://www.google.com/")).toBe("Organic search");
  expect(channel("?msclkid=abc")).toBe("Bing");
  expect(channel("", "https://www.bing.com/search")).toBe("Bing");
  expect(channel("?fbclid=IwAR0")).toBe("Facebook");
  expect(channel("", "https://m.facebook.com/")).toBe("Facebook");
  expect(channel("?utm_source=newsletter&utm_medium=email")).toBe("Newsletter");
  expect(channel("", "https://www.yelp.com/biz/x")).toBe("Referral site: www.yelp.com");
  expect(channel("?utm_source=Nextdoor")).toBe("Nextdoor");
});

const [pglite] = await testDatabases();

describe("Landing on the site", () => {
  let server: TestServer;

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

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.baseUrl}${path}`, {
      headers: { "X-Forwarded-For": "198.51.100.7", Accept: "text/html", ...headers },
      redirect: "manual",
    });
    await response.arrayBuffer();
    return response;
  }

  const landing = "/?utm_source=google&utm_medium=cpc&utm_campaign=dryer-houston&gclid=Test-AbC_1";

  test("with a campaign: the cookie is set on an answer of its own; the cached pages never set it", async () => {
    // The home page, kept: a page without parameters never sets the cookie.
    await get("/brands");
    const plain = await get("/brands");
    expect(plain.headers.get("x-render-cache")).toBe("hit");
    expect(plain.headers.get("set-cookie")).toBeNull();

    const landed = await get(`/brands${landing.slice(1)}`);
    expect(landed.status).toBe(200);
    expect(landed.headers.get("x-render-cache")).not.toBe("hit");
    expect(landed.headers.get("cache-control")).toBe("private, no-store");
    const cookie = landed.headers.get("set-cookie")!;
    expect(cookie).toMatch(
      /^visit_source=[A-Za-z0-9_-]+; Path=\/; Max-Age=7776000; HttpOnly; SameSite=Lax$/,
    );
    expect(cookie.length).toBeLessThan(1024);
    const source = decodeVisitSource(visitSourceIn(cookie.split(";")[0]))!;
    expect(source.first).toMatchObject({
      landing: "/brands",
      params: { utm_campaign: "dryer-houston", gclid: "Test-AbC_1" },
    });

    // The kept page is as it was, for the next visitor: no cookie.
    const after = await get("/brands");
    expect(after.headers.get("x-render-cache")).toBe("hit");
    expect(after.headers.get("set-cookie")).toBeNull();
    // Reading further in the site (our own referrer) sets nothing.
    const next = await get("/services/dryer", {
      Referer: `${server.baseUrl}/brands`,
      Cookie: cookie.split(";")[0]!,
    });
    expect(next.headers.get("set-cookie")).toBeNull();
  });

  test("from another site: the referrer's host; a second campaign keeps the first touch", async () => {
    const fromYelp = await get("/services/washer", { Referer: "https://www.yelp.com/biz/x" });
    const cookie = fromYelp.headers.get("set-cookie")!.split(";")[0]!;
    expect(decodeVisitSource(visitSourceIn(cookie))?.first.referrer).toBe("www.yelp.com");
    const again = await get("/?utm_source=newsletter&utm_medium=email", { Cookie: cookie });
    const both = decodeVisitSource(visitSourceIn(again.headers.get("set-cookie")!.split(";")[0]))!;
    expect(both.first.referrer).toBe("www.yelp.com");
    expect(both.last.params).toEqual({ utm_source: "newsletter", utm_medium: "email" });
  });

  test("an address no URL parser reads is no touch and no error", async () => {
    for (const path of ["//%zz/?utm_source=x", "//[?gclid=1"]) {
      const answer = await get(path, { Accept: "*/*" });
      expect(answer.status, path).toBeLessThan(500);
    }
  });

  test("the desk, the private pages, the API and a HEAD never set it", async () => {
    for (const path of [
      `/office/login${landing.slice(1)}`,
      `/requests/${"x".repeat(43)}${landing.slice(1)}`,
    ]) {
      expect((await get(path)).headers.get("set-cookie"), path).toBeNull();
    }
    const head = await fetch(`${server.baseUrl}${landing}`, { method: "HEAD" });
    expect(head.headers.get("set-cookie")).toBeNull();
  });

  test("a booking and a message carry it; a forged cookie is no source and no error", async () => {
    const cookie = (await get(landing)).headers.get("set-cookie")!.split(";")[0]!;
    const booked = await server.post(
      "/api/send-email",
      serviceRequest({ email: `source-${randomUUID()}@example.com` }),
      { headers: { Cookie: cookie } },
    );
    expect(booked.status).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    const { db } = server.serverApp.database;
    const [request] = await db
      .select({ visitSource: serviceRequests.visitSource })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id));
    expect(request?.visitSource?.first.params).toEqual({
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "dryer-houston",
      gclid: "Test-AbC_1",
    });

    const sent = await server.post("/api/send-contact-email", contactMessage(), {
      headers: { Cookie: cookie },
    });
    expect(sent.status).toBe(201);
    const { id: messageId } = (await sent.json()) as { id: string };
    const [message] = await db
      .select({ visitSource: contactMessages.visitSource })
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId));
    expect(message?.visitSource?.last.params.gclid).toBe("Test-AbC_1");

    const forged = await server.post(
      "/api/send-email",
      serviceRequest({ email: `forged-${randomUUID()}@example.com` }),
      { headers: { Cookie: "visit_source=eyJmIjp7fX0" } },
    );
    expect(forged.status).toBe(201);
    const { id: forgedId } = (await forged.json()) as { id: string };
    const [plain] = await db
      .select({ visitSource: serviceRequests.visitSource })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, forgedId));
    expect(plain?.visitSource).toBeNull();
  });

  test("an office's Google Business Profile booking link opens the booking dialog for that office, and what it brings is Google Business Profile", async () => {
    const { booking, website } = profileLinksOf(testSiteUrl, {
      slug: "new-jersey",
      name: "New Jersey",
    });
    const bookingPath = booking.slice(testSiteUrl.length);
    expect(bookingPath).toBe(
      "/modals/schedule?region=New+Jersey&utm_source=google&utm_medium=organic&utm_campaign=gbp",
    );
    const landed = await fetch(`${server.baseUrl}${bookingPath}`, {
      headers: { "X-Forwarded-For": "198.51.100.8", Accept: "text/html" },
    });
    expect(landed.status).toBe(200);
    const html = await landed.text();
    // The dialog, over the home page of that office: its phone number is the one shown.
    expect(html).toContain('role="dialog"');
    expect(html).toContain("Schedule Service");
    const { areaCode, prefix, line } = profileForState("new-jersey").phone;
    expect(html).toContain(`(${areaCode}) ${prefix}-${line}`);
    const unnamed = await (
      await fetch(`${server.baseUrl}/modals/schedule`, { headers: { Accept: "text/html" } })
    ).text();
    expect(unnamed).not.toContain(`(${areaCode}) ${prefix}-${line}`);
    const cookie = landed.headers.get("set-cookie")!.split(";")[0]!;
    expect(webSourceOf(decodeVisitSource(visitSourceIn(cookie))!.last).source).toBe(
      "google-business-profile",
    );
    const booked = await server.post(
      "/api/send-email",
      serviceRequest({ email: `gbp-${randomUUID()}@example.com`, selectedAppliance: "oven" }),
      { headers: { Cookie: cookie } },
    );
    expect(booked.status).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    const [request] = await server.serverApp.database.db
      .select({ source: serviceRequests.source })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id));
    expect(request?.source).toBe("google-business-profile");
    // The website link is the office's own page of the site.
    const page = await get(website.slice(testSiteUrl.length));
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toMatch(/^visit_source=/);
  });
});
