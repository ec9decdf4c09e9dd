import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { timeSlots } from "~/domain/time-slots";
import { formatVisitDay } from "~/domain/visit";
import { formatCalendarDate } from "~/domain/after-the-job";

import { leadEvents, outbox, requestVisits, serviceRequests, windowPlaces } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest, texasEmail, waitUntil } from "../test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "../test-support/server";
import { addDays, isTimeSlotId } from "./windows";

// "Same problem again?", attacked as the holder of a private link would: through the page's own
// form, posted without JavaScript, on the real app and database. The repair's Done and payment
// are written straight to the row (their own tests drive the technician's taps).

const databases = await testDatabases();
const workDone = "Replaced the defrost heater";

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
    let floridaTechnicianId: string;

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true, now: testNow });
      dispatcher = (await add("dispatcher", "Dana Dispatch", ["texas"])).cookie;
      floridaDispatcher = (await add("dispatcher", "Fred Florida", ["florida"])).cookie;
      alexId = (await add("technician", "Alex Rivera", ["texas"])).id;
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
      await db
        .update(serviceRequests)
        .set({
          status: "completed",
          scheduledDate: addDays(todayInTexas(), -2),
          scheduledWindow: "morning",
          technician: technicianId === alexId ? "Alex Rivera" : "Flo Reyes",
          technicianId,
          fieldStatus: "done",
          doneAt: testNow(),
          workDone,
          paymentMethod: warrantyEnds ? "card" : null,
          paymentCents: warrantyEnds ? 18_900 : null,
          paidAt: warrantyEnds ? testNow() : null,
          warrantyDays: warrantyEnds ? 90 : null,
          warrantyEnds,
        })
        .where(eq(serviceRequests.id, id));
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
      const { db } = server.serverApp.database;
      const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
      return row!;
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

      const answer = await post(path, { intent: "warranty-callback", window: choice! });
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
      expect(
        await db
          .select({
            number: requestVisits.number,
            outcome: requestVisits.outcome,
            detail: requestVisits.detail,
            technicianId: requestVisits.technicianId,
          })
          .from(requestVisits)
          .where(eq(requestVisits.requestId, id)),
      ).toEqual([{ number: 1, outcome: "done", detail: workDone, technicianId: alexId }]);
      const events = await db
        .select({ detail: leadEvents.detail })
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "warranty-callback")));
      const slot = timeSlots.find((candidate) => candidate.id === window)!;
      expect(events).toEqual([
        {
          detail: `Warranty callback booked by the customer: ${formatVisitDay(date!)}, ${slot.label.toLowerCase()}`,
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
      const again = await post(path, { intent: "warranty-callback", window: choice! });
      expect(again.status).toBe(409);
      expect(await again.text()).toContain("Your warranty visit is already booked");
    });

    test("the desk shows the callback to the office's staff, and another office's gets 404", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      expect((await post(path, { intent: "warranty-callback", window: choice! })).status).toBe(200);

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
      expect((await post(path, { intent: "warranty-callback", window: choice! })).status).toBe(200);
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
          post(path, { intent: "warranty-callback", window: choice! }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409]);
      for (const answer of answers.filter((candidate) => candidate.status === 409)) {
        expect(await answer.text()).toContain("Your warranty visit is already booked");
      }
      const { db } = server.serverApp.database;
      expect(
        await db.select().from(requestVisits).where(eq(requestVisits.requestId, id)),
      ).toHaveLength(1);
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
      const answer = await post(path, { intent: "warranty-callback", window: choice });
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
      const answer = await post(path, { intent: "warranty-callback", window: choice! });
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
      const full = await post(path, { intent: "warranty-callback", window: choice! });
      expect(full.status).toBe(409);
      expect(await full.text()).toContain("That window just filled up");

      let sunday = addDays(todayInTexas(), 1);
      while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
      const closed = await post(path, { intent: "warranty-callback", window: `${sunday}/morning` });
      expect(closed.status).toBe(400);
      expect(await closed.text()).toContain("Choose one of the open windows.");
      const nonsense = await post(path, { intent: "warranty-callback", window: "soon" });
      expect(nonsense.status).toBe(400);
      expect((await rowOf(id)).status).toBe("completed");
    });

    test("cancelling the warranty visit cancels only it: the paid repair stays completed, guaranteed and receipted, and a new callback can be booked", async () => {
      const { id, path } = await repaired();
      const repairedRow = await rowOf(id);
      const [choice] = await offered(path);
      expect((await post(path, { intent: "warranty-callback", window: choice! })).status).toBe(200);
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
      expect(await db.select().from(requestVisits).where(eq(requestVisits.requestId, id))).toEqual(
        [],
      );
      const cancellation = await db
        .select({ kind: outbox.kind })
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "visit.cancelled.customer")));
      expect(cancellation).toHaveLength(1);
      const events = await db
        .select({ kind: leadEvents.kind, toStatus: leadEvents.toStatus, detail: leadEvents.detail })
        .from(leadEvents)
        .where(eq(leadEvents.leadId, id));
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
      expect((await post(path, { intent: "warranty-callback", window: again! })).status).toBe(200);
      expect(await rowOf(id)).toMatchObject({
        status: "scheduled",
        warrantyCallback: true,
        visitNumber: 2,
      });
    });

    test("the office cancelling the callback on the lead page ends only it too: the repair stays completed and guaranteed", async () => {
      const { id, path } = await repaired();
      const [choice] = await offered(path);
      expect((await post(path, { intent: "warranty-callback", window: choice! })).status).toBe(200);
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
      const answer = await post(path, { intent: "warranty-callback", window: choice! }, ip);
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await answer.text()).toContain("Too many changes today. Please call us.");
      expect((await rowOf(id)).status).toBe("completed");
    });

    test("an unknown link is a 404", async () => {
      const answer = await post(`/requests/${"A".repeat(43)}`, {
        intent: "warranty-callback",
        window: `${addDays(todayInTexas(), 3)}/afternoon`,
      });
      expect(answer.status).toBe(404);
    });
  });
}
