import { randomUUID } from "node:crypto";

import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { timeSlots } from "~/domain/time-slots";
import { formatVisitDay } from "~/domain/visit";
import { formatCalendarDate } from "~/domain/after-the-job";

import {
  leadEvents,
  outbox,
  requestPhotos,
  requestVisits,
  serviceRequests,
  windowPlaces,
} from "../db/schema";
import { erasePrivacyRecords } from "../desk/privacy.server";
import type { StaffMember } from "../desk/staff-accounts.server";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest, texasEmail, waitUntil } from "../test-support/fixtures";
import { requestRow, setRequest } from "../test-support/request-rows";
import { freshClientIp, startTestServer, type TestServer } from "../test-support/server";
import { addDays, isTimeSlotId } from "./windows";

// "Same problem again?", attacked as the holder of a private link would: through the page's own
// form, posted without JavaScript, on the real app and database. The repair's Done and payment
// are written straight to the row (their own tests drive the technician's taps).

const databases = await testDatabases();
const workDone = "Replaced the defrost heater";
/** What went wrong this time, as the homeowner writes it on the callback's form. */
const problem = "The freezer is warm again and the fan is loud";

/**
 * The app's clock and the test's: Monday, June 9, 2031, 3:00 PM in Houston when the file starts,
 * running on from there. Too late for that day's last window (it starts at 4:00, two hours' notice
 * is needed) and before 6:00 PM, so the first window offered is Tuesday morning's and its
 * evening-before reminder still waits, whatever the hour on the machine that runs this. Weeks
 * before the fixtures' own day (July 15, 2031), which the full-window test must not fill.
 */
const clockStartsAt = Date.parse("2031-06-09T20:00:00Z");
const startedAt = Date.now();
const testNow = () => new Date(clockStartsAt + (Date.now() - startedAt));

for (const database of databases) {
  describe.skipIf(!database.available)(`The warranty callback on ${database.label}`, () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let dispatcher: string;
    let floridaDispatcher: string;
    let alexId: string;
    let alex: string;
    let owner: StaffMember;
    let floridaTechnicianId: string;

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true, now: testNow });
      dispatcher = (await add("dispatcher", "Dana Dispatch", ["texas"])).cookie;
      floridaDispatcher = (await add("dispatcher", "Fred Florida", ["florida"])).cookie;
      ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
      const olive = await add("owner", "Olive Owner", ["texas"]);
      owner = {
        id: olive.id,
        email: olive.email,
        name: "Olive Owner",
        role: "owner",
        offices: ["texas"],
        disabledAt: null,
        twoFactorEnabled: false,
      };
      floridaTechnicianId = (await add("technician", "Flo Reyes", ["florida"])).id;
    });
    afterAll(async () => {
      await server?.close();
    });

    async function read(path: string, cookie = "") {
      const answer = await fetch(`${server.baseUrl}${path}`, {
        redirect: "manual",
        headers: { cookie, "X-Forwarded-For": freshClientIp() },
      });
      return { status: answer.status, body: (await answer.text()).replaceAll("<!-- -->", "") };
    }

    function post(path: string, fields: Record<string, string>, ip = freshClientIp()) {
      return fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": ip },
        body: new URLSearchParams(fields),
      });
    }

    function todayInTexas() {
      return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(testNow());
    }

    /** A Texas request whose repair Alex finished two days ago, paid, guaranteed until `warrantyEnds`. */
    async function repaired(
      warrantyEnds: string | null = addDays(todayInTexas(), 80),
      technicianId = alexId,
    ): Promise<{ id: string; path: string }> {
      const booked = await server.post("/api/send-email", serviceRequest({ email: mailbox() }));
      expect(booked.status).toBe(201);
      const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
      const { db } = server.serverApp.database;
      await setRequest(db, id, {
        status: "completed",
        scheduledDate: addDays(todayInTexas(), -2),
        scheduledWindow: "morning",
        technician: technicianId === alexId ? "Alex Rivera" : "Flo Reyes",
        technicianId,
        fieldStatus: "done",
        doneAt: testNow(),
        workDone,
        ...(warrantyEnds ? { paid: { method: "card", cents: 18_900, at: testNow() } } : {}),
        warrantyDays: warrantyEnds ? 90 : null,
        warrantyEnds,
      });
      return { id, path: new URL(requestUrl).pathname };
    }

    let mailboxes = 0;
    function mailbox() {
      mailboxes += 1;
      return `warranty-${mailboxes}-${randomUUID().slice(0, 8)}@example.com`;
    }

    /** The windows the warranty section offers, as its radio values ("yyyy-mm-dd/window"). */
    async function offered(path: string): Promise<string[]> {
      const { body } = await read(path);
      return [...body.matchAll(/name="window" value="(\d{4}-\d\d-\d\d\/[a-z]+)"/g)].map(
        (match) => match[1]!,
      );
    }

    async function rowOf(id: string) {
      return requestRow(server.serverApp.database.db, id);
    }

    /** The request's visits, the current one included, oldest first. */
    async function visitsOf(id: string) {
      const { db } = server.serverApp.database;
      return db
        .select()
        .from(requestVisits)
        .where(eq(requestVisits.requestId, id))
        .orderBy(asc(requestVisits.number));
    }

    /** "2031-07-15/morning" → its day and window. */
    function placeOf(choice: string) {
      const [date, window] = choice.split("/");
      if (!date || !isTimeSlotId(window)) throw new Error(`Not a window: ${choice}`);
      return { date, window };
    }

    async function placesTaken(choice: string) {
      const { date, window } = placeOf(choice);
      const { db } = server.serverApp.database;
      const [place] = await db
        .select({ taken: windowPlaces.taken })
        .from(windowPlaces)
        .where(
          and(
            eq(windowPlaces.office, "texas"),
            eq(windowPlaces.date, date),
            eq(windowPlaces.window, window),
          ),
        );
      return place?.taken ?? 0;
    }

    test("within the warranty, one POST books a no-charge callback on the same request", async () => {
      const { id, path } = await repaired();
      const before = await rowOf(id);
      const page = await read(path);
      expect(page.body).toContain("Same problem again?");
      expect(page.body).toContain(
        `Your repair is guaranteed until <strong>${formatCalendarDate(before.warrantyEnds!)}</strong>`,
      );
      expect(page.body).toContain("Book a free warranty visit");
      const [choice] = await offered(path);
      expect(choice).toBeDefined();
      const [date, window] = choice!.split("/");
      const placesBefore = await placesTaken(choice!);

      const answer = await post(path, { intent: "warranty-callback", problem, window: choice! });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect((await answer.text()).replaceAll("<!-- -->", "")).toContain(
        "Your free warranty visit is booked for",
      );

      const after = await rowOf(id);
      expect(after).toMatchObject({
        status: "scheduled",
        visitNumber: 2,
        warrantyCallback: true,
        scheduledDate: date,
        scheduledWindow: window,
        technicianId: alexId,
        technician: "Alex Rivera",
        fieldStatus: null,
        heldDate: date,
        heldWindow: window,
      });
      expect(await placesTaken(choice!)).toBe(placesBefore + 1);
      const { db } = server.serverApp.database;
      // The repair keeps its row with how it ended; the callback is the row after it, the
      // request's current visit (read above as the request's booking).
      expect(
        await db
          .select({
            number: requestVisits.number,
            fieldStatus: requestVisits.fieldStatus,
            detail: requestVisits.detail,
            technicianId: requestVisits.technicianId,
          })
          .from(requestVisits)
          .where(eq(requestVisits.requestId, id))
          .orderBy(asc(requestVisits.number)),
      ).toEqual([
        { number: 1, fieldStatus: "done", detail: workDone, technicianId: alexId },
        { number: 2, fieldStatus: null, detail: "", technicianId: alexId },
      ]);
      const events = await db
        .select({ detail: leadEvents.detail })
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "warranty-callback")));
      const slot = timeSlots.find((candidate) => candidate.id === window)!;
      expect(events).toEqual([
        {
          detail: `Warranty callback booked by the customer: ${formatVisitDay(date!)}, ${slot.label.toLowerCase()}. What went wrong: ${problem}`,
        },
      ]);

      // The office is told at once; the homeowner gets the visit's own calendar event.
      await waitUntil(() =>
        server.smtp.received.some(
          (email) =>
            email.envelopeTo.includes(texasEmail) &&
            (email.parsed.subject ?? "").startsWith("Warranty callback booked by the customer") &&
            (email.parsed.text ?? "").includes(id),
        ),
      );
      const office = server.smtp.received.find(
        (email) =>
          email.envelopeTo.includes(texasEmail) &&
          (email.parsed.subject ?? "").startsWith("Warranty callback booked by the customer") &&
          (email.parsed.text ?? "").includes(id),
      )!;
      expect(office.parsed.subject).toBe(
        "Warranty callback booked by the customer: Refrigerator — Jane Doe",
      );
      expect(office.parsed.text).toContain(workDone);
      expect(office.parsed.text).toContain(`/office/leads/${id}`);
      await waitUntil(() =>
        server.smtp.received.some(
          (email) =>
            email.envelopeTo.includes(before.email) &&
            (email.parsed.subject ?? "").startsWith("Your warranty visit is booked"),
        ),
      );
      const confirmation = server.smtp.received.find(
        (email) =>
          email.envelopeTo.includes(before.email) &&
          (email.parsed.subject ?? "").startsWith("Your warranty visit is booked"),
      )!;
      expect(confirmation.parsed.text).toContain("No charge");
      const invite = confirmation.parsed.attachments.find((file) =>
        file.contentType.startsWith("text/calendar"),
      );
      expect(invite?.content.toString()).toContain(`UID:service-request-${id}-visit-2@`);
      const reminders = await db
        .select({ status: outbox.status })
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "visit.reminder.customer")));
      expect(reminders.map((reminder) => reminder.status)).toContain("pending");

      // The page now says the visit is booked, free, and offers no second one.
      const booked = await read(path);
      expect(booked.body).toContain("Your warranty visit");
      expect(booked.body).toContain("No charge.");
      expect(booked.body).not.toContain("Book a free warranty visit");
      // A second POST is refused: one callback at a time.
      const again = await post(path, { intent: "warranty-callback", problem, window: choice! });
      expect(again.status).toBe(409);
      expect(await again.text()).toContain("Your warranty visit is already booked");
    });

    test("the desk shows the callback to the office's staff, and another office's gets 404", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      expect(
        (await post(path, { intent: "warranty-callback", problem, window: choice! })).status,
      ).toBe(200);

      const inbox = await read("/office", dispatcher);
      expect(inbox.status).toBe(200);
      const row = inbox.body.slice(inbox.body.indexOf(`/office/leads/${id}`));
      expect(row.slice(0, row.indexOf("</tr>"))).toContain("Warranty callback");
      const lead = await read(`/office/leads/${id}`, dispatcher);
      expect(lead.status).toBe(200);
      expect(lead.body).toContain("Status: <strong>Warranty callback</strong>");
      expect(lead.body).toContain("Warranty callback booked by the customer:");
      expect(lead.body).toContain("Booked warranty callback (no charge)");

      expect((await read(`/office/leads/${id}`, floridaDispatcher)).status).toBe(404);
    });

    test("a technician who left the office is not kept: the board shows the callback unassigned", async () => {
      const { id, path } = await repaired(addDays(todayInTexas(), 30), floridaTechnicianId);
      const [choice] = await offered(path);
      expect(
        (await post(path, { intent: "warranty-callback", problem, window: choice! })).status,
      ).toBe(200);
      expect(await rowOf(id)).toMatchObject({ technicianId: null, technician: null });
      const [date] = choice!.split("/");
      const board = await read(`/office/dispatch?office=texas&day=${date}`, dispatcher);
      expect(board.status).toBe(200);
      expect(board.body).toContain("Warranty callback: Booked");
    });

    test("five POSTs at once book exactly one callback", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      const placesBefore = await placesTaken(choice!);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          post(path, { intent: "warranty-callback", problem, window: choice! }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409]);
      for (const answer of answers.filter((candidate) => candidate.status === 409)) {
        expect(await answer.text()).toContain("Your warranty visit is already booked");
      }
      const { db } = server.serverApp.database;
      // One visit ended (the repair's row) and one callback booked (the current visit's row).
      expect((await visitsOf(id)).map((visit) => visit.number)).toEqual([1, 2]);
      expect((await rowOf(id)).visitNumber).toBe(2);
      expect(await placesTaken(choice!)).toBe(placesBefore + 1);
      const events = await db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "warranty-callback")));
      expect(events).toHaveLength(1);
    });

    test("opening the page (GET) changes nothing", async () => {
      const { id, path } = await repaired();
      const before = await rowOf(id);
      for (let index = 0; index < 3; index += 1) expect((await read(path)).status).toBe(200);
      expect(await rowOf(id)).toEqual(before);
    });

    test("after the warranty's last day the page offers a new booking and the POST is refused", async () => {
      const ended = addDays(todayInTexas(), -1);
      const { id, path } = await repaired(ended);
      const page = await read(path);
      expect(page.body).toContain(`Your warranty ended on ${formatCalendarDate(ended)}.`);
      expect(page.body).toContain("Book a new repair");
      expect(page.body).toContain("/modals/schedule?appliance=refrigerator");
      expect(page.body).not.toContain("Same problem again?");
      const choice = `${addDays(todayInTexas(), 3)}/afternoon`;
      const answer = await post(path, { intent: "warranty-callback", problem, window: choice });
      expect(answer.status).toBe(409);
      expect(await answer.text()).toContain(`Your warranty ended on ${formatCalendarDate(ended)}`);
      expect((await rowOf(id)).status).toBe("completed");
    });

    test("the last day itself is still under warranty", async () => {
      const { path } = await repaired(todayInTexas());
      expect((await read(path)).body).toContain("Same problem again?");
    });

    test("a repair never paid has no warranty to claim", async () => {
      const { id, path } = await repaired(null);
      expect((await read(path)).body).toContain("Book a new repair");
      const answer = await post(path, {
        intent: "warranty-callback",
        problem,
        window: `${addDays(todayInTexas(), 3)}/afternoon`,
      });
      expect(answer.status).toBe(409);
      expect(await answer.text()).toContain("no warranty to claim");
      expect((await rowOf(id)).status).toBe("completed");
    });

    test("a cancelled request is refused", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      const { db } = server.serverApp.database;
      await db
        .update(serviceRequests)
        .set({ status: "cancelled" })
        .where(eq(serviceRequests.id, id));
      const answer = await post(path, { intent: "warranty-callback", problem, window: choice! });
      expect(answer.status).toBe(409);
      expect(await answer.text()).toContain("This request was cancelled");
    });

    test("a full window is refused with the move's words, a closed one as not offered", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      const { date, window } = placeOf(choice!);
      const { db } = server.serverApp.database;
      await db
        .insert(windowPlaces)
        .values({ office: "texas", date, window, taken: 100_000 })
        .onConflictDoUpdate({
          target: [windowPlaces.office, windowPlaces.date, windowPlaces.window],
          set: { taken: 100_000 },
        });
      const full = await post(path, { intent: "warranty-callback", problem, window: choice! });
      expect(full.status).toBe(409);
      expect(await full.text()).toContain("That window just filled up");

      let sunday = addDays(todayInTexas(), 1);
      while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
      const closed = await post(path, {
        intent: "warranty-callback",
        problem,
        window: `${sunday}/morning`,
      });
      expect(closed.status).toBe(400);
      expect(await closed.text()).toContain("Choose one of the open windows.");
      const nonsense = await post(path, { intent: "warranty-callback", problem, window: "soon" });
      expect(nonsense.status).toBe(400);
      expect((await rowOf(id)).status).toBe("completed");
    });

    test("cancelling the warranty visit cancels only it: the paid repair stays completed, guaranteed and receipted, and a new callback can be booked", async () => {
      const { id, path } = await repaired();
      const repairedRow = await rowOf(id);
      const [choice] = await offered(path);
      expect(
        (await post(path, { intent: "warranty-callback", problem, window: choice! })).status,
      ).toBe(200);
      const placesWithCallback = await placesTaken(choice!);

      const cancelled = await post(path, { intent: "cancel" });
      expect(cancelled.status).toBe(200);
      const after = await rowOf(id);
      expect(after).toMatchObject({
        status: "completed",
        fieldStatus: "done",
        warrantyCallback: false,
        visitNumber: 1,
        scheduledDate: repairedRow.scheduledDate,
        scheduledWindow: repairedRow.scheduledWindow,
        technicianId: alexId,
        workDone,
        paymentCents: 18_900,
        warrantyEnds: repairedRow.warrantyEnds,
        heldDate: null,
      });
      expect(await placesTaken(choice!)).toBe(placesWithCallback - 1);
      const { db } = server.serverApp.database;
      // No earlier visit is left: the callback's row is gone and the repair's is the current one.
      expect(await visitsOf(id)).toMatchObject([
        {
          number: 1,
          date: repairedRow.scheduledDate,
          window: repairedRow.scheduledWindow,
          technicianId: alexId,
          fieldStatus: "done",
          warrantyCallback: false,
        },
      ]);
      const cancellation = await db
        .select({ kind: outbox.kind })
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "visit.cancelled.customer")));
      expect(cancellation).toHaveLength(1);
      const events = await db
        .select({ kind: leadEvents.kind, toStatus: leadEvents.toStatus, detail: leadEvents.detail })
        .from(leadEvents)
        .where(eq(leadEvents.leadId, id))
        .orderBy(asc(leadEvents.at));
      expect(events.at(-1)).toEqual({
        kind: "warranty-callback",
        toStatus: "completed",
        detail: "Warranty callback cancelled on the private page",
      });

      // The page is the repaired job's again: its receipt, and a new callback to book.
      expect((await read(`${path}/receipt`)).status).toBe(200);
      const page = await read(path);
      expect(page.body).toContain("Same problem again?");
      expect(page.body).toContain("Book a free warranty visit");
      const [again] = await offered(path);
      expect(
        (await post(path, { intent: "warranty-callback", problem, window: again! })).status,
      ).toBe(200);
      expect(await rowOf(id)).toMatchObject({
        status: "scheduled",
        warrantyCallback: true,
        visitNumber: 2,
      });
    });

    test("the office cancelling the callback on the lead page ends only it too: the repair stays completed and guaranteed", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      expect(
        (await post(path, { intent: "warranty-callback", problem, window: choice! })).status,
      ).toBe(200);
      const lead = await read(`/office/leads/${id}`, dispatcher);
      const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1];
      expect(version).toBeDefined();
      const cancelled = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: { intent: "status", version: version!, status: "cancelled" },
      });
      expect(cancelled.status).toBe(302);
      expect(await rowOf(id)).toMatchObject({
        status: "completed",
        warrantyCallback: false,
        visitNumber: 1,
        fieldStatus: "done",
        paymentCents: 18_900,
      });
      const after = await read(`/office/leads/${id}`, dispatcher);
      expect(after.body).toContain("Status: <strong>Completed</strong>");
      expect(after.body).toContain("Warranty callback cancelled");
      expect((await read(path)).body).toContain("Book a free warranty visit");
    });

    test("past the day's changes from one address: 429 with Retry-After", async () => {
      const ip = freshClientIp();
      // Five changes from the address on other requests use its day's budget.
      for (let index = 0; index < 5; index += 1) {
        const booked = await server.post("/api/send-email", serviceRequest());
        const { requestUrl } = (await booked.json()) as { requestUrl: string };
        expect((await post(new URL(requestUrl).pathname, { intent: "cancel" }, ip)).status).toBe(
          200,
        );
      }
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      const answer = await post(
        path,
        { intent: "warranty-callback", problem, window: choice! },
        ip,
      );
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await answer.text()).toContain("Too many changes today. Please call us.");
      expect((await rowOf(id)).status).toBe("completed");
    });

    /**
     * The page's own callback form as the browser sends it: multipart, its words, the window, and
     * the photo input (a file, or the empty part a browser sends when none was chosen).
     */
    function postCallback(
      path: string,
      fields: { problem?: string; window: string },
      photo?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
      ip = freshClientIp(),
    ) {
      const form = new FormData();
      form.set("intent", "warranty-callback");
      if (fields.problem !== undefined) form.set("problem", fields.problem);
      form.set("window", fields.window);
      form.set(
        "photo",
        photo
          ? new Blob([photo.bytes], { type: photo.type })
          : new Blob([], { type: "application/octet-stream" }),
        photo?.name ?? "",
      );
      return fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "X-Forwarded-For": ip },
        body: form,
      });
    }

    let pngBytes: Uint8Array<ArrayBuffer> | undefined;
    async function png() {
      pngBytes ??= new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: "#9b2226" } })
          .png()
          .toBuffer(),
      );
      return { bytes: pngBytes, name: "freezer.png", type: "image/png" };
    }

    async function photosOf(id: string) {
      const { db } = server.serverApp.database;
      return db
        .select({ id: requestPhotos.id })
        .from(requestPhotos)
        .where(eq(requestPhotos.requestId, id));
    }

    async function callbackEventsOf(id: string) {
      const { db } = server.serverApp.database;
      return db
        .select({ detail: leadEvents.detail })
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "warranty-callback")));
    }

    /** Nothing of a refused callback was written: the repair as it was, no photo, no event. */
    async function expectNothingBooked(id: string) {
      expect(await rowOf(id)).toMatchObject({
        status: "completed",
        warrantyCallback: false,
        visitNumber: 1,
        callbackProblem: null,
        callbackPhotoId: null,
      });
      expect(await photosOf(id)).toEqual([]);
      expect(await callbackEventsOf(id)).toEqual([]);
    }

    test("what went wrong is asked: without the words, 400 with the message under the field, and nothing is booked", async () => {
      const { id, path } = await repaired();
      const page = await read(path);
      expect(page.body).toContain("What went wrong this time?");
      // A real multipart POST, with or without JavaScript (React writes the attribute encType).
      const form = /<form[^>]*#warranty"[^>]*>/.exec(page.body)?.[0];
      expect(form).toMatch(/encType="multipart\/form-data"/i);
      expect(form).toMatch(/method="post"/);
      const [choice] = await offered(path);
      for (const words of [undefined, "", "   \n  "]) {
        const answer = await postCallback(path, { problem: words, window: choice! }, await png());
        expect(answer.status).toBe(400);
        const body = await answer.text();
        expect(body).toContain("Tell us what went wrong this time");
        // The page comes back whole, the form's words as they were and the windows to choose.
        expect(body).toContain("Same problem again?");
      }
      // Posted without the page's form (no photo part) it is refused the same.
      const plain = await post(path, { intent: "warranty-callback", window: choice! });
      expect(plain.status).toBe(400);
      expect(await plain.text()).toContain("Tell us what went wrong this time");
      await expectNothingBooked(id);
    });

    test("more than 1,000 characters of words are refused, and nothing is booked", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      const long = "The ice maker leaks again. ".repeat(38).slice(0, 1001);
      const answer = await postCallback(path, { problem: long, window: choice! });
      expect(answer.status).toBe(400);
      const body = (await answer.text()).replaceAll("<!-- -->", "");
      expect(body).toContain("Use at most 1,000 characters");
      // What was typed comes back in its field, not lost.
      expect(body).toContain(long.slice(0, 200));
      await expectNothingBooked(id);
      // Exactly 1,000 is taken.
      const answerAtLimit = await postCallback(path, {
        problem: long.slice(0, 1000),
        window: choice!,
      });
      expect(answerAtLimit.status).toBe(200);
      expect((await rowOf(id)).callbackProblem).toBe(long.slice(0, 1000).trim());
    });

    test("a file that is no photo is refused under the photo's field, and nothing is booked", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      const answer = await postCallback(
        path,
        { problem, window: choice! },
        {
          bytes: new TextEncoder().encode("not a photo at all"),
          name: "notes.txt",
          type: "image/png",
        },
      );
      expect(answer.status).toBe(400);
      const body = (await answer.text()).replaceAll("<!-- -->", "");
      expect(body).toContain("is not a JPEG, PNG or WebP photo.");
      expect(body).toContain(problem);
      await expectNothingBooked(id);
    });

    test("the words and the photo are kept with the visit: its timeline line, the page, the desk and the technician's My day card show them", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      const answer = await postCallback(
        path,
        { problem: `  ${problem}\n`, window: choice! },
        await png(),
      );
      expect(answer.status).toBe(200);
      expect((await answer.text()).replaceAll("<!-- -->", "")).toContain(
        "Your free warranty visit is booked for",
      );
      const row = await rowOf(id);
      expect(row).toMatchObject({
        status: "scheduled",
        warrantyCallback: true,
        callbackProblem: problem,
      });
      const photos = await photosOf(id);
      expect(photos).toHaveLength(1);
      expect(row.callbackPhotoId).toBe(photos[0]!.id);
      const [event] = await callbackEventsOf(id);
      expect(event?.detail).toContain(`What went wrong: ${problem} (with a photo)`);

      // The homeowner's page says what they told us.
      const page = await read(path);
      expect(page.body).toContain("What you told us");
      expect(page.body).toContain(problem);

      // Alex's My day: the card of tomorrow's warranty visit says what went wrong, with the photo.
      const day = await read("/office/day", alex);
      expect(day.status).toBe(200);
      expect(day.body).toContain(`<strong>What went wrong:</strong> ${problem}`);
      const photoUrl = `/office/leads/${id}/photos/${row.callbackPhotoId}`;
      expect(day.body).toContain(`src="${photoUrl}"`);
      expect(day.body).toContain('alt="Photo of what went wrong, from the homeowner"');
      const photo = await fetch(`${server.baseUrl}${photoUrl}`, { headers: { cookie: alex } });
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/png");

      // The desk's lead page.
      const lead = await read(`/office/leads/${id}`, dispatcher);
      expect(lead.body).toContain("What went wrong (warranty visit)");
      expect(lead.body).toContain(problem);
    });

    test("the office's email says what went wrong, in the homeowner's words", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      const words = 'Shows "E5" & <beeps>, then stops cooling';
      const answer = await post(path, {
        intent: "warranty-callback",
        problem: words,
        window: choice!,
      });
      expect(answer.status).toBe(200);
      const toOffice = (email: (typeof server.smtp.received)[number]) =>
        email.envelopeTo.includes(texasEmail) &&
        (email.parsed.subject ?? "").startsWith("Warranty callback booked by the customer") &&
        (email.parsed.text ?? "").includes(id);
      await waitUntil(() => server.smtp.received.some(toOffice));
      const office = server.smtp.received.find(toOffice)!;
      expect(office.parsed.text).toContain(`What went wrong: ${words}`);
      expect(String(office.parsed.html)).toContain(
        "Shows &quot;E5&quot; &amp; &lt;beeps&gt;, then stops cooling",
      );
    });

    test("a request that holds all its photos still books the callback with its words, and a photo sent is refused as the budget says", async () => {
      const { id, path } = await repaired();
      const { db } = server.serverApp.database;
      for (let index = 0; index < 5; index += 1) {
        const added = new FormData();
        added.set("intent", "photos");
        added.append("photos", new Blob([(await png()).bytes], { type: "image/png" }), "p.png");
        const answer = await fetch(`${server.baseUrl}${path}`, {
          method: "POST",
          headers: { "X-Forwarded-For": freshClientIp() },
          body: added,
        });
        expect(answer.status).toBe(200);
      }
      const page = await read(path);
      expect(page.body).toContain("What went wrong this time?");
      expect(page.body).not.toContain("A photo of it (optional)");
      const [choice] = await offered(path);
      const withPhoto = await postCallback(path, { problem, window: choice! }, await png());
      expect(withPhoto.status).toBe(429);
      expect(await withPhoto.text()).toContain("book the visit without one");
      expect((await rowOf(id)).warrantyCallback).toBe(false);
      const booked = await postCallback(path, { problem, window: choice! });
      expect(booked.status).toBe(200);
      expect(await rowOf(id)).toMatchObject({
        warrantyCallback: true,
        callbackProblem: problem,
        callbackPhotoId: null,
      });
      expect(
        await db
          .select({ id: requestPhotos.id })
          .from(requestPhotos)
          .where(eq(requestPhotos.requestId, id)),
      ).toHaveLength(5);
    });

    test("the words go with the callback: cancelled, the repair's visit is back without them", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      expect((await postCallback(path, { problem, window: choice! }, await png())).status).toBe(
        200,
      );
      expect((await post(path, { intent: "cancel" })).status).toBe(200);
      expect(await rowOf(id)).toMatchObject({
        status: "completed",
        warrantyCallback: false,
        callbackProblem: null,
        callbackPhotoId: null,
      });
    });

    test("erasure blanks the words, the photo and the timeline line that said them", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      expect((await postCallback(path, { problem, window: choice! }, await png())).status).toBe(
        200,
      );
      const { email } = await rowOf(id);
      const { db } = server.serverApp.database;
      await erasePrivacyRecords(db, owner, { email });
      const erased = await rowOf(id);
      expect(erased.erasedAt).not.toBeNull();
      expect(erased).toMatchObject({ callbackProblem: null, callbackPhotoId: null });
      expect(await photosOf(id)).toEqual([]);
      const events = await callbackEventsOf(id);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(event.detail).not.toContain(problem);
      const lead = await read(`/office/leads/${id}`, dispatcher);
      expect(lead.body).not.toContain(problem);
    });

    test("an unknown link is a 404", async () => {
      const answer = await post(`/requests/${"A".repeat(43)}`, {
        intent: "warranty-callback",
        problem,
        window: `${addDays(todayInTexas(), 3)}/afternoon`,
      });
      expect(answer.status).toBe(404);
    });
  });
}
