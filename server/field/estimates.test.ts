import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { leadEvents, officePrices, outbox, payments } from "../db/schema";
import { erasePrivacyRecords, exportPrivacyRecords } from "../desk/privacy.server";
import type { StaffMember } from "../desk/staff-accounts.server";
import { testDatabases } from "../test-support/databases";
import { requestRow } from "../test-support/request-rows";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest } from "../test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "../test-support/server";

// The estimate, its answer and the payment, attacked as the technician's colleagues, the office,
// another office and anyone holding the homeowner's link would: the real app, signed in for real.

const databases = await testDatabases();

// On PostgreSQL too: there two answers at once really race for the row.
for (const database of databases) {
  describe.skipIf(!database.available)(
    `The estimate, the answer and the receipt (${database.label})`,
    () => {
      let server: TestServer;
      const { add, ask } = deskClient(() => server);
      let owner: string;
      let dispatcher: string;
      let alex: string;
      let alexId: string;
      let sam: string;
      let flo: string;
      /** The app's clock: real time unless a test sets it. */
      let clock: Date | null = null;

      beforeAll(async () => {
        server = await startTestServer({
          database,
          withPages: true,
          now: () => clock ?? new Date(),
        });
        const { db } = server.serverApp.database;
        owner = (await add("owner", "Olive Owner", [])).cookie;
        dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
        ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
        sam = (await add("technician", "Sam Ortiz", ["texas"])).cookie;
        flo = (await add("technician", "Flo Reyes", ["florida"])).cookie;
        await db.insert(officePrices).values({
          office: "texas",
          serviceCallCents: 8900,
          serviceCallRule: "waived when you go ahead with the repair",
          warrantyDays: 90,
        });
      });
      afterAll(async () => {
        await server?.close();
      });

      function todayInTexas() {
        return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
      }

      /** A Texas dryer request booked for today with Alex, Arrived; its id and private page. */
      async function arrivedVisit(overrides: Record<string, unknown> = {}) {
        const booked = await server.post(
          "/api/send-email",
          serviceRequest({
            selectedAppliance: "dryer",
            brand: "Samsung",
            model: "DVE45R6100C",
            serialNumber: "0B7H5AEN400123",
            email: `receipt-${randomUUID()}@example.com`,
            ...overrides,
          }),
        );
        expect(booked.status).toBe(201);
        const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
        const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
        const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
        const saved = await ask(`/office/leads/${id}`, {
          cookie: dispatcher,
          form: {
            intent: "confirm-visit",
            version,
            scheduledDate: todayInTexas(),
            scheduledWindow: "evening",
            technicianId: alexId,
          },
        });
        expect(saved.status).toBe(200);
        expect((await tap(alex, { intent: "arrived", requestId: id })).status).toBe(302);
        return { id, page: new URL(requestUrl).pathname };
      }

      function tap(cookie: string, fields: Record<string, string>) {
        return ask("/office/day", { cookie, form: { tapKey: randomUUID(), ...fields } });
      }

      const twoLines = {
        "line-0-kind": "labour",
        "line-0-description": "Diagnose and replace the igniter",
        "line-0-amount": "150",
        "line-1-kind": "part",
        "line-1-description": "Igniter DC97-14486A",
        "line-1-amount": "$95.00",
        // Blank rows are left out.
        "line-2-kind": "part",
        "line-2-description": "",
        "line-2-amount": "",
      };

      function writeEstimate(id: string, lines: Record<string, string> = twoLines, cookie = alex) {
        return tap(cookie, { intent: "estimate", requestId: id, ...lines });
      }

      function done(id: string, amount = "245.00") {
        return tap(alex, {
          intent: "done",
          requestId: id,
          workDone: "Replaced the igniter",
          model: "DVE45R6100C",
          serialNumber: "0B7H5AEN400123",
          partsUsed: "DC97-14486A igniter",
          amount,
        });
      }

      /** Visit `id`'s card on Alex's My day (its HTML). */
      async function cardOf(id: string) {
        const day = (await ask("/office/day", { cookie: alex })).body;
        const start = day.indexOf(`<article aria-labelledby="visit-${id}"`);
        expect(start).toBeGreaterThan(-1);
        return day.slice(start, day.indexOf("</article>", start));
      }

      /** What the card's amount fields start with: Done's "Amount charged", the payment's amount. */
      function amountsOn(card: string) {
        return [...card.matchAll(/<input[^>]*name="amount"[^>]*>/g)].map(
          ([input]) => /value="([^"]*)"/.exec(input)?.[1] ?? "",
        );
      }

      async function row(id: string) {
        return requestRow(server.serverApp.database.db, id);
      }

      async function eventsOf(id: string, kind: "estimate" | "payment") {
        const { db } = server.serverApp.database;
        return db
          .select()
          .from(leadEvents)
          .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, kind)));
      }

      test("another technician, a dispatcher, an owner and another office's technician get 404 for every form, and change nothing", async () => {
        const { id } = await arrivedVisit();
        const fields = {
          requestId: id,
          ...twoLines,
          name: "Maria Lopez",
          decision: "approved",
          method: "card",
          amount: "245",
        };
        for (const cookie of [sam, dispatcher, owner, flo]) {
          for (const intent of ["estimate", "estimate-decision", "payment"]) {
            expect((await tap(cookie, { ...fields, intent })).status, intent).toBe(404);
          }
        }
        expect(await eventsOf(id, "estimate")).toEqual([]);
        expect((await row(id)).estimateLines).toBeNull();
        // My day's live stream is a technician's only.
        expect((await ask("/office/day/events", { cookie: dispatcher })).status).toBe(404);
        expect((await ask("/office/day/events")).status).toBe(401);
      });

      test("the estimate: after Arrived only, each line checked, its total on My day and the private page; a new one replaces an unanswered one", async () => {
        const booked = await server.post(
          "/api/send-email",
          serviceRequest({ selectedAppliance: "dryer" }),
        );
        const { id: unbooked } = (await booked.json()) as { id: string };
        expect((await writeEstimate(unbooked)).status).toBe(404);

        const { id, page } = await arrivedVisit();
        const none = await writeEstimate(id, { "line-0-description": "", "line-0-amount": "" });
        expect(none.status).toBe(400);
        expect(none.body).toContain("Enter at least one line: a part or labour");
        const bad = await writeEstimate(id, {
          "line-0-kind": "labour",
          "line-0-description": "x".repeat(201),
          "line-0-amount": "lots",
        });
        expect(bad.status).toBe(400);
        expect(bad.body).toContain("Describe the line in 1 to 200 characters");
        expect(bad.body).toContain("Enter the amount (like 89.50)");
        expect(await eventsOf(id, "estimate")).toEqual([]);

        expect((await writeEstimate(id)).status).toBe(302);
        expect((await row(id)).estimateLines).toEqual([
          { kind: "labour", description: "Diagnose and replace the igniter", cents: 15000 },
          { kind: "part", description: "Igniter DC97-14486A", cents: 9500 },
        ]);
        expect((await eventsOf(id, "estimate")).map((event) => event.detail)).toEqual([
          "Estimate: $245.00 (2 lines)",
        ]);
        const day = (await ask("/office/day", { cookie: alex })).body;
        expect(day).toContain("$245.00");
        expect(day).toContain("Customer approves");
        expect(day).toContain("Customer declines");
        const homeowner = await ask(page);
        expect(homeowner.body).toContain("Your estimate");
        expect(homeowner.body).toContain("Igniter DC97-14486A");
        expect(homeowner.body).toContain("$245.00");
        expect(homeowner.body).toContain("Approve estimate");

        // Rewritten before an answer: replaced.
        expect(
          (
            await writeEstimate(id, {
              "line-0-kind": "labour",
              "line-0-description": "Replace the thermal fuse",
              "line-0-amount": "120.5",
            })
          ).status,
        ).toBe(302);
        expect((await row(id)).estimateLines).toEqual([
          { kind: "labour", description: "Replace the thermal fuse", cents: 12050 },
        ]);
        expect((await eventsOf(id, "estimate")).map((event) => event.detail)).toEqual(
          expect.arrayContaining(["Estimate: $120.50 (1 line)"]),
        );
      });

      test("more than 20 lines are refused with 400 and nothing is kept; 20 are kept whole", async () => {
        const { id } = await arrivedVisit();
        const linesOf = (count: number, from = 0) =>
          Object.fromEntries(
            Array.from({ length: count }, (_, offset) => {
              const index = from + offset;
              return [
                [`line-${index}-kind`, "part"],
                [`line-${index}-description`, `Part number ${index + 1}`],
                [`line-${index}-amount`, "10"],
              ];
            }).flat(),
          );
        const tooMany = await writeEstimate(id, linesOf(25));
        expect(tooMany.status).toBe(400);
        expect(tooMany.body).toContain("At most 20 lines");
        // A line past the twentieth row is refused the same way, however few come before it.
        const farRow = await writeEstimate(id, { ...linesOf(1), ...linesOf(1, 57) });
        expect(farRow.status).toBe(400);
        expect(farRow.body).toContain("At most 20 lines");
        expect((await row(id)).estimateLines).toBeNull();
        expect(await eventsOf(id, "estimate")).toEqual([]);

        expect((await writeEstimate(id, linesOf(20))).status).toBe(302);
        expect((await row(id)).estimateLines).toHaveLength(20);
        expect((await eventsOf(id, "estimate")).map((event) => event.detail)).toEqual([
          "Estimate: $200.00 (20 lines)",
        ]);
      });

      test("approved on the private page: a POST with the typed name, recorded with the time, in the timeline and on My day; final after that", async () => {
        const { id, page } = await arrivedVisit();
        expect((await writeEstimate(id)).status).toBe(302);
        const nameless = await ask(page, { form: { intent: "estimate-approve", name: " " } });
        expect(nameless.status).toBe(400);
        expect(nameless.body).toContain("Type your name");
        expect((await row(id)).estimateDecision).toBeNull();

        const approved = await ask(page, {
          form: { intent: "estimate-approve", name: "Maria Lopez" },
        });
        expect(approved.status).toBe(200);
        expect(approved.headers.get("cache-control")).toBe("no-store");
        expect(approved.body).toContain("Thank you: the estimate is approved.");
        const stored = await row(id);
        expect(stored).toMatchObject({
          estimateDecision: "approved",
          estimateDecidedBy: "Maria Lopez",
          estimateDecidedOn: "page",
        });
        expect(stored.estimateDecidedAt).toBeInstanceOf(Date);
        expect((await eventsOf(id, "estimate")).map((event) => event.detail)).toContain(
          "Estimate approved by Maria Lopez on the customer's page",
        );
        expect((await ask("/office/day", { cookie: alex })).body).toContain(
          "Approved by Maria Lopez on the customer&#x27;s page",
        );
        expect((await ask(`/office/leads/${id}`, { cookie: dispatcher })).body).toContain(
          "Estimate approved by Maria Lopez on the customer&#x27;s page",
        );

        // Final: a second answer, on the page or the phone, and a new estimate are refused.
        const again = await ask(page, {
          form: { intent: "estimate-decline", name: "Maria Lopez" },
        });
        expect(again.status).toBe(409);
        expect(again.body).toContain("This estimate was already approved by Maria Lopez.");
        const phone = await tap(alex, {
          intent: "estimate-decision",
          requestId: id,
          decision: "declined",
          name: "Maria Lopez",
        });
        expect(phone.status).toBe(409);
        const rewrite = await writeEstimate(id);
        expect(rewrite.status).toBe(409);
        expect(rewrite.body).toContain("This estimate was already approved: it cannot be changed.");
        expect((await row(id)).estimateDecision).toBe("approved");
      });

      test("an estimate rewritten after the page showed it is never approved unseen: 409, and the new one waits", async () => {
        const { id, page } = await arrivedVisit();
        expect((await writeEstimate(id)).status).toBe(302);
        const shown = (await ask(page)).body;
        const version = /name="estimateVersion" value="([^"]+)"/.exec(shown)?.[1];
        expect(version).toBe((await row(id)).estimateAt?.toISOString());
        // The technician rewrites it, dearer, while the homeowner still reads the first one.
        expect(
          (
            await writeEstimate(id, {
              "line-0-kind": "labour",
              "line-0-description": "Replace the drum motor",
              "line-0-amount": "640",
            })
          ).status,
        ).toBe(302);
        const stale = await ask(page, {
          form: { intent: "estimate-approve", name: "Maria Lopez", estimateVersion: version! },
        });
        expect(stale.status).toBe(409);
        expect(stale.body).toContain("The estimate was changed since you opened this page");
        expect((await row(id)).estimateDecision).toBeNull();

        const current = /name="estimateVersion" value="([^"]+)"/.exec((await ask(page)).body)?.[1];
        expect(current).not.toBe(version);
        const approved = await ask(page, {
          form: { intent: "estimate-approve", name: "Maria Lopez", estimateVersion: current! },
        });
        expect(approved.status).toBe(200);
        expect(await row(id)).toMatchObject({ estimateDecision: "approved" });
        expect((await row(id)).estimateLines).toEqual([
          { kind: "labour", description: "Replace the drum motor", cents: 64000 },
        ]);
      });

      test("answered on the technician's phone; declined, the charge is the office's service call", async () => {
        const first = await arrivedVisit();
        expect((await writeEstimate(first.id)).status).toBe(302);
        const nameless = await tap(alex, {
          intent: "estimate-decision",
          requestId: first.id,
          decision: "approved",
          name: "",
        });
        expect(nameless.status).toBe(400);
        expect(nameless.body).toContain("Type your name");
        const approved = await tap(alex, {
          intent: "estimate-decision",
          requestId: first.id,
          decision: "approved",
          name: "Maria Lopez",
        });
        expect(approved.status).toBe(302);
        expect(await row(first.id)).toMatchObject({
          estimateDecision: "approved",
          estimateDecidedBy: "Maria Lopez",
          estimateDecidedOn: "phone",
        });
        expect((await eventsOf(first.id, "estimate")).map((event) => event.detail)).toContain(
          "Estimate approved by Maria Lopez on the technician's phone",
        );

        const second = await arrivedVisit();
        expect((await writeEstimate(second.id)).status).toBe(302);
        const declined = await tap(alex, {
          intent: "estimate-decision",
          requestId: second.id,
          decision: "declined",
          name: "Maria Lopez",
        });
        expect(declined.status).toBe(302);
        const homeowner = (await ask(second.page)).body;
        expect(homeowner).toContain("Declined: the charge is the $89 service call");
        expect(homeowner).not.toContain("Approve estimate");
        // Done starts with the fee; the payment form with what Done charged.
        expect(amountsOn(await cardOf(second.id))).toEqual(["89.00"]);
        expect((await done(second.id, "89.00")).status).toBe(302);
        expect(amountsOn(await cardOf(second.id))).toEqual(["89.00"]);
      });

      test("Done's amount starts with the approved total; the payment starts with what Done charged, its method still to choose", async () => {
        // No estimate, or one not answered yet: the amount is typed.
        const plain = await arrivedVisit();
        expect(amountsOn(await cardOf(plain.id))).toEqual([""]);
        const { id } = await arrivedVisit();
        expect((await writeEstimate(id)).status).toBe(302);
        expect(amountsOn(await cardOf(id))).toEqual([""]);
        const approved = await tap(alex, {
          intent: "estimate-decision",
          requestId: id,
          decision: "approved",
          name: "Maria Lopez",
        });
        expect(approved.status).toBe(302);
        expect(amountsOn(await cardOf(id))).toEqual(["245.00"]);

        // Done charged more than the estimate (another part on the spot): the payment asks that.
        expect((await done(id, "262.5")).status).toBe(302);
        const afterDone = await cardOf(id);
        expect(afterDone).toContain("Record payment");
        expect(amountsOn(afterDone)).toEqual(["262.50"]);
        expect(afterDone).not.toMatch(/<input[^>]*type="radio"[^>]*checked/);
      });

      test("approve and decline at once: exactly one wins, the other is 409", async () => {
        for (let round = 0; round < 3; round += 1) {
          const { id, page } = await arrivedVisit();
          expect((await writeEstimate(id)).status).toBe(302);
          const answers = await Promise.all([
            ask(page, { form: { intent: "estimate-approve", name: "Maria Lopez" } }),
            ask(page, { form: { intent: "estimate-decline", name: "Maria Lopez" } }),
            tap(alex, {
              intent: "estimate-decision",
              requestId: id,
              decision: "declined",
              name: "Maria Lopez",
            }),
          ]);
          const statuses = answers.map((answer) => answer.status);
          expect(statuses.filter((status) => status === 409)).toHaveLength(2);
          expect(statuses.filter((status) => status === 200 || status === 302)).toHaveLength(1);
          const decisions = (await eventsOf(id, "estimate")).filter(
            (event) =>
              event.detail.startsWith("Estimate approved") ||
              event.detail.startsWith("Estimate declined"),
          );
          expect(decisions).toHaveLength(1);
        }
      });

      test("the page's answers have a budget: past it, 429 with Retry-After", async () => {
        const { id, page } = await arrivedVisit();
        expect((await writeEstimate(id)).status).toBe(302);
        const ip = freshClientIp();
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 6; attempt += 1) {
          const answer = await ask(page, {
            ip,
            form: {
              intent: attempt % 2 ? "estimate-approve" : "estimate-decline",
              name: "Maria Lopez",
            },
          });
          statuses.push(answer.status);
          if (answer.status === 429) {
            expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
            expect(answer.body).toContain("Too many changes today. Please call us.");
          }
        }
        expect(statuses).toEqual([200, 409, 409, 409, 409, 429]);
      });

      test("a GET changes nothing: the private page, the receipt page and My day with an answer in the address", async () => {
        const { id, page } = await arrivedVisit();
        expect((await writeEstimate(id)).status).toBe(302);
        const before = await row(id);
        expect((await ask(`${page}?intent=estimate-approve&name=Maria`)).status).toBe(200);
        expect((await ask(`${page}/receipt`)).status).toBe(404);
        const day = await ask(
          `/office/day?intent=estimate-decision&requestId=${id}&decision=approved&name=Maria&tapKey=${randomUUID()}`,
          { cookie: alex },
        );
        expect(day.status).toBe(200);
        const after = await row(id);
        expect(after.version).toBe(before.version);
        expect(after.estimateDecision).toBeNull();
        expect(after.paidAt).toBeNull();
      });

      test("the payment: after Done, once (a replay changes nothing, a second is refused); the receipt email and page give the warranty's end", async () => {
        const { id, page } = await arrivedVisit();
        expect((await writeEstimate(id)).status).toBe(302);
        expect(
          (
            await tap(alex, {
              intent: "estimate-decision",
              requestId: id,
              decision: "approved",
              name: "Maria Lopez",
            })
          ).status,
        ).toBe(302);
        const early = await tap(alex, {
          intent: "payment",
          requestId: id,
          method: "card",
          amount: "245",
        });
        expect(early.status).toBe(409);
        expect(early.body).toContain("Record the payment after Done.");
        expect((await ask(`${page}/receipt`)).status).toBe(404);

        expect((await done(id)).status).toBe(302);
        // Prefilled with the approved total.
        expect((await ask("/office/day", { cookie: alex })).body).toContain('value="245.00"');
        const noMethod = await tap(alex, { intent: "payment", requestId: id, amount: "245" });
        expect(noMethod.status).toBe(400);
        expect(noMethod.body).toContain("Choose Cash, Check or Card");

        clock = new Date("2026-11-25T20:00:00Z");
        try {
          const tapKey = randomUUID();
          const payment = {
            intent: "payment",
            requestId: id,
            method: "card",
            amount: "245.00",
            tapKey,
          };
          const answers = await Promise.all(
            Array.from({ length: 4 }, () => ask("/office/day", { cookie: alex, form: payment })),
          );
          expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302]);
          const second = await tap(alex, {
            intent: "payment",
            requestId: id,
            method: "cash",
            amount: "1",
          });
          expect(second.status).toBe(409);
          expect(second.body).toContain("The payment is already recorded.");
        } finally {
          clock = null;
        }
        expect(await row(id)).toMatchObject({
          paymentMethod: "card",
          paymentCents: 24500,
          warrantyDays: 90,
          warrantyEnds: "2027-02-23",
        });
        expect((await eventsOf(id, "payment")).map((event) => event.detail)).toEqual([
          "Paid $245.00 by card",
        ]);

        const { db } = server.serverApp.database;
        const receipts = await db
          .select()
          .from(outbox)
          .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "receipt.customer")));
        expect(receipts).toHaveLength(1);
        const subject = "Your receipt for your dryer repair";
        const deadline = Date.now() + 10_000;
        let email = server.smtp.received.find(
          (received) =>
            received.parsed.subject === subject &&
            received.envelopeTo.includes(receipts[0]!.message.to),
        );
        while (!email && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          email = server.smtp.received.find(
            (received) =>
              received.parsed.subject === subject &&
              received.envelopeTo.includes(receipts[0]!.message.to),
          );
        }
        expect(email).toBeDefined();
        const text = email!.parsed.text ?? "";
        expect(text).toContain("90 days on parts and labour, until Feb 23, 2027");
        expect(text).toContain("$245.00 by card on Nov 25, 2026");
        expect(text).toContain("Igniter DC97-14486A");
        expect(text).toContain(`${page}/receipt`);

        const receipt = await ask(`${page}/receipt`);
        expect(receipt.status).toBe(200);
        expect(receipt.headers.get("cache-control")).toBe("no-store");
        expect(receipt.headers.get("x-robots-tag")).toContain("noindex");
        for (const words of [
          "90 days on parts and labour, until Feb 23, 2027",
          "Easy Appliance Repair",
          "Alex",
          "Dryer",
          "Samsung",
          "DVE45R6100C",
          "0B7H5AEN400123",
          "Replaced the igniter",
          "DC97-14486A igniter",
          "$245.00",
          "Card",
          "Nov 25, 2026",
        ]) {
          expect(receipt.body, words).toContain(words);
        }
        expect(receipt.body).not.toContain("Rivera");
        const privatePage = (await ask(page)).body;
        expect(privatePage).toContain("View and print the receipt");
        expect(privatePage).toContain("Paid $245.00 by card on Nov 25, 2026.");
        // Another request's link, or none that exists, shows no receipt.
        const other = await arrivedVisit();
        expect((await ask(`${other.page}/receipt`)).status).toBe(404);
        expect((await ask(`/requests/${"A".repeat(43)}/receipt`)).status).toBe(404);
      });

      test("a repair done for nothing is settled by a payment of $0, once: a row of the ledger that settles it", async () => {
        const { id, page } = await arrivedVisit();
        expect((await done(id, "0")).status).toBe(302);
        const free = { intent: "payment", requestId: id, method: "cash", amount: "0" };
        expect((await tap(alex, free)).status).toBe(302);
        const second = await tap(alex, { ...free, amount: "1" });
        expect(second.status).toBe(409);
        expect(second.body).toContain("The payment is already recorded.");
        expect(await row(id)).toMatchObject({
          paymentMethod: "cash",
          paymentCents: 0,
          paymentFor: "repair",
          paidAt: expect.any(Date),
          warrantyDays: 90,
        });
        const { db } = server.serverApp.database;
        expect(
          await db
            .select({ amountCents: payments.amountCents, settles: payments.settles })
            .from(payments)
            .where(eq(payments.requestId, id)),
        ).toEqual([{ amountCents: 0, settles: true }]);
        const receipt = await ask(`${page}/receipt`);
        expect(receipt.status).toBe(200);
        expect(receipt.body).toContain("Replaced the igniter");
        expect(receipt.body).toContain("$0.00 by cash on");
      });

      test("the privacy export holds the estimate, its answer and the payment; erasure blanks the typed name", async () => {
        const email = `privacy-${randomUUID()}@example.com`;
        const { id } = await arrivedVisit({ email });
        expect((await writeEstimate(id)).status).toBe(302);
        expect(
          (
            await tap(alex, {
              intent: "estimate-decision",
              requestId: id,
              decision: "approved",
              name: "Maria Lopez",
            })
          ).status,
        ).toBe(302);
        const { db } = server.serverApp.database;
        const olive: StaffMember = {
          id: "privacy-owner",
          name: "Olive Owner",
          email: "olive@example.com",
          role: "owner",
          offices: ["texas"],
          disabledAt: null,
          twoFactorEnabled: false,
        };
        const exported = JSON.parse(await exportPrivacyRecords(db, olive, { email })) as {
          serviceRequests: { estimateDecidedBy: string; estimateLines: unknown[] }[];
          notesByStaff: { note: string }[];
          visits: { requestId: string; number: number; technician: string | null }[];
        };
        expect(exported.serviceRequests[0]).toMatchObject({ estimateDecidedBy: "Maria Lopez" });
        // The visit, with who went and what they found, is the homeowner's record too.
        expect(exported.visits).toMatchObject([
          { requestId: id, number: 1, technician: "Alex Rivera" },
        ]);
        expect(exported.serviceRequests[0]!.estimateLines).toHaveLength(2);
        expect(exported.notesByStaff.map((note) => note.note)).toContain(
          "Estimate approved by Maria Lopez on the technician's phone",
        );
        await erasePrivacyRecords(db, olive, { email });
        expect((await row(id)).estimateDecidedBy).toBe("[erased]");
        expect((await eventsOf(id, "estimate")).map((event) => event.detail)).not.toContain(
          "Estimate approved by Maria Lopez on the technician's phone",
        );
      });

      test("My day hears of the homeowner's answer live", async () => {
        const { id, page } = await arrivedVisit();
        expect((await writeEstimate(id)).status).toBe(302);
        const controller = new AbortController();
        const stream = await fetch(`${server.baseUrl}/office/day/events`, {
          headers: { cookie: alex, "X-Forwarded-For": freshClientIp() },
          signal: controller.signal,
        });
        expect(stream.status).toBe(200);
        expect(stream.headers.get("content-type")).toContain("text/event-stream");
        const reader = stream.body!.getReader();
        const decoder = new TextDecoder();
        let heard = "";
        const heardLead = (async () => {
          while (!heard.includes("event: lead")) {
            const { value, done } = await reader.read();
            if (done) break;
            heard += decoder.decode(value, { stream: true });
          }
        })();
        // The stream is registered before the answer is given.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(
          (await ask(page, { form: { intent: "estimate-approve", name: "Maria Lopez" } })).status,
        ).toBe(200);
        await Promise.race([heardLead, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        controller.abort();
        expect(heard).toContain("event: lead");
      });
    },
  );
}
