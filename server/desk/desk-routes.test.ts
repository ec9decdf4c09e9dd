import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { serviceRequests } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import {
  freshClientIp,
  startTestServer,
  testSiteUrl,
  type TestServer,
} from "../test-support/server";
import { addStaff } from "./staff-accounts.server";
import { authSecret, createStaffAuth } from "./staff-auth";

// The desk as a route tree (app/routes.ts): one layout reads the session and marks every answer
// never stored or indexed; the signed-in layout sends the signed out to the sign-in page, its
// files answer 401, the owners' layout is a 404 for a dispatcher; and a desk 404 is drawn in
// the desk's chrome, not the public site's.

const [database] = await testDatabases();
const password = "a long staff password";

describe.skipIf(!database?.available)("The desk's route tree", () => {
  let server: TestServer;
  let owner: string;
  let dispatcher: string;

  beforeAll(async () => {
    server = await startTestServer({ database: database!, withPages: true });
    const { db } = server.serverApp.database;
    const auth = createStaffAuth({ db, siteUrl: testSiteUrl, secret: await authSecret(db) });
    const add = async (role: "owner" | "dispatcher") => {
      const email = `${role}-${randomUUID()}@example.com`;
      await addStaff(db, auth, {
        email,
        role,
        offices: role === "owner" ? [] : ["texas"],
        password,
        name: role === "owner" ? "Olive Owner" : "Dan Dispatch",
      });
      return signIn(email);
    };
    owner = await add("owner");
    dispatcher = await add("dispatcher");
  });
  afterAll(async () => {
    await server?.close();
  });

  async function signIn(email: string) {
    const answer = await fetch(`${server.baseUrl}/office/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "X-Forwarded-For": freshClientIp() },
      body: new URLSearchParams({ email, password }),
    });
    expect(answer.status).toBe(302);
    return answer.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  async function ask(
    path: string,
    { cookie = "", form }: { cookie?: string; form?: Record<string, string> } = {},
  ) {
    const answer = await fetch(`${server.baseUrl}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie, "X-Forwarded-For": freshClientIp() },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    // Without the markers React puts between a text and a value ("Olive Owner<!-- --> (").
    const body = (await answer.text()).replaceAll("<!-- -->", "");
    expect(answer.headers.get("cache-control")).toMatch(/no-store/);
    expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    return { status: answer.status, location: answer.headers.get("location"), body };
  }

  /** The desk's error page, with its title, and none of the public site's header or footer. */
  function expectDeskError(body: string, title: string) {
    expect(body).toContain(`<title>${title} | Office desk</title>`);
    expect(body).toContain("Office desk");
    expect(body).not.toContain('aria-label="Main"');
    expect(body).not.toContain("Skip to content");
  }

  test("signed out: pages send to the sign-in page, streams and files are 401, a 404 is the desk's", async () => {
    for (const path of ["/office", "/office/subscribers", "/office/staff", "/office/leads/x"]) {
      expect(await ask(path)).toMatchObject({ status: 302, location: "/office/sign-in" });
    }
    expect(await ask("/office/staff", { form: { intent: "invite" } })).toMatchObject({
      status: 302,
      location: "/office/sign-in",
    });
    for (const path of [
      "/office/events",
      "/office/subscribers/export",
      "/office/leads/x/photos/y",
    ]) {
      expect(await ask(path)).toMatchObject({ status: 401, body: "Sign in first" });
    }
    expect(await ask("/office/export", { form: {} })).toMatchObject({ status: 401 });
    expect(await ask("/office/export")).toMatchObject({ status: 302, location: "/office" });
    expect((await ask("/office/sign-in")).status).toBe(200);
    const missing = await ask("/office/no-such-page");
    expect(missing.status).toBe(404);
    expectDeskError(missing.body, "Page not found");
  });

  test("a dispatcher: the owners' pages are the desk's 404; a lead of no office of theirs too", async () => {
    for (const path of ["/office/staff", "/office/windows", "/office/privacy"]) {
      const page = await ask(path, { cookie: dispatcher });
      expect(page.status).toBe(404);
      expectDeskError(page.body, "Page not found");
    }
    expect(
      (await ask("/office/windows", { cookie: dispatcher, form: { intent: "remove" } })).status,
    ).toBe(404);
    const lead = await ask(`/office/leads/${randomUUID()}`, { cookie: dispatcher });
    expect(lead.status).toBe(404);
    expectDeskError(lead.body, "Page not found");
    // Drawn by the desk's layout, which knows who is signed in: the desk's sections too.
    expect(lead.body).toContain("Dan Dispatch (Dispatcher)");
    const page = await ask("/office?page=x", { cookie: dispatcher });
    expect(page.status).toBe(400);
    expectDeskError(page.body, "This address could not be read");
    expect((await ask("/office/no-such-page", { cookie: dispatcher })).status).toBe(404);
  });

  test("an owner: every page, and the inbox's own form posts to /office", async () => {
    for (const path of ["/office", "/office/staff", "/office/windows", "/office/privacy"]) {
      expect((await ask(path, { cookie: owner })).status).toBe(200);
    }
    const search = await ask("/office", { cookie: owner, form: { search: "Smith" } });
    expect(search.status).toBe(200);
    expect(search.body).toContain("Olive Owner (Owner)");
  });

  test("without JavaScript, a search is answered with its leads, and refused filters with the whole inbox", async () => {
    // Letters only: a search's digits are also looked for in the leads' text.
    const tag = Array.from(
      { length: 8 },
      () => "abcdefghjkmnpqrstuvwxyz"[Math.floor(Math.random() * 23)],
    ).join("");
    const lead = (name: string) => ({
      id: randomUUID(),
      office: "texas" as const,
      selectedAppliance: "Washer",
      name,
      email: "lead@example.com",
      phone: "(713) 555-0148",
      address: "4410 Bellaire Blvd",
      zipCode: "77401",
      preferredTime: "morning",
      brand: "",
      model: "",
      serialNumber: "",
      description: "Stops mid-cycle",
      notes: "",
    });
    await server.serverApp.database.db
      .insert(serviceRequests)
      .values([lead(`Quincy ${tag}`), lead(`Rosalind ${tag}`)]);
    // The page the action answered: one request, in which the loaders run after the action.
    const searched = await ask("/office", {
      cookie: dispatcher,
      form: { search: `Quincy ${tag}` },
    });
    expect(searched.status).toBe(200);
    expect(searched.body).toContain(`Quincy ${tag}`);
    expect(searched.body).not.toContain(`Rosalind ${tag}`);
    const refused = await ask("/office", { cookie: dispatcher, form: { from: "not a date" } });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(`Quincy ${tag}`);
    expect(refused.body).toContain(`Rosalind ${tag}`);
  });
});
