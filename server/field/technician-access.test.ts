import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { isFederalHoliday } from "~/domain/holidays";

import {
  leadEvents,
  outbox,
  requestPhotos,
  requestVisits,
  serviceRequests,
  windowPlaces,
} from "../db/schema";
import { addStaff } from "../desk/staff-accounts.server";
import { authSecret, createStaffAuth, type StaffAuth } from "../desk/staff-auth";
import { staffCommandFrom } from "../desk/staff-command-line";
import { runStaffCommand } from "../desk/staff-commands";
import { testDatabases } from "../test-support/databases";
import { deskClient, staffPassword as password } from "../test-support/desk-client";
import { serviceRequest } from "../test-support/fixtures";
import { earlierVisitRows, requestRow } from "../test-support/request-rows";
import {
  freshClientIp,
  startTestServer,
  testSiteUrl,
  type TestServer,
} from "../test-support/server";
import { currentVisit } from "../requests/request-rows";
import { addDays } from "../requests/windows";

// Technicians, attacked as a technician would: one signed in as Alex may try every desk page and
// action, another technician's visit, another office's. Each refusal is its own test.

const [database] = await testDatabases();

describe.skipIf(!database?.available)("A technician's access", () => {
  let server: TestServer;
  /** The app's clock: the real one, unless a test moves it to a visit's day. */
  let clock: Date | undefined;
  let auth: StaffAuth;
  const { add, ask } = deskClient(() => server);
  let owner: string;
  let dispatcher: string;
  let alex: string;
  let alexId: string;
  let sam: string;
  let samId: string;
  let floridaTechnicianId: string;
  /** A technician with no visit but the ones the taps' guard test gives her. */
  let tia: { id: string; cookie: string };

  beforeAll(async () => {
    server = await startTestServer({
      database: database!,
      withPages: true,
      now: () => clock ?? new Date(),
    });
    const { db } = server.serverApp.database;
    auth = createStaffAuth({ db, siteUrl: testSiteUrl, secret: await authSecret(db) });
    owner = (await add("owner", "Olive Owner", [])).cookie;
    dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
    ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
    ({ id: samId, cookie: sam } = await add("technician", "Sam Ortiz", ["texas"]));
    floridaTechnicianId = (await add("technician", "Flo Reyes", ["florida"])).id;
    // Added here, not in her test: a password hashed mid-file on a busy machine can outlast the
    // server's keep-alive, and the next sign-in then meets a closed connection.
    tia = await add("technician", "Tia Guard", ["texas"]);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A Texas service request asking for `date`, as a homeowner sends it. */
  async function book(overrides: Record<string, unknown> = {}) {
    const answer = await server.post("/api/send-email", serviceRequest(overrides));
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  }

  /** A day a week or so ahead that the site offers (no Sunday, no federal holiday). */
  function openDayAhead() {
    const day = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    while (day.getUTCDay() === 0 || isFederalHoliday(day.toISOString().slice(0, 10))) {
      day.setUTCDate(day.getUTCDate() + 1);
    }
    return day.toISOString().slice(0, 10);
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
      .select({ technicianId: requestVisits.technicianId, status: serviceRequests.status })
      .from(serviceRequests)
      .leftJoin(requestVisits, currentVisit)
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

  /** A Texas request booked for today with Alex, and its private page's path. */
  async function assignedToAlex(overrides: Record<string, unknown> = {}) {
    const booked = await server.post("/api/send-email", serviceRequest(overrides));
    expect(booked.status).toBe(201);
    const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
    const saved = await confirm(dispatcher, id, {
      scheduledDate: todayInTexas(),
      scheduledWindow: "evening",
      technicianId: alexId,
    });
    expect(saved.status).toBe(200);
    return { id, page: new URL(requestUrl).pathname };
  }

  function tap(cookie: string, fields: Record<string, string>) {
    return ask("/office/day", { cookie, form: { tapKey: randomUUID(), ...fields } });
  }

  async function events(id: string) {
    const { db } = server.serverApp.database;
    return db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
  }

  test("every tap on another technician's visit is a 404, and changes nothing", async () => {
    const { id } = await assignedToAlex();
    for (const intent of ["on-my-way", "arrived", "done", "needs-part", "cant-fix"]) {
      const answer = await tap(sam, {
        intent,
        requestId: id,
        minutes: "10",
        workDone: "x",
        model: "m",
        serialNumber: "s",
        partsUsed: "",
        noCharge: "yes",
        reason: "x",
        part: "x",
      });
      expect(answer.status, intent).toBe(404);
    }
    expect((await events(id)).filter((event) => event.kind === "field")).toEqual([]);
    // Nor may an owner or a dispatcher tap: My day is not theirs.
    expect((await tap(owner, { intent: "arrived", requestId: id })).status).toBe(404);
    expect((await tap(dispatcher, { intent: "arrived", requestId: id })).status).toBe(404);
    // Signed out: the sign-in page; a foreign Origin: 403.
    expect(await tap("", { intent: "arrived", requestId: id })).toMatchObject({
      status: 302,
      location: "/office/sign-in",
    });
    const foreign = await ask("/office/day", {
      cookie: alex,
      origin: "https://evil.example",
      form: { intent: "arrived", requestId: id, tapKey: randomUUID() },
    });
    expect(foreign.status).toBe(403);
    expect((await events(id)).filter((event) => event.kind === "field")).toEqual([]);
  });

  test("one On my way sent six times at once with its key is one tap: one event, one email", async () => {
    const { id, page } = await assignedToAlex({ email: `eta-${randomUUID()}@example.com` });
    const tapKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ask("/office/day", {
          cookie: alex,
          form: { intent: "on-my-way", requestId: id, minutes: "20", tapKey, outOfOrder: "yes" },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(302));
    const taps = (await events(id)).filter((event) => event.kind === "field");
    expect(taps).toHaveLength(1);
    expect(taps[0]!.detail).toMatch(/^On my way, arriving about \d{1,2}:\d\d [AP]M Central$/);
    const { db } = server.serverApp.database;
    const emails = await db.select().from(outbox).where(eq(outbox.subjectId, id));
    const onTheWay = emails.filter((email) => email.kind === "visit.on-the-way.customer");
    expect(onTheWay).toHaveLength(1);
    expect(onTheWay[0]!.message.subject).toMatch(/^Alex is on the way, arriving about /);
    // The homeowner's page says it, with the first name only.
    const homeowner = (await ask(page)).body;
    expect(homeowner).toMatch(/Alex is on the way, arriving about \d{1,2}:\d\d [AP]M/);
    expect(homeowner).not.toContain("Rivera");
  });

  test("taps on the visit's day only, Done after Arrived, and a question before skipping the next visit", async () => {
    // A working day whose next day is one too, at 9:00 or 10:00 AM in Houston.
    let day = openDayAhead();
    while (
      isFederalHoliday(addDays(day, 1)) ||
      new Date(`${addDays(day, 1)}T12:00:00Z`).getUTCDay() === 0
    ) {
      day = addDays(day, 1);
    }
    const visit = async (date: string, window: string) => {
      const id = await book();
      expect(
        (
          await confirm(dispatcher, id, {
            scheduledDate: date,
            scheduledWindow: window,
            technicianId: tia.id,
          })
        ).status,
      ).toBe(200);
      return id;
    };
    const morning = await visit(day, "morning");
    const afternoon = await visit(day, "afternoon");
    const tomorrow = await visit(addDays(day, 1), "morning");
    clock = new Date(`${day}T15:00:00Z`);
    try {
      const myDay = (await ask("/office/day", { cookie: tia.cookie })).body;
      // Tomorrow's card is read, not tapped.
      expect(myDay).not.toContain(`name="requestId" value="${tomorrow}"`);
      expect(myDay).toContain("On my way, Arrived and Done open on the day of the visit.");
      const early = await tap(tia.cookie, {
        intent: "on-my-way",
        requestId: tomorrow,
        minutes: "20",
      });
      expect(early.status).toBe(409);
      expect(early.body).toContain("This visit is not today&#x27;s: its taps open on its day.");
      // Done only once Arrived: not offered, and refused.
      expect(myDay).not.toMatch(
        new RegExp(
          `name="intent" value="done"/><input type="hidden" name="requestId" value="${morning}"`,
        ),
      );
      const doneFirst = await tap(tia.cookie, {
        intent: "done",
        requestId: morning,
        workDone: "Fixed",
        model: "M",
        serialNumber: "S",
        amount: "100",
      });
      expect(doneFirst.status).toBe(409);
      // The afternoon before the unfinished morning: a question first.
      expect(myDay).toContain("Not your next visit: ");
      const skipped = await tap(tia.cookie, {
        intent: "on-my-way",
        requestId: afternoon,
        minutes: "20",
      });
      expect(skipped.status).toBe(400);
      expect(skipped.body).toMatch(/[^<]+, Morning comes first: tick &quot;Go here first&quot;/);
      expect((await events(afternoon)).filter((event) => event.kind === "field")).toEqual([]);
      const firstThere = await tap(tia.cookie, {
        intent: "on-my-way",
        requestId: afternoon,
        minutes: "20",
        outOfOrder: "yes",
      });
      expect(firstThere.status).toBe(302);
      // The next visit needs no question; then Arrived, then Done.
      expect(
        (await tap(tia.cookie, { intent: "on-my-way", requestId: morning, minutes: "10" })).status,
      ).toBe(302);
      expect((await tap(tia.cookie, { intent: "arrived", requestId: morning })).status).toBe(302);
      const done = await tap(tia.cookie, {
        intent: "done",
        requestId: morning,
        workDone: "Fixed",
        model: "M",
        serialNumber: "S",
        amount: "100",
      });
      expect(done.status).toBe(302);
      // The next morning, the afternoon visit left on the way is still finished: a tap queued
      // offline overnight is taken, not lost.
      clock = new Date(`${addDays(day, 1)}T15:00:00Z`);
      expect((await tap(tia.cookie, { intent: "arrived", requestId: afternoon })).status).toBe(302);
    } finally {
      clock = undefined;
    }
  });

  test("bad taps are 400 with a message and change nothing; a tap after Done is 409", async () => {
    const { id, page } = await assignedToAlex();
    for (const minutes of ["0", "500", "soon", ""]) {
      const answer = await tap(alex, { intent: "on-my-way", requestId: id, minutes });
      expect(answer.status, minutes).toBe(400);
      expect(answer.body).toContain("Enter the minutes, 1 to 240");
    }
    const noModel = await tap(alex, {
      intent: "done",
      requestId: id,
      workDone: "Replaced the igniter",
      model: "",
      serialNumber: "",
      partsUsed: "",
      amount: "",
    });
    expect(noModel.status).toBe(400);
    expect(noModel.body).toContain("Enter the model from the data plate");
    expect(noModel.body).toContain("Enter the amount charged");
    expect((await events(id)).filter((event) => event.kind === "field")).toEqual([]);

    expect((await tap(alex, { intent: "arrived", requestId: id })).status).toBe(302);
    const done = await tap(alex, {
      intent: "done",
      requestId: id,
      workDone: "Replaced the igniter",
      model: "DVG45R6100C",
      serialNumber: "0B7H5AEN400123",
      partsUsed: "DC97-14486A igniter",
      amount: "$189.50",
    });
    expect(done.status).toBe(302);
    const row = await requestRow(server.serverApp.database.db, id);
    expect(row).toMatchObject({
      status: "completed",
      fieldStatus: "done",
      model: "DVG45R6100C",
      serialNumber: "0B7H5AEN400123",
      partsUsed: "DC97-14486A igniter",
      amountChargedCents: 18950,
    });
    expect((await ask(page)).body).toContain("Completed: Alex finished the repair");
    const late = await tap(alex, { intent: "cant-fix", requestId: id, reason: "Too late" });
    expect(late.status).toBe(409);
    expect((await events(id)).filter((event) => event.kind === "field")).toHaveLength(2);
  });

  test("Dispatch: a dispatcher's own office's day; another office's board and its every action are 404", async () => {
    expect((await ask("/office/dispatch?office=florida", { cookie: dispatcher })).status).toBe(404);
    expect(
      (
        await ask("/office/dispatch?office=florida", {
          cookie: dispatcher,
          form: { requestId: randomUUID(), technicianId: floridaTechnicianId, window: "morning" },
        })
      ).status,
    ).toBe(404);
    expect((await ask("/office/dispatch?day=not-a-day", { cookie: dispatcher })).status).toBe(404);
    expect((await ask("/office/dispatch", { cookie: alex })).status).toBe(404);
    expect(await ask("/office/dispatch")).toMatchObject({
      status: 302,
      location: "/office/sign-in",
    });
    // A Florida request is not on Texas's board, and cannot be assigned from it.
    const florida = await book({ companyEmail: "florida@easyappliancerepair.com" });
    const refused = await ask(`/office/dispatch?office=texas&day=${todayInTexas()}`, {
      cookie: dispatcher,
      form: { requestId: florida, technicianId: alexId, window: "morning", version: "0" },
    });
    expect(refused.status).toBe(404);
  });

  test("Dispatch assigns a requested visit to a technician and window: the load shows, and it is on their day", async () => {
    const day = openDayAhead();
    const name = `Board ${randomUUID().slice(0, 6)}`;
    const id = await book({ name, preferredDate: day, preferredTime: "afternoon" });
    const board = `/office/dispatch?office=texas&day=${day}`;
    const before = await ask(board, { cookie: dispatcher });
    expect(before.status).toBe(200);
    expect(before.body).toContain("Not assigned");
    expect(before.body).toContain(name);
    const version = new RegExp(
      `name="requestId" value="${id}"/><input type="hidden" name="version" value="(\\d+)"`,
    ).exec(before.body)?.[1];
    expect(version).toBeDefined();
    // A technician of another office is refused.
    const wrong = await ask(board, {
      cookie: dispatcher,
      form: {
        requestId: id,
        technicianId: floridaTechnicianId,
        window: "morning",
        version: version!,
      },
    });
    expect(wrong.status).toBe(400);
    const assigned = await ask(board, {
      cookie: dispatcher,
      form: { requestId: id, technicianId: samId, window: "morning", version: version! },
    });
    expect(assigned).toMatchObject({ status: 302, location: board });
    const after = (await ask(board, { cookie: dispatcher })).body;
    expect(after).toMatch(/Morning \(8:00 AM - 12:00 PM\): [1-9]\d* visits?/);
    const { db } = server.serverApp.database;
    const [row] = await db
      .select({
        technicianId: requestVisits.technicianId,
        window: requestVisits.window,
      })
      .from(serviceRequests)
      .leftJoin(requestVisits, currentVisit)
      .where(eq(serviceRequests.id, id));
    expect(row).toEqual({ technicianId: samId, window: "morning" });
    // The same form again (its version now old) is a conflict, not a second booking.
    const again = await ask(board, {
      cookie: dispatcher,
      form: { requestId: id, technicianId: alexId, window: "evening", version: version! },
    });
    expect(again.status).toBe(409);
  });

  test("only the confirm form and the board name a technician's account, and only one of the office", async () => {
    const { db } = server.serverApp.database;
    const id = await book();
    const page = await ask(`/office/leads/${id}`, { cookie: dispatcher });
    const version = /name="version" value="(\d+)"/.exec(page.body)?.[1] ?? "0";
    // The status form takes no account id: a Florida technician's is ignored; a typed name that
    // is an office technician's names their account.
    const booked = await ask(`/office/leads/${id}`, {
      cookie: dispatcher,
      form: {
        intent: "status",
        version,
        status: "scheduled",
        scheduledDate: openDayAhead(),
        scheduledWindow: "morning",
        technician: "sam ortiz",
        technicianId: floridaTechnicianId,
      },
    });
    expect(booked.status).toBe(302);
    const [row] = await db
      .select({
        technicianId: requestVisits.technicianId,
        technician: requestVisits.technician,
      })
      .from(serviceRequests)
      .leftJoin(requestVisits, currentVisit)
      .where(eq(serviceRequests.id, id));
    expect(row).toEqual({ technicianId: samId, technician: "Sam Ortiz" });
    // Odd days on the board are 404s, not failures.
    for (const day of ["0000-01-01", "2026-02-30", "9999-99-99"]) {
      expect(
        (await ask(`/office/dispatch?office=texas&day=${day}`, { cookie: dispatcher })).status,
      ).toBe(404);
    }
  });

  test("a tap's key is its own: used again for another visit or tap it is refused; a cancelled visit's page forgets the tap", async () => {
    const first = await assignedToAlex();
    const second = await assignedToAlex();
    const tapKey = randomUUID();
    const onMyWay = { intent: "on-my-way", minutes: "15", tapKey, outOfOrder: "yes" };
    expect(
      (await ask("/office/day", { cookie: alex, form: { ...onMyWay, requestId: first.id } }))
        .status,
    ).toBe(302);
    const otherVisit = await ask("/office/day", {
      cookie: alex,
      form: { ...onMyWay, requestId: second.id },
    });
    expect(otherVisit.status).toBe(409);
    const otherTap = await ask("/office/day", {
      cookie: alex,
      form: { intent: "arrived", requestId: first.id, tapKey },
    });
    expect(otherTap.status).toBe(409);
    expect((await events(second.id)).filter((event) => event.kind === "field")).toEqual([]);
    expect((await ask(first.page)).body).toContain("Alex is on the way");
    // The office cancels: the homeowner's page no longer says anyone is coming.
    const lead = await ask(`/office/leads/${first.id}`, { cookie: dispatcher });
    const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
    expect(
      (
        await ask(`/office/leads/${first.id}`, {
          cookie: dispatcher,
          form: { intent: "status", version, status: "cancelled" },
        })
      ).status,
    ).toBe(302);
    expect((await ask(first.page)).body).not.toContain("on the way");
  });

  test("the homeowner's page hears of a tap live; a stranger's link gets 404, and a request holds 3 streams at most", async () => {
    const { id, page } = await assignedToAlex();
    expect((await fetch(`${server.baseUrl}/requests/${"A".repeat(43)}/events`)).status).toBe(404);
    const aborts: AbortController[] = [];
    const open = async () => {
      const abort = new AbortController();
      aborts.push(abort);
      return fetch(`${server.baseUrl}${page}/events`, { signal: abort.signal });
    };
    try {
      const first = await open();
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(first.headers.get("cache-control")).toMatch(/no-store/);
      await open();
      await open();
      const fourth = await open();
      expect(fourth.status).toBe(429);
      expect(fourth.headers.get("retry-after")).toBe("60");
      const reader = first.body!.getReader();
      const decoder = new TextDecoder();
      let heard = "";
      const read = (async () => {
        while (!heard.includes("event: change")) {
          const { value, done } = await reader.read();
          if (done) break;
          heard += decoder.decode(value);
        }
      })();
      expect((await tap(alex, { intent: "arrived", requestId: id })).status).toBe(302);
      await read;
      expect(heard).toContain("event: change");
      expect(heard).not.toContain("Alex");
    } finally {
      for (const abort of aborts) abort.abort();
    }
  });

  /** Alex's visit of today, arrived at and waiting for `part`. */
  async function waitingForPart(part: string, overrides: Record<string, unknown> = {}) {
    const visit = await assignedToAlex(overrides);
    expect((await tap(alex, { intent: "arrived", requestId: visit.id })).status).toBe(302);
    expect((await tap(alex, { intent: "needs-part", requestId: visit.id, part })).status).toBe(302);
    return visit;
  }

  function earlierVisits(id: string) {
    return earlierVisitRows(server.serverApp.database.db, id);
  }

  async function placesTaken(day: string, window: string) {
    const { db } = server.serverApp.database;
    const rows = await db
      .select()
      .from(windowPlaces)
      .where(
        and(
          eq(windowPlaces.office, "texas"),
          eq(windowPlaces.date, day),
          eq(windowPlaces.window, window as "morning"),
        ),
      );
    return rows[0]?.taken ?? 0;
  }

  test("Needs a part: only after Arrived, only the visit's technician, the part required; then both sides say Waiting for a part", async () => {
    const { id, page } = await assignedToAlex({ email: `part-${randomUUID()}@example.com` });
    // Before Arrived there is nothing to diagnose: 409, nothing kept.
    expect((await tap(alex, { intent: "needs-part", requestId: id, part: "Igniter" })).status).toBe(
      409,
    );
    expect((await tap(alex, { intent: "arrived", requestId: id })).status).toBe(302);
    const noPart = await tap(alex, { intent: "needs-part", requestId: id, part: "  " });
    expect(noPart.status).toBe(400);
    expect(noPart.body).toContain("Enter the part needed (a name or a part number)");
    expect((await tap(sam, { intent: "needs-part", requestId: id, part: "Igniter" })).status).toBe(
      404,
    );
    const needed = await tap(alex, {
      intent: "needs-part",
      requestId: id,
      part: "DC97-14486A igniter",
    });
    expect(needed.status).toBe(302);
    expect((await events(id)).map((event) => event.detail)).toContain(
      "Needs a part: DC97-14486A igniter",
    );
    const homeowner = (await ask(page)).body;
    expect(homeowner).toContain("Waiting for a part");
    expect(homeowner).toContain("DC97-14486A igniter");
    expect(homeowner).not.toContain("Rivera");
    // Nothing to move to while waiting: the office books the return visit.
    expect(homeowner).not.toContain("Move the visit");
    const { db } = server.serverApp.database;
    const emails = await db.select().from(outbox).where(eq(outbox.subjectId, id));
    expect(
      emails
        .filter((email) => email.kind === "visit.part-needed.customer")
        .map((email) => email.message.subject),
    ).toEqual(["Waiting for a part for your refrigerator"]);
    const lead = (await ask(`/office/leads/${id}`, { cookie: dispatcher })).body;
    expect(lead).toContain("Waiting for a part: DC97-14486A igniter");
    expect(lead).toContain("Book the return visit");
    expect((await ask("/office", { cookie: dispatcher })).body).toContain("Waiting for a part");
    expect((await ask("/office/day", { cookie: alex })).body).toContain(
      "Part needed: DC97-14486A igniter",
    );
    // The lead page books the return visit too; then it shows both visits and no form.
    const version = /name="version" value="(\d+)"/.exec(lead)?.[1] ?? "0";
    const booked = await ask(`/office/leads/${id}`, {
      cookie: dispatcher,
      form: {
        intent: "return-visit",
        version,
        scheduledDate: openDayAhead(),
        scheduledWindow: "afternoon",
        technicianId: samId,
      },
    });
    expect(booked).toMatchObject({ status: 302, location: `/office/leads/${id}` });
    const after = (await ask(`/office/leads/${id}`, { cookie: dispatcher })).body;
    expect(after).toContain("Booked return visit");
    expect(after).toMatch(/Visit 1: <bdi>[^<]+, Alex Rivera: Needs a part \(DC97-14486A igniter\)/);
    expect(after).not.toContain("Book the return visit");
    expect((await ask("/office/day", { cookie: sam })).status).toBe(200);
  });

  test("the return visit, sent six times at once from the board, is booked once: its own place, its own calendar event, the first visit kept", async () => {
    const part = `Door gasket ${randomUUID().slice(0, 4)}`;
    const { id, page } = await waitingForPart(part, {
      email: `return-${randomUUID()}@example.com`,
    });
    const day = openDayAhead();
    const board = `/office/dispatch?office=texas&day=${day}`;
    const before = await ask(board, { cookie: dispatcher });
    expect(before.body).toContain("Waiting for a part");
    expect(before.body).toContain(part);
    const version = new RegExp(
      `name="intent" value="return-visit"/><input type="hidden" name="requestId" value="${id}"/><input type="hidden" name="version" value="(\\d+)"`,
    ).exec(before.body)?.[1];
    expect(version).toBeDefined();
    const firstPlaces = await placesTaken(todayInTexas(), "evening");
    const returnPlaces = await placesTaken(day, "morning");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ask(board, {
          cookie: dispatcher,
          form: {
            intent: "return-visit",
            requestId: id,
            version: version!,
            technicianId: alexId,
            window: "morning",
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409, 409, 409, 409, 409]);

    const { db } = server.serverApp.database;
    const row = await requestRow(db, id);
    expect(row).toMatchObject({
      status: "scheduled",
      visitNumber: 2,
      scheduledDate: day,
      scheduledWindow: "morning",
      technicianId: alexId,
      fieldStatus: null,
      heldDate: day,
      heldWindow: "morning",
      partNeeded: part,
    });
    const earlier = await earlierVisits(id);
    expect(earlier).toEqual([
      expect.objectContaining({
        number: 1,
        date: todayInTexas(),
        window: "evening",
        technicianId: alexId,
        fieldStatus: "needs-part",
        detail: part,
      }),
    ]);
    // The first visit keeps the place it used; the return visit took one of its own.
    expect(await placesTaken(todayInTexas(), "evening")).toBe(firstPlaces);
    expect(await placesTaken(day, "morning")).toBe(returnPlaces + 1);

    const booked = (await db.select().from(outbox).where(eq(outbox.subjectId, id))).filter(
      (email) => email.message.subject.startsWith("Your return visit is booked"),
    );
    expect(booked).toHaveLength(1);
    const calendar = booked[0]!.message.attachments?.[0]?.content ?? "";
    expect(calendar).toContain(`UID:service-request-${id}-visit-2@`);
    expect(booked[0]!.message.text).toContain(`We will bring the part: ${part}.`);

    const homeowner = (await ask(page)).body;
    expect(homeowner).toMatch(/First visit: [^<]+ <span[^>]*>\(needed a part\)/);
    expect(homeowner).toContain("Return visit: ");
    expect(homeowner).not.toContain("Waiting for a part:");

    // The return visit is a visit like any other: Alex finishes it, on its day (taps wait for it).
    expect((await tap(alex, { intent: "arrived", requestId: id })).status).toBe(409);
    clock = new Date(`${day}T17:00:00Z`); // 11:00 AM or noon in Houston
    expect((await tap(alex, { intent: "arrived", requestId: id })).status).toBe(302);
    const done = await tap(alex, {
      intent: "done",
      requestId: id,
      workDone: "Fitted the new gasket",
      model: "RF28R7351SR",
      serialNumber: "0AB34BAK300121",
      partsUsed: part,
      amount: "245",
    });
    expect(done.status).toBe(302);
    expect((await ask(page)).body).toContain("Completed: Alex finished the repair");
    clock = undefined;
  });

  test("the return visit: technicians get 404, a request not waiting for a part, a past day or one past the horizon is refused, a foreign Origin is 403", async () => {
    const { id } = await waitingForPart("Drain pump");
    const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
    const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
    const returnVisit = {
      intent: "return-visit",
      version,
      scheduledDate: openDayAhead(),
      scheduledWindow: "afternoon",
      technicianId: alexId,
    };
    expect((await ask(`/office/leads/${id}`, { cookie: alex, form: returnVisit })).status).toBe(
      404,
    );
    expect(
      (
        await ask(`/office/dispatch?office=texas&day=${openDayAhead()}`, {
          cookie: alex,
          form: { ...returnVisit, requestId: id, window: "afternoon" },
        })
      ).status,
    ).toBe(404);
    const foreign = await ask(`/office/leads/${id}`, {
      cookie: dispatcher,
      origin: "https://evil.example",
      form: returnVisit,
    });
    expect(foreign.status).toBe(403);
    const past = await ask(`/office/leads/${id}`, {
      cookie: dispatcher,
      form: { ...returnVisit, scheduledDate: "2020-03-02" },
    });
    expect(past.status).toBe(400);
    expect(past.body).toContain("Choose today or a later day");
    const farAhead = await ask(`/office/leads/${id}`, {
      cookie: dispatcher,
      form: { ...returnVisit, scheduledDate: "9999-01-01" },
    });
    expect(farAhead.status).toBe(400);
    expect(farAhead.body).toContain("Choose a day from today to");
    const floridaTechnician = await ask(`/office/leads/${id}`, {
      cookie: dispatcher,
      form: { ...returnVisit, technicianId: floridaTechnicianId },
    });
    expect(floridaTechnician.status).toBe(400);
    expect(floridaTechnician.body).toContain("Choose the technician");

    // A request nobody is waiting on a part for.
    const other = await assignedToAlex();
    const otherLead = await ask(`/office/leads/${other.id}`, { cookie: dispatcher });
    const otherVersion = /name="version" value="(\d+)"/.exec(otherLead.body)?.[1] ?? "0";
    const notWaiting = await ask(`/office/leads/${other.id}`, {
      cookie: dispatcher,
      form: { ...returnVisit, version: otherVersion },
    });
    expect(notWaiting.status).toBe(400);
    expect(notWaiting.body).toContain("This request is not waiting for a part.");
    // Another office's request does not exist for this dispatcher.
    const florida = await book({ companyEmail: "florida@easyappliancerepair.com" });
    expect(
      (await ask(`/office/leads/${florida}`, { cookie: dispatcher, form: returnVisit })).status,
    ).toBe(404);

    expect(await earlierVisits(id)).toEqual([]);
  });
});
