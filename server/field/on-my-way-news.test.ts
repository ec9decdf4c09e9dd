import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { leadEvents, outbox, texts } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { bookedVisit } from "../test-support/booked-visits";
import { deskClient } from "../test-support/desk-client";
import { startTestServer, type TestServer } from "../test-support/server";
import { startTwilioStandIn, type TwilioStandIn } from "../test-support/twilio";
import { e164Of } from "../texts/phone-numbers";

// A technician's On my way, tapped again and again (by habit, by a stuck phone, on purpose): the
// homeowner hears it once a visit, again only when the time moves 30 minutes, 3 times at most;
// every tap still reaches the timeline. "Not sent" is read from the drained queues' rows.

const databases = await testDatabases();

// On PostgreSQL too: there the taps sent at once really race for the visit.
for (const database of databases) {
  describe.skipIf(!database.available)(`On my way, again and again (${database.label})`, () => {
    let server: TestServer;
    let provider: TwilioStandIn;
    const { add, ask } = deskClient(() => server);
    let dispatcher = "";
    let alex = "";
    let alexId = "";
    // 10:00 in Houston, a Tuesday: within text hours, and what the database stamps is due.
    let clock = new Date("2031-07-15T15:00:00Z");
    const today = "2031-07-15";

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
    });
    afterAll(async () => {
      await server?.close();
      await provider?.close();
    });

    /** A Texas request with an email and texts, booked today with Alex. */
    function bookedWithAlex() {
      return bookedVisit(server, ask, { dispatcher, technicianId: alexId, date: today });
    }

    async function versionOf(id: string) {
      const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
      return /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
    }

    function tap(id: string, fields: Record<string, string>) {
      return ask("/office/day", {
        cookie: alex,
        form: { requestId: id, tapKey: randomUUID(), ...fields },
      });
    }

    function onMyWay(id: string, minutes: number) {
      // Alex's earlier visits of the day stay unfinished here: he goes to this one first.
      return tap(id, { intent: "on-my-way", minutes: String(minutes), outOfOrder: "yes" });
    }

    /**
     * Every email and text waiting is sent (or held back) before the rows are read: the clock
     * moves past the seconds a tap's news waits for an Undo first.
     */
    async function drained() {
      clock = new Date(clock.getTime() + 30_000);
      await server.serverApp.outbox.drain();
      await server.serverApp.texts.drain();
    }

    /** The On my way emails and texts of the request, and what reached the homeowner. */
    async function toldOf(id: string, email: string, phone: string) {
      const { db } = server.serverApp.database;
      const emails = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "visit.on-the-way.customer")));
      const textRows = await db
        .select()
        .from(texts)
        .where(and(eq(texts.requestId, id), eq(texts.kind, "text.on-the-way")));
      return {
        emails: emails.map((row) => row.status),
        texts: textRows.map((row) => row.status),
        emailsReceived: server.smtp.received.filter(
          (received) =>
            received.envelopeTo.includes(email) &&
            (received.parsed.subject ?? "").includes("on the way"),
        ).length,
        textsReceived: provider.received.filter(
          (text) => text.to === e164Of(phone) && text.body.includes("on the way"),
        ).length,
      };
    }

    async function onMyWayEvents(id: string) {
      const { db } = server.serverApp.database;
      const events = await db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "field")));
      return events
        .map((event) => event.detail)
        .filter((detail) => detail.startsWith("On my way"))
        .sort();
    }

    test("On my way again at about the same time: one email and one text; every tap on the timeline and the desk", async () => {
      const { id, email, phone } = await bookedWithAlex();
      for (const minutes of [20, 25, 40, 20, 49]) {
        expect((await onMyWay(id, minutes)).status).toBe(302);
      }
      await drained();
      expect(await toldOf(id, email, phone)).toEqual({
        emails: ["sent"],
        texts: [expect.stringMatching(/^(queued|sent|delivered)$/)],
        emailsReceived: 1,
        textsReceived: 1,
      });
      const events = await onMyWayEvents(id);
      expect(events).toHaveLength(5);
      const notSent = events.filter((detail) =>
        detail.endsWith("(not sent to the customer: the arrival moved less than 30 minutes)"),
      );
      expect(notSent).toHaveLength(4);
      const lead = (await ask(`/office/leads/${id}`, { cookie: dispatcher })).body;
      expect(lead).toContain("not sent to the customer: the arrival moved less than 30 minutes");

      // Moved by 30 minutes from the last tap: told again.
      expect((await onMyWay(id, 79)).status).toBe(302);
      await drained();
      expect(await toldOf(id, email, phone)).toMatchObject({ emailsReceived: 2, textsReceived: 2 });
    });

    test("eight On my way taps at once, each a new time: the homeowner is told 3 times; the next visit may be told again", async () => {
      const { id, email, phone } = await bookedWithAlex();
      // Every two of these arrival times are 30 minutes apart or more, whatever order they land in.
      const answers = await Promise.all(
        [1, 31, 61, 91, 121, 151, 181, 211].map((minutes) => onMyWay(id, minutes)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(302));
      await drained();
      const told = await toldOf(id, email, phone);
      expect(told).toMatchObject({ emailsReceived: 3, textsReceived: 3 });
      expect(told.emails).toHaveLength(3);
      expect(told.texts).toHaveLength(3);
      const events = await onMyWayEvents(id);
      expect(events).toHaveLength(8);
      expect(
        events.filter((detail) =>
          detail.endsWith("(not sent to the customer: told 3 times on this visit already)"),
        ),
      ).toHaveLength(5);

      // The visit ends waiting for a part; the return visit is another visit, told again.
      expect((await tap(id, { intent: "arrived" })).status).toBe(302);
      expect((await tap(id, { intent: "needs-part", part: "Door gasket" })).status).toBe(302);
      const returnVisit = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: {
          intent: "return-visit",
          version: await versionOf(id),
          scheduledDate: today,
          scheduledWindow: "evening",
          technicianId: alexId,
        },
      });
      expect(returnVisit.status).toBe(302);
      expect((await onMyWay(id, 30)).status).toBe(302);
      expect((await onMyWay(id, 35)).status).toBe(302);
      await drained();
      expect(await toldOf(id, email, phone)).toMatchObject({ emailsReceived: 4, textsReceived: 4 });
    });
  });
}
