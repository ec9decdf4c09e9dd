import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { requestPhotos, serviceRequests } from "../db/schema";
import { addStaff } from "../desk/staff-accounts";
import { authSecret, createStaffAuth, type StaffAuth } from "../desk/staff-auth";
import { staffCommandFrom } from "../desk/staff-command-line";
import { runStaffCommand } from "../desk/staff-commands";
import { testDatabases } from "../test-support/databases";
import { serviceRequest } from "../test-support/fixtures";
import {
  freshClientIp,
  startTestServer,
  testSiteUrl,
  type TestServer,
} from "../test-support/server";

// Technicians, attacked as a technician would: one signed in as Alex may try every desk page and
// action, another technician's visit, another office's. Each refusal is its own test.

const [database] = await testDatabases();
const password = "a long staff password";

describe.skipIf(!database?.available)("A technician's access", () => {
  let server: TestServer;
  let auth: StaffAuth;
  let owner: string;
  let dispatcher: string;
  let alex: string;
  let alexId: string;
  let sam: string;
  let samId: string;
  let floridaTechnicianId: string;

  beforeAll(async () => {
    server = await startTestServer({ database: database!, withPages: true });
    const { db } = server.serverApp.database;
    auth = createStaffAuth({ db, siteUrl: testSiteUrl, secret: await authSecret(db) });
    const add = async (
      role: "owner" | "dispatcher" | "technician",
      name: string,
      offices: string[],
    ) => {
      const email = `${role}-${randomUUID()}@example.com`;
      const member = await addStaff(db, auth, { email, role, offices, password, name });
      return { id: member.id, cookie: await signIn(email) };
    };
    owner = (await add("owner", "Olive Owner", [])).cookie;
    dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
    ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
    ({ id: samId, cookie: sam } = await add("technician", "Sam Ortiz", ["texas"]));
    floridaTechnicianId = (await add("technician", "Flo Reyes", ["florida"])).id;
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
    {
      cookie = "",
      form,
      origin,
    }: { cookie?: string; form?: Record<string, string>; origin?: string } = {},
  ) {
    const answer = await fetch(`${server.baseUrl}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie,
        "X-Forwarded-For": freshClientIp(),
        ...(origin ? { Origin: origin } : {}),
      },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    const body = (await answer.text()).replaceAll("<!-- -->", "");
    return { status: answer.status, location: answer.headers.get("location"), body };
  }

  /** A Texas service request asking for `date`, as a homeowner sends it. */
  async function book(overrides: Record<string, unknown> = {}) {
    const answer = await server.post("/api/send-email", serviceRequest(overrides));
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  }

  function todayInTexas() {
    return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
  }

  async function confirm(cookie: string, id: string, fields: Record<string, string>) {
    const page = await ask(`/office/leads/${id}`, { cookie });
    const version = /name="version" value="(\d+)"/.exec(page.body)?.[1] ?? "0";
    return ask(`/office/leads/${id}`, {
      cookie,
      form: { intent: "confirm-visit", version, ...fields },
    });
  }

  test("the staff command adds a technician, who needs a name and an office", async () => {
    const { db } = server.serverApp.database;
    const email = `alex-${randomUUID()}@example.com`;
    const command = await staffCommandFrom(
      ["add", email, "--role", "technician", "--office", "texas", "--name", "Alex Rivera"],
      () => Promise.resolve(password),
    );
    expect(await runStaffCommand(db, auth, command!)).toEqual([
      `Added ${email}  technician  texas`,
    ]);
    await expect(
      addStaff(db, auth, {
        email: `nameless-${randomUUID()}@example.com`,
        role: "technician",
        offices: ["texas"],
        password,
      }),
    ).rejects.toThrow(/needs a name/);
    await expect(
      addStaff(db, auth, {
        email: `officeless-${randomUUID()}@example.com`,
        role: "technician",
        offices: [],
        password,
        name: "No Office",
      }),
    ).rejects.toThrow(/at least one office/);
  });

  test("a technician signs in and lands on My day", async () => {
    const { db } = server.serverApp.database;
    const email = `land-${randomUUID()}@example.com`;
    await addStaff(db, auth, {
      email,
      role: "technician",
      offices: ["texas"],
      password,
      name: "Lee Lands",
    });
    const answer = await fetch(`${server.baseUrl}/office/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "X-Forwarded-For": freshClientIp() },
      body: new URLSearchParams({ email, password }),
    });
    expect(answer.headers.get("location")).toBe("/office/day");
    const page = await ask("/office/day", { cookie: alex });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Alex Rivera (Technician)");
    expect(page.body).toContain("My day");
    // Signed in already, the sign-in page sends them there too.
    expect(await ask("/office/sign-in", { cookie: alex })).toMatchObject({
      status: 302,
      location: "/office/day",
    });
  });

  for (const path of [
    "/office",
    "/office/subscribers",
    "/office/staff",
    "/office/windows",
    "/office/privacy",
    "/office/dispatch",
  ]) {
    test(`a technician gets the desk's 404 for ${path}`, async () => {
      const page = await ask(path, { cookie: alex });
      expect(page.status).toBe(404);
      expect(page.body).not.toContain("Dan Dispatch");
    });
  }

  test("a technician gets 404 for a lead page of their own office, and for its every action", async () => {
    const id = await book();
    expect((await ask(`/office/leads/${id}`, { cookie: alex })).status).toBe(404);
    for (const intent of ["status", "confirm-visit", "note", "send-again"]) {
      const answer = await ask(`/office/leads/${id}`, {
        cookie: alex,
        form: { intent, version: "0", status: "spam", note: "x", technicianId: alexId },
      });
      expect(answer.status, intent).toBe(404);
    }
    // Nothing of it was done: the lead is still new, with no note.
    const seen = (await ask(`/office/leads/${id}`, { cookie: owner })).body;
    expect(seen).toContain("Status: <strong>New</strong>");
    expect(seen).not.toContain("Note: x");
  });

  test("a technician gets 404 for the CSV, the subscribers' export and the live inbox", async () => {
    expect((await ask("/office/export", { cookie: alex, form: {} })).status).toBe(404);
    expect((await ask("/office/subscribers/export", { cookie: alex })).status).toBe(404);
    expect((await ask("/office/events", { cookie: alex })).status).toBe(404);
    expect((await ask("/office", { cookie: alex, form: { search: "a" } })).status).toBe(404);
  });

  test("My day is a technician's only: owners and dispatchers get 404, the signed out the sign-in page", async () => {
    expect((await ask("/office/day", { cookie: owner })).status).toBe(404);
    expect((await ask("/office/day", { cookie: dispatcher })).status).toBe(404);
    expect(await ask("/office/day")).toMatchObject({
      status: 302,
      location: "/office/sign-in",
    });
  });

  test("Confirm requested visit books the asked window with a technician: it is on their My day, not another's", async () => {
    const name = `Maria ${randomUUID().slice(0, 6)}`;
    const today = todayInTexas();
    const id = await book({
      name,
      description: "Dryer smells like gas and will not heat",
      model: "DVE45R6100C",
      brand: "Samsung",
    });
    // Its photo, which Alex will see and Sam will not.
    const { db } = server.serverApp.database;
    const photoBytes = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#335577" },
    })
      .png()
      .toBuffer();
    const [row] = await db
      .insert(requestPhotos)
      .values({
        id: randomUUID(),
        requestId: id,
        contentType: "image/png",
        data: photoBytes,
        byteSize: photoBytes.byteLength,
        width: 40,
        height: 30,
      })
      .returning({ id: requestPhotos.id });

    const page = await ask(`/office/leads/${id}`, { cookie: dispatcher });
    expect(page.body).toContain("Confirm requested visit");
    expect(page.body).toContain("Alex Rivera");
    expect(page.body).not.toContain("Flo Reyes");

    // Another office's technician, or a made-up one, is refused and books nothing.
    for (const technicianId of [floridaTechnicianId, "no-such-person", ""]) {
      const refused = await confirm(dispatcher, id, {
        scheduledDate: today,
        scheduledWindow: "evening",
        technicianId,
      });
      expect(refused.status, technicianId).toBe(400);
      expect(refused.body).toContain("Choose the technician");
    }
    const saved = await confirm(dispatcher, id, {
      scheduledDate: today,
      scheduledWindow: "evening",
      technicianId: alexId,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toContain("Saved");

    const alexDay = await ask("/office/day", { cookie: alex });
    expect(alexDay.body).toContain(name);
    expect(alexDay.body).toContain("Gas smell");
    expect(alexDay.body).toContain("Samsung DVE45R6100C");
    expect(alexDay.body).toContain(`/office/leads/${id}/photos/${row!.id}`);
    expect((await ask(`/office/leads/${id}/photos/${row!.id}`, { cookie: alex })).status).toBe(200);

    const samDay = await ask("/office/day", { cookie: sam });
    expect(samDay.body).not.toContain(name);
    expect((await ask(`/office/leads/${id}/photos/${row!.id}`, { cookie: sam })).status).toBe(404);
    const [stored] = await db
      .select({ technicianId: serviceRequests.technicianId, status: serviceRequests.status })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id));
    expect(stored).toEqual({ technicianId: alexId, status: "scheduled" });
    expect(samId).not.toBe(alexId);
  });

  test("a foreign Origin gets 403 on Confirm requested visit, and nothing is booked", async () => {
    const id = await book();
    const answer = await ask(`/office/leads/${id}`, {
      cookie: dispatcher,
      origin: "https://evil.example",
      form: { intent: "confirm-visit", version: "0", technicianId: alexId },
    });
    expect(answer.status).toBe(403);
    expect((await ask(`/office/leads/${id}`, { cookie: dispatcher })).body).toContain(
      "Status: <strong>New</strong>",
    );
  });
});
