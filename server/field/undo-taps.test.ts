import { randomUUID } from "node:crypto";

import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { leadEvents, outbox, requestVisits, texts } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { bookedVisit } from "../test-support/booked-visits";
import { deskClient } from "../test-support/desk-client";
import { requestRow } from "../test-support/request-rows";
import { startTestServer, type TestServer } from "../test-support/server";
import { startTwilioStandIn, type TwilioStandIn } from "../test-support/twilio";
import { e164Of } from "../texts/phone-numbers";
import { undoMessages } from "./undo-taps.server";

// Undo on My day: for 10 seconds (and a grace) after On my way, Arrived or Needs a part, the
// technician may take the tap back; the homeowner has then heard nothing, because the tap's news
// waits until an Undo can no longer come. Who else may undo (no one), how late (refused, with
// why), how often (once) and what a later tap does to an earlier Undo, each asked of the server.

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`Undo a tap (${database.label})`, () => {
    let server: TestServer;
    let provider: TwilioStandIn;
    const { add, ask } = deskClient(() => server);
    let dispatcher = "";
    let alex = "";
    let alexId = "";
    let bea = "";
    // 10:00 in Houston, a Tuesday: within text hours.
    let clock = new Date("2031-07-15T15:00:00Z");
    const today = "2031-07-15";
    const seconds = (count: number) => {
      clock = new Date(clock.getTime() + count * 1000);
    };

    beforeAll(async () => {
      provider = await startTwilioStandIn();
      server = await startTestServer({
        database,
        env: provider.env,
        now: () => clock,
        startWorker: false,
        withPages: true,
      });
      dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
      ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
      bea = (await add("technician", "Bea Tran", ["texas"])).cookie;
    });
    afterAll(async () => {
      await server?.close();
      await provider?.close();
    });

    /** A Texas request with an email and texts, booked today with Alex. */
    function bookedWithAlex() {
      return bookedVisit(server, ask, { dispatcher, technicianId: alexId, date: today });
    }

    /** A tap by Alex with a key of its own; the key is returned for its Undo. */
    async function tap(id: string, fields: Record<string, string>, cookie = alex) {
      const key = randomUUID();
      const answer = await ask("/office/day", {
        cookie,
        form: { requestId: id, tapKey: key, outOfOrder: "yes", ...fields },
      });
      return { key, status: answer.status };
    }

    function undo(id: string, key: string, cookie = alex) {
      return ask("/office/day", { cookie, form: { intent: "undo", requestId: id, tapKey: key } });
    }

    async function visitOf(id: string) {
      const row = await requestRow(server.serverApp.database.db, id);
      return {
        fieldStatus: row.fieldStatus,
        arrivingAt: row.arrivingAt?.toISOString() ?? null,
        partNeeded: row.partNeeded,
      };
    }

    async function fieldEvents(id: string) {
      const { db } = server.serverApp.database;
      const events = await db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "field")))
        .orderBy(asc(leadEvents.at));
      return events.map((event) => event.detail);
    }

    /** Sends everything due by the clock, then reads what the homeowner received. */
    async function received(email: string, phone: string) {
      await server.serverApp.outbox.drain();
      await server.serverApp.texts.drain();
      return {
        emails: server.smtp.received.filter((message) => message.envelopeTo.includes(email)).length,
        texts: provider.received.filter((text) => text.to === e164Of(phone)).length,
      };
    }

    async function newsRows(id: string) {
      const { db } = server.serverApp.database;
      const emails = await db.select().from(outbox).where(eq(outbox.subjectId, id));
      const textRows = await db.select().from(texts).where(eq(texts.requestId, id));
      return [...emails, ...textRows]
        .filter((row) => /on-the-way|part-needed/.test(row.kind))
        .map((row) => `${row.kind}: ${row.status}`)
        .sort();
    }

    test("On my way undone within 10 seconds: the visit as before, and the homeowner hears nothing, ever", async () => {
      const { id, email, phone } = await bookedWithAlex();
      const before = await received(email, phone);
      const onMyWay = await tap(id, { intent: "on-my-way", minutes: "20" });
      expect(onMyWay.status).toBe(302);
      expect((await visitOf(id)).fieldStatus).toBe("on-the-way");

      // The card offers Undo, with the tap's key, for the first 10 seconds only.
      const day = (await ask("/office/day", { cookie: alex })).body;
      expect(day).toContain(`name="tapKey" value="${onMyWay.key}"`);
      expect(day).toContain('aria-label="Undo On my way"');

      seconds(8);
      // Nothing has gone yet: the tap's news waits for an Undo.
      expect(await received(email, phone)).toEqual(before);
      const undone = await undo(id, onMyWay.key);
      expect(undone.status).toBe(302);
      expect(undone.location).toBe(`/office/day#visit-${id}`);
      expect(await visitOf(id)).toEqual({ fieldStatus: null, arrivingAt: null, partNeeded: null });
      expect(await fieldEvents(id)).toEqual([
        expect.stringMatching(/^On my way, arriving about/),
        "Undid On my way: the customer was not told",
      ]);

      // Long after: nothing was ever sent, and the rows say why.
      seconds(120);
      expect(await received(email, phone)).toEqual(before);
      expect(await newsRows(id)).toEqual([
        "text.on-the-way: cancelled",
        "visit.on-the-way.customer: cancelled",
      ]);
      expect((await ask("/office/day", { cookie: alex })).body).not.toContain("Undo On my way");

      // The undone tap does not count as told: the next On my way is told.
      expect((await tap(id, { intent: "on-my-way", minutes: "15" })).status).toBe(302);
      seconds(30);
      expect(await received(email, phone)).toEqual({
        emails: before.emails + 1,
        texts: before.texts + 1,
      });
    });

    test("not undone: the homeowner hears after the Undo's seconds, not before", async () => {
      const { id, email, phone } = await bookedWithAlex();
      const before = await received(email, phone);
      expect((await tap(id, { intent: "on-my-way", minutes: "20" })).status).toBe(302);
      seconds(14);
      expect(await received(email, phone)).toEqual(before);
      seconds(7);
      expect(await received(email, phone)).toEqual({
        emails: before.emails + 1,
        texts: before.texts + 1,
      });
    });

    test("too late, another's, unknown or not undoable: refused, and the visit stands", async () => {
      const { id, email, phone } = await bookedWithAlex();
      const onMyWay = await tap(id, { intent: "on-my-way", minutes: "20" });
      const standing = await visitOf(id);

      // Another technician, with the very key: the visit is not theirs.
      expect((await undo(id, onMyWay.key, bea)).status).toBe(404);
      // A dispatcher: My day is not theirs.
      expect((await undo(id, onMyWay.key, dispatcher)).status).toBe(404);
      // A key that is no tap of this visit.
      expect((await undo(id, randomUUID())).status).toBe(404);

      seconds(16);
      const late = await undo(id, onMyWay.key);
      expect(late.status).toBe(409);
      expect(late.body).toContain(undoMessages.tooLate);
      expect(await visitOf(id)).toEqual(standing);
      seconds(10);
      expect((await received(email, phone)).texts).toBeGreaterThan(0);
      expect(await newsRows(id)).toEqual([
        expect.stringMatching(/^text\.on-the-way: (queued|sent|delivered)$/),
        "visit.on-the-way.customer: sent",
      ]);

      // Done cannot be undone: its key is no Undo.
      const arrived = await tap(id, { intent: "arrived" });
      const done = await tap(id, {
        intent: "done",
        workDone: "Replaced the igniter",
        model: "WTW5000",
        serialNumber: "C1234567",
        amount: "189",
      });
      expect(done.status).toBe(302);
      expect((await undo(id, done.key)).status).toBe(404);
      // Nor, after Done, the Arrived before it.
      expect((await undo(id, arrived.key)).status).toBe(409);
      expect((await visitOf(id)).fieldStatus).toBe("done");
    });

    test("an Undo sent again changes nothing twice; a later tap stands on the one before it", async () => {
      const { id } = await bookedWithAlex();
      const onMyWay = await tap(id, { intent: "on-my-way", minutes: "20" });
      const onTheWay = await visitOf(id);
      seconds(2);
      const arrived = await tap(id, { intent: "arrived" });

      // On my way has Arrived on it: only Arrived may be undone.
      const refused = await undo(id, onMyWay.key);
      expect(refused.status).toBe(409);
      expect(refused.body).toContain(undoMessages.movedOn);

      expect((await undo(id, arrived.key)).status).toBe(302);
      expect((await undo(id, arrived.key)).status).toBe(302);
      expect(await visitOf(id)).toEqual(onTheWay);
      // With Arrived undone, On my way is the last tap again, and may still be undone.
      expect((await undo(id, onMyWay.key)).status).toBe(302);
      expect(await visitOf(id)).toEqual({ fieldStatus: null, arrivingAt: null, partNeeded: null });
      const events = await fieldEvents(id);
      expect(events.filter((detail) => detail.startsWith("Undid"))).toEqual([
        "Undid Arrived: the customer was not told",
        "Undid On my way: the customer was not told",
      ]);
    });

    test("Needs a part undone: back to Arrived, the part forgotten, its email never sent", async () => {
      const { id, email, phone } = await bookedWithAlex();
      await tap(id, { intent: "on-my-way", minutes: "20" });
      seconds(30);
      await tap(id, { intent: "arrived" });
      const before = await received(email, phone);
      const needsPart = await tap(id, { intent: "needs-part", part: "Door gasket" });
      expect(needsPart.status).toBe(302);
      expect((await visitOf(id)).partNeeded).toBe("Door gasket");
      seconds(5);
      expect(await received(email, phone)).toEqual(before);
      expect((await undo(id, needsPart.key)).status).toBe(302);
      expect(await visitOf(id)).toMatchObject({ fieldStatus: "arrived", partNeeded: null });
      seconds(60);
      expect(await received(email, phone)).toEqual(before);
      expect(await newsRows(id)).toContain("visit.part-needed.customer: cancelled");
    });

    test("Needs a part, then the return visit booked within the 10 seconds: its Undo is refused and the return visit keeps its own field state", async () => {
      const { id } = await bookedWithAlex();
      await tap(id, { intent: "arrived" });
      seconds(2);
      const needsPart = await tap(id, { intent: "needs-part", part: "Drain pump" });
      expect(needsPart.status).toBe(302);

      // The office books the return visit (visit 2, today, Alex again) from the lead page.
      seconds(3);
      const lead = (await ask(`/office/leads/${id}`, { cookie: dispatcher })).body;
      const version = /name="version" value="(\d+)"/.exec(lead)?.[1] ?? "0";
      const booked = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: {
          intent: "return-visit",
          version,
          scheduledDate: today,
          scheduledWindow: "afternoon",
          technicianId: alexId,
        },
      });
      expect(booked).toMatchObject({ status: 302, location: `/office/leads/${id}` });
      expect((await requestRow(server.serverApp.database.db, id)).visitNumber).toBe(2);

      // The card is visit 2's now: Needs a part was visit 1's, and no Undo of it is offered.
      const day = (await ask("/office/day", { cookie: alex })).body;
      expect(day).toContain(`id="visit-${id}"`);
      expect(day).not.toContain("Undo Needs a part");
      expect(day).not.toContain(`name="tapKey" value="${needsPart.key}"`);

      // An Undo sent anyway (a page loaded before the booking) is refused: the visit moved on.
      const refused = await undo(id, needsPart.key);
      expect(refused.status).toBe(409);
      expect(refused.body).toContain(undoMessages.movedOn);
      const { db } = server.serverApp.database;
      const visitRows = await db
        .select({
          number: requestVisits.number,
          fieldStatus: requestVisits.fieldStatus,
          partNeeded: requestVisits.partNeeded,
        })
        .from(requestVisits)
        .where(eq(requestVisits.requestId, id))
        .orderBy(asc(requestVisits.number));
      expect(visitRows).toEqual([
        { number: 1, fieldStatus: "needs-part", partNeeded: "Drain pump" },
        { number: 2, fieldStatus: null, partNeeded: "Drain pump" },
      ]);
      expect((await fieldEvents(id)).some((detail) => detail.startsWith("Undid"))).toBe(false);
    });

    test("an Undo that comes as the news is being sent is refused: the homeowner is never told a tap that did not stand", async () => {
      const { id } = await bookedWithAlex();
      const onMyWay = await tap(id, { intent: "on-my-way", minutes: "20" });
      // The worker took the email (as one whose clock runs ahead would): it may be on its way.
      const { db } = server.serverApp.database;
      await db
        .update(outbox)
        .set({ status: "sending" })
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "visit.on-the-way.customer")));
      const refused = await undo(id, onMyWay.key);
      expect(refused.status).toBe(409);
      expect(refused.body).toContain(undoMessages.tooLate);
      expect((await visitOf(id)).fieldStatus).toBe("on-the-way");
      expect((await fieldEvents(id)).some((detail) => detail.startsWith("Undid"))).toBe(false);
    });

    test("Undo pressed on two phones at once: one change, one timeline line", async () => {
      const { id } = await bookedWithAlex();
      const onMyWay = await tap(id, { intent: "on-my-way", minutes: "20" });
      const answers = await Promise.all(Array.from({ length: 6 }, () => undo(id, onMyWay.key)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(302));
      const events = await fieldEvents(id);
      expect(events.filter((detail) => detail.startsWith("Undid"))).toHaveLength(1);
    });
  });
}
