import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { reviews as siteReviews } from "~/content/reviews";
import { isoDateIn } from "~/lib/dates";

import { leadEvents, reviews, staffUsers } from "../db/schema";
import { erasePrivacyRecords } from "../desk/privacy.server";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest, uniquePhone, waitUntil } from "../test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "../test-support/server";

// Issue 36, point 10: the owners reach the homeowner of a low rating in one tap (the phone as a
// call link in their email and on /office/reviews), Mark as handled says what was done (a note,
// kept with who and when, and written to the request's timeline), and /reviews leads with the
// reviews of real repairs, each badged "Verified repair". Against the real app, on PGlite.

const [database] = await testDatabases();

describe.skipIf(!database?.available)(
  "Low ratings handled with a note; verified reviews first",
  () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let clock = new Date("2031-08-12T15:00:00Z");
    let owner = "";
    let ownerEmail = "";
    let dispatcher = "";
    let technician = "";
    let technicianId = "";

    beforeAll(async () => {
      server = await startTestServer({
        database: database!,
        now: () => clock,
        startWorker: false,
        withPages: true,
      });
      ({ cookie: owner, email: ownerEmail } = await add("owner", "Olive Owner", []));
      dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
      ({ id: technicianId, cookie: technician } = await add("technician", "Alex Rivera", [
        "texas",
      ]));
    });
    afterAll(async () => {
      await server?.close();
    });

    /** A Texas request booked, confirmed with Alex, Arrived and Done at 10:00 in Houston. */
    async function doneRequest(overrides: Record<string, unknown> = {}) {
      const doneAt = new Date("2031-08-12T15:00:00Z");
      clock = new Date(doneAt.getTime() - 60 * 60 * 1000);
      const phone = uniquePhone();
      const email = `home-${randomUUID()}@example.com`;
      const booked = await server.post(
        "/api/send-email",
        serviceRequest({
          phone,
          email,
          preferredDate: "2031-08-15",
          ...overrides,
        }),
      );
      expect(booked.status).toBe(201);
      const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
      const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
      const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
      const confirmed = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: {
          intent: "confirm-visit",
          version,
          scheduledDate: isoDateIn(doneAt, "America/Chicago"),
          scheduledWindow: "morning",
          technicianId,
        },
      });
      expect(confirmed.status).toBe(200);
      clock = doneAt;
      const taps: Record<string, string>[] = [
        { intent: "arrived" },
        {
          intent: "done",
          workDone: "Replaced the evaporator fan motor",
          model: "LRMVS3006S",
          serialNumber: "SN-42",
          partsUsed: "Fan motor",
          amount: "189.50",
        },
      ];
      for (const tap of taps) {
        const tapped = await ask("/office/day", {
          cookie: technician,
          form: { requestId: id, tapKey: randomUUID(), ...tap },
        });
        expect(tapped.status, tap.intent).toBe(302);
      }
      return { id, email, phone, page: new URL(requestUrl).pathname };
    }

    function answer(page: string, fields: Record<string, string>) {
      return ask(page, { form: { intent: "review", ...fields }, ip: freshClientIp() });
    }

    async function reviewOf(requestId: string) {
      const { db } = server.serverApp.database;
      const [row] = await db.select().from(reviews).where(eq(reviews.requestId, requestId));
      return row!;
    }

    async function reviewEvents(requestId: string) {
      const { db } = server.serverApp.database;
      const rows = await db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, requestId), eq(leadEvents.kind, "review")));
      return rows.map((row) => ({ detail: row.detail, by: row.actorName }));
    }

    /** The digits a tel: link dials: "(713) 555-0188" → "7135550188". */
    const digitsOf = (phone: string) => phone.replace(/\D/g, "");

    test("the owners' email for a low rating carries the homeowner's phone: a call link in the HTML, the number in the text", async () => {
      const { phone, page } = await doneRequest();
      expect((await answer(page, { rating: "2", words: "Came late." })).status).toBe(200);
      await server.serverApp.outbox.drain();
      const subject = "Needs attention: 2 stars for Alex Rivera";
      const alertOf = () =>
        server.smtp.received.find(
          (mail) => mail.envelopeTo.includes(ownerEmail) && mail.parsed.subject === subject,
        );
      await waitUntil(() => alertOf() !== undefined);
      const alert = alertOf()!.parsed;
      expect(alert.text).toContain(`Call Jane: ${phone}`);
      expect(alert.text).toContain(`Phone: ${phone}`);
      const html = typeof alert.html === "string" ? alert.html : "";
      expect(html).toContain(`<a href="tel:${digitsOf(phone)}"`);
      expect(html).toMatch(new RegExp(`href="tel:${digitsOf(phone)}"[^>]*>Call Jane: \\(713\\)`));
      // Still about the review: the homeowner's private page is never in the owners' email.
      expect(alert.text).not.toMatch(/\/requests\//);
    });

    test("/office/reviews carries each homeowner's phone as a call link", async () => {
      const { phone, page } = await doneRequest();
      expect((await answer(page, { rating: "3", words: "Fixed, a day late." })).status).toBe(200);
      const desk = await ask("/office/reviews", { cookie: owner });
      expect(desk.status).toBe(200);
      expect(desk.body).toMatch(
        new RegExp(`<a href="tel:${digitsOf(phone)}"[^>]*>(<svg.*?</svg>)?Call Jane: \\(713\\)`),
      );
    });

    test("Mark as handled needs a note; with one, who, when and the note are kept, shown, and written to the timeline once", async () => {
      const { id, page } = await doneRequest();
      expect((await answer(page, { rating: "1", words: "Nobody came back." })).status).toBe(200);
      const reviewId = (await reviewOf(id)).id;

      for (const note of [undefined, "", "   "]) {
        const refused = await ask("/office/reviews", {
          cookie: owner,
          form: { intent: "handled", reviewId, ...(note === undefined ? {} : { note }) },
        });
        expect(refused.status, JSON.stringify(note)).toBe(400);
        expect(refused.body).toContain(
          "Say in a few words what was done, e.g. &quot;Called her, booked a free return visit&quot;.",
        );
      }
      const tooLong = await ask("/office/reviews", {
        cookie: owner,
        form: { intent: "handled", reviewId, note: "x".repeat(501) },
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toContain("Use at most 500 characters.");
      expect((await reviewOf(id)).handledAt).toBeNull();
      expect((await reviewEvents(id)).map((event) => event.detail)).not.toContain(
        expect.stringMatching(/^Low rating handled/),
      );

      const note = "Called her, booked a free return visit";
      const handled = await ask("/office/reviews", {
        cookie: owner,
        form: { intent: "handled", reviewId, note: `  ${note} ` },
      });
      expect(handled.status).toBe(200);
      expect(handled.body).toContain("Marked as handled: the desk no longer flags it.");
      const row = await reviewOf(id);
      expect(row).toMatchObject({ handledBy: "Olive Owner", handledNote: note });
      expect(row.handledAt).toBeInstanceOf(Date);

      // Shown with who and when: "Handled by Olive Owner, Aug 12, 2031, 10:04 AM: “…”".
      const desk = await ask("/office/reviews", { cookie: owner });
      expect(desk.body).toMatch(
        /Handled by Olive Owner<\/span>, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M: “Called her, booked a free return visit”/,
      );

      // Again: nothing more is recorded.
      const again = await ask("/office/reviews", {
        cookie: owner,
        form: { intent: "handled", reviewId, note: "Another note" },
      });
      expect(again.status).toBe(200);
      expect((await reviewOf(id)).handledNote).toBe(note);
      expect(
        (await reviewEvents(id)).filter((event) => event.detail.startsWith("Low rating handled")),
      ).toEqual([{ detail: `Low rating handled: "${note}"`, by: "Olive Owner" }]);
    });

    test("a GET never marks handled; a dispatcher or a technician cannot (the desk's 404)", async () => {
      const { id, page } = await doneRequest();
      expect((await answer(page, { rating: "2" })).status).toBe(200);
      const reviewId = (await reviewOf(id)).id;
      const note = "Called him back";
      const query = new URLSearchParams({ intent: "handled", reviewId, note }).toString();
      await ask(`/office/reviews?${query}`, { cookie: owner });
      for (const cookie of [dispatcher, technician]) {
        await ask(`/office/reviews?${query}`, { cookie });
        const refused = await ask("/office/reviews", {
          cookie,
          form: { intent: "handled", reviewId, note },
        });
        expect(refused.status).toBe(404);
      }
      expect(await reviewOf(id)).toMatchObject({
        handledAt: null,
        handledBy: null,
        handledNote: null,
      });
      expect(
        (await reviewEvents(id)).filter((event) => event.detail.startsWith("Low rating handled")),
      ).toEqual([]);
    });

    test("a privacy erasure removes the owner's note with the words", async () => {
      const { id, email, page } = await doneRequest();
      expect((await answer(page, { rating: "2", words: "Call me at 555-0100" })).status).toBe(200);
      const reviewId = (await reviewOf(id)).id;
      const note = "Called Jane Doe at home, she is happy now";
      await ask("/office/reviews", { cookie: owner, form: { intent: "handled", reviewId, note } });
      expect((await reviewOf(id)).handledNote).toBe(note);
      const { db } = server.serverApp.database;
      const [ownerRow] = await db.select().from(staffUsers).where(eq(staffUsers.email, ownerEmail));
      await erasePrivacyRecords(db, { ...ownerRow!, offices: [...ownerRow!.offices] }, { email });
      expect(await reviewOf(id)).toMatchObject({ rating: 2, words: "", handledNote: null });
      expect((await ask("/office/reviews", { cookie: owner })).body).not.toContain(note);
    });

    test("/reviews: the published reviews of real repairs first, each badged Verified repair, then the site's 13", async () => {
      const { id, page } = await doneRequest({ address: "88 Elm St, Katy, TX" });
      const words = "Alex found the fan motor in minutes.";
      expect((await answer(page, { rating: "5", words, mayPublish: "yes" })).status).toBe(200);
      const reviewId = (await reviewOf(id)).id;
      const published = await ask("/office/reviews", {
        cookie: owner,
        form: { intent: "publish", reviewId },
      });
      expect(published.status).toBe(200);

      const shown = (await ask("/reviews?region=Texas")).body;
      const list = shown.slice(shown.indexOf("<main"), shown.indexOf("</main>"));
      const figures = [...list.matchAll(/<figure[\s\S]*?<\/figure>/g)].map((match) => match[0]);
      // Every seeded review still shows (spec: all 13), after this one.
      expect(figures).toHaveLength(siteReviews.length + 1);
      expect(siteReviews).toHaveLength(13);
      expect(figures[0]).toContain(words);
      expect(figures[0]).toContain("Verified repair");
      expect(figures[0]).toContain("Jane, Katy TX · Refrigerator · August 2031 · verified repair");
      for (const [index, seed] of siteReviews.entries()) {
        const figure = figures[index + 1]!;
        expect(figure).toContain(seed.author);
        expect(figure).not.toContain("Verified repair");
      }
    });
  },
);
