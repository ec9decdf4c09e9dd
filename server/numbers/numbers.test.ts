import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { RequestSource } from "~/domain/phone-booking";

import type { VisitSource } from "~/domain/visit-source";

import { leadEvents, payments } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { insertRequest } from "../test-support/request-rows";
import { startTestServer, type TestServer } from "../test-support/server";

// The owner's numbers pinned on a fixture whose every count is known: each definition the page
// prints is one assertion here. March 2031, far from any request the tests make today.

const databases = await testDatabases();

interface Lead {
  office?: "texas" | "florida";
  createdAt: string;
  source: RequestSource | null;
  sourceDetail?: string;
  status?: "new" | "scheduled" | "completed" | "cancelled" | "spam";
  booked?: boolean;
  done?: boolean;
  /** Done's amount, when it is not the payment; when the repair was done. */
  charged?: number;
  doneAt?: Date;
  /** Waiting for a part, a deposit asked. */
  needsPart?: boolean;
  /** Taken by phone (the caller named the source). */
  byPhone?: boolean;
  /** The job's payment (cents) and what the ledger holds of it. */
  paid?: number;
  /** When the job's balance settled it: by default the day after the request, as every row. */
  paidAt?: string;
  ledger?: { kind: "deposit" | "balance" | "refund"; cents: number; state?: "paid" | "pending" }[];
  /** Timeline events this many minutes after the request: by someone at the office, or not. */
  events?: {
    minutes: number;
    kind: "status" | "note" | "source" | "rescheduled";
    staff: boolean;
  }[];
  /** The Google click id the visitor came with (on the last touch). */
  gclid?: string;
}

function visitFromAd(gclid: string, at: string): VisitSource {
  const touch = {
    params: { utm_source: "google", utm_medium: "cpc", gclid },
    referrer: null,
    landing: "/",
    at,
  };
  return { first: { ...touch, params: { utm_source: "google" } }, last: touch };
}

for (const database of databases) {
  describe.skipIf(!database.available)(`The owner's numbers (${database.label})`, () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let owner: string;
    let dispatcher: string;

    async function lead(fields: Lead) {
      const id = randomUUID();
      const { db } = server.serverApp.database;
      await insertRequest(db, {
        id,
        office: fields.office ?? "texas",
        selectedAppliance: "dryer",
        name: "Numbers Fixture",
        email: `numbers-${id}@example.com`,
        phone: "(713) 555-0142",
        address: "1200 Main St, Houston, TX",
        zipCode: "77002",
        preferredDate: null,
        preferredTime: "",
        brand: "",
        model: "",
        serialNumber: "",
        description: "Not heating",
        notes: "",
        createdAt: new Date(fields.createdAt),
        source: fields.source,
        sourceDetail: fields.sourceDetail ?? null,
        ...(fields.gclid ? { visitSource: visitFromAd(fields.gclid, fields.createdAt) } : {}),
        ...(fields.byPhone ? { takenById: "staff-dan", takenBy: "Dan Dispatch" } : {}),
        status: fields.status ?? "new",
        ...(fields.booked || fields.done
          ? { scheduledDate: "2031-03-20", scheduledWindow: "morning" }
          : {}),
        ...(fields.done
          ? {
              fieldStatus: "done" as const,
              amountChargedCents: fields.charged ?? fields.paid ?? null,
              doneAt: fields.doneAt ?? null,
            }
          : {}),
        ...(fields.needsPart ? { fieldStatus: "needs-part" as const, depositCents: 5_000 } : {}),
        // The job's row, for its ledger's rows to belong to.
        ...(fields.ledger ? { partPriceCents: null } : {}),
      });
      for (const event of fields.events ?? []) {
        await db.insert(leadEvents).values({
          id: randomUUID(),
          leadId: id,
          kind: event.kind,
          actorId: event.staff ? "staff-dan" : null,
          actorName: event.staff ? "Dan Dispatch" : "The homeowner",
          detail: "",
          at: new Date(new Date(fields.createdAt).getTime() + event.minutes * 60_000),
        });
      }
      let paidRow: string | null = null;
      for (const [index, row] of (fields.ledger ?? []).entries()) {
        const rowId = randomUUID();
        if (row.kind !== "refund") paidRow = rowId;
        const settles = fields.paid !== undefined && row.kind === "balance";
        await db.insert(payments).values({
          id: rowId,
          ...(row.kind === "refund" ? { refundOf: paidRow, reason: "Part returned unused" } : {}),
          requestId: id,
          jobNumber: 1,
          visitNumber: 1,
          kind: row.kind,
          paymentFor: "repair",
          method: "card",
          amountCents: row.cents,
          state: row.state ?? "paid",
          // A paid job's balance settled it (when `paidAt` says); the rest were paid the day
          // after the request (a pending one is not settled).
          settles,
          settledAt:
            settles && fields.paidAt
              ? new Date(fields.paidAt)
              : row.state === "pending"
                ? null
                : new Date(new Date(fields.createdAt).getTime() + 24 * 60 * 60 * 1000),
          idempotencyKey: `numbers:${id}:${index}`,
        });
      }
      return id;
    }

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true });
      owner = (await add("owner", "Olive Owner", [])).cookie;
      dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
      // Google Ads: three leads. One paid $245 (deposit $138 + $107), one paid $400 with $50
      // refunded, one cancelled before it was booked.
      // Speed: acted on after 30, 90 and 10 minutes (a homeowner's move and a source corrected
      // are not the office acting); Florida's after 2 hours.
      await lead({
        createdAt: "2031-03-02T15:00:00Z",
        source: "google-ads",
        gclid: "Test-AbC_1",
        events: [
          { minutes: 5, kind: "rescheduled", staff: false },
          // The homeowner cancelling and booking again changes the status, as nobody at the office.
          { minutes: 7, kind: "status", staff: false },
          { minutes: 10, kind: "source", staff: true },
          { minutes: 30, kind: "status", staff: true },
          { minutes: 45, kind: "note", staff: true },
        ],
        status: "completed",
        done: true,
        paid: 24_500,
        paidAt: "2031-03-21T15:00:00Z",
        ledger: [
          { kind: "deposit", cents: 13_800 },
          { kind: "balance", cents: 10_700 },
        ],
      });
      await lead({
        createdAt: "2031-03-03T15:00:00Z",
        source: "google-ads",
        // What a visitor typed as a click id is no click id.
        gclid: "=HYPERLINK(1)",
        events: [{ minutes: 90, kind: "note", staff: true }],
        status: "completed",
        done: true,
        paid: 40_000,
        ledger: [
          { kind: "balance", cents: 40_000 },
          { kind: "refund", cents: 5_000 },
          // A refund asked and not made takes nothing off.
          { kind: "refund", cents: 1_000, state: "pending" },
        ],
      });
      await lead({
        createdAt: "2031-03-04T15:00:00Z",
        source: "google-ads",
        status: "cancelled",
        events: [{ minutes: 10, kind: "status", staff: true }],
      });
      // Yelp by phone: booked, not done.
      await lead({
        createdAt: "2031-03-05T15:00:00Z",
        source: "yelp",
        status: "scheduled",
        booked: true,
      });
      // A returning customer: done, a free warranty-like $0 job is no paid job.
      await lead({
        createdAt: "2031-03-06T15:00:00Z",
        source: "returning-customer",
        status: "completed",
        done: true,
        paid: 0,
      });
      // A caller who says "your website" is no unknown.
      await lead({ createdAt: "2031-03-06T16:00:00Z", source: "website", byPhone: true });
      // Paid and then refunded in full: no paid lead, no revenue.
      await lead({
        createdAt: "2031-03-06T17:00:00Z",
        source: "yelp",
        status: "completed",
        done: true,
        paid: 9_000,
        ledger: [
          { kind: "balance", cents: 9_000 },
          { kind: "refund", cents: 9_000 },
        ],
      });
      // Unknown: the website directly, and a request from before sources were kept.
      await lead({ createdAt: "2031-03-07T15:00:00Z", source: "website" });
      await lead({ createdAt: "2031-03-08T15:00:00Z", source: null });
      // Spam is no lead.
      await lead({ createdAt: "2031-03-09T15:00:00Z", source: "google-ads", status: "spam" });
      // The office's own day: 11:30 PM on March 31 in Houston is in the range; 12:30 AM on April 1 is not.
      await lead({ createdAt: "2031-04-01T04:30:00Z", source: "facebook" });
      await lead({ createdAt: "2031-04-01T05:30:00Z", source: "facebook" });
      // Florida: another office, its own Other source.
      await lead({
        office: "florida",
        createdAt: "2031-03-10T15:00:00Z",
        source: "other",
        sourceDetail: '=HYPERLINK("http://evil")',
        events: [{ minutes: 120, kind: "status", staff: true }],
      });
      // Today: a repair done 2 days ago for $245 with a $138 deposit paid, one done 10 days
      // ago for $200 unpaid, and a part awaited with a $50 deposit of which $10 went back.
      const day = 24 * 60 * 60 * 1000;
      await lead({
        createdAt: new Date(Date.now() - 5 * day).toISOString(),
        source: "google-ads",
        status: "completed",
        done: true,
        charged: 24_500,
        doneAt: new Date(Date.now() - 2 * day),
        ledger: [{ kind: "deposit", cents: 13_800 }],
      });
      await lead({
        createdAt: new Date(Date.now() - 12 * day).toISOString(),
        source: "yelp",
        status: "completed",
        done: true,
        charged: 20_000,
        doneAt: new Date(Date.now() - 10 * day),
      });
      await lead({
        createdAt: new Date(Date.now() - 3 * day).toISOString(),
        source: "website",
        status: "scheduled",
        booked: true,
        needsPart: true,
        ledger: [
          { kind: "deposit", cents: 5_000 },
          { kind: "refund", cents: 1_000 },
        ],
      });
      // The 31 days before: one Google Ads lead, paid $100, and one at 11:30 PM on February 28 in
      // Houston (March 1 in UTC), the last of the days before.
      await lead({ createdAt: "2031-03-01T05:30:00Z", source: "website" });
      await lead({
        createdAt: "2031-02-10T15:00:00Z",
        source: "google-ads",
        status: "completed",
        done: true,
        paid: 10_000,
        ledger: [{ kind: "balance", cents: 10_000 }],
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    const march = "/office/numbers?from=2031-03-01&to=2031-03-31";

    test("each definition, counted on the fixture", async () => {
      const page = await ask(`${march}&office=texas`, { cookie: owner });
      expect(page.status).toBe(200);
      const csv = await ask(
        `/office/numbers/export?table=sources&from=2031-03-01&to=2031-03-31&office=texas`,
        {
          cookie: owner,
        },
      );
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toContain("text/csv");
      expect(csv.body.split("\r\n")).toEqual([
        "Source,Leads,Booked,Completed,Paid,Paid revenue ($),Average ticket ($),Cancelled,Spend ($),Cost per paid job ($)",
        // Paid revenue: 138 + 107 + 400 − 50 (the pending refund takes nothing); two paid leads.
        "Google Ads,3,2,2,2,595.00,297.50,1,,",
        `"Unknown (website, direct)",2,0,0,0,0.00,,0,,`,
        // Its refunded repair is done, not paid.
        "Yelp,2,2,1,0,0.00,,0,,",
        // Ties: in the order of the sources' list.
        "Facebook,1,0,0,0,0.00,,0,,",
        "Website,1,0,0,0,0.00,,0,,",
        "Returning customer,1,1,1,0,0.00,,0,,",
        "",
      ]);
      // The headline: leads, paid, revenue and the unknown share, against the range before.
      // Two of the ten leads.
      expect(page.body).toContain(">20%<");
      expect(page.body).toContain("$595.00");
      expect(page.body).toContain("$100.00 from 2031-01-29 to 2031-02-28");
      expect(page.body).toContain("2 from 2031-01-29 to 2031-02-28");
      expect(page.body).toContain("50% from 2031-01-29 to 2031-02-28");
      for (const definition of ["Leads: service requests", "Average ticket:", "Unknown: booked"]) {
        expect(page.body).toContain(definition);
      }
    });

    test("money: received by method in the range, open balances by age and deposits held today", async () => {
      const csv = await ask(
        `/office/numbers/export?table=money&from=2031-03-01&to=2031-03-31&office=texas`,
        { cookie: owner },
      );
      expect(csv.status).toBe(200);
      expect(csv.body.split("\r\n")).toEqual([
        "Method,Payments,Received ($),Refunded ($),Net ($)",
        // 138 + 107 + 400 + 90 received; 50 + 90 refunded (the pending refund is not).
        "Card,4,735.00,140.00,595.00",
        "",
        "Today,Requests,Amount ($)",
        `"Open balances, 0-7 days",1,107.00`,
        `"Open balances, 8-30 days",1,200.00`,
        `"Open balances, 31 days and more",0,0.00`,
        "Deposits held,1,40.00",
        "",
      ]);
      const page = (await ask(`${march}&office=texas`, { cookie: owner })).body;
      expect(page).toContain("Open balances, 8-30 days");
      expect(page).toContain("Deposits held");
      expect(page).toContain("Paid by method: payments received in the range");
    });

    test("all offices: Florida's Other row, quoted in the CSV", async () => {
      const csv = await ask(`/office/numbers/export?table=sources&from=2031-03-01&to=2031-03-31`, {
        cookie: owner,
      });
      expect(csv.body).toContain(`"Other: =HYPERLINK(""http://evil"")",1,0,0,0,0.00,,0,,`);
    });

    test("speed: each office's web requests, the median minutes to the office's first action, and those still waiting", async () => {
      const csv = await ask(`/office/numbers/export?table=speed&from=2031-03-01&to=2031-03-31`, {
        cookie: owner,
      });
      expect(csv.status).toBe(200);
      expect(csv.body.split("\r\n")).toEqual([
        "Office,Web requests,Acted on,Median minutes to first action,Still waiting",
        "Florida,1,1,120,0",
        // Nine from the web (the caller and the spam left out): 10, 30 and 90 minutes.
        "Texas,9,3,30,6",
        // 10, 30, 90 and 120: the median between the middle two.
        "All offices,10,4,60,6",
        "",
      ]);
      const page = (await ask(`${march}&office=texas`, { cookie: owner })).body;
      expect(page).toContain("30 min");
      expect(page).toContain("Median time to first action: half the answered requests");
      expect(page).not.toContain("All offices</th>");
    });

    test("Google: each office's tagged profile links, and the paid jobs an ad click brought for Google Ads", async () => {
      const page = (await ask(`${march}&office=texas`, { cookie: owner })).body;
      expect(page).toContain(
        "https://repair.example.test/service-areas/texas?utm_source=google&amp;utm_medium=organic&amp;utm_campaign=gbp",
      );
      expect(page).toContain(
        "https://repair.example.test/modals/schedule?region=Texas&amp;utm_source=google&amp;utm_medium=organic&amp;utm_campaign=gbp",
      );
      expect(page).toContain("1 paid job");
      const csv = await ask(
        `/office/numbers/export?table=conversions&from=2031-03-01&to=2031-03-31&office=texas`,
        { cookie: owner },
      );
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-disposition")).toContain(
        "conversions-texas-2031-03-01-to-2031-03-31.csv",
      );
      expect(csv.body.split("\r\n")).toEqual([
        "Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
        // Paid at 15:00 UTC on March 21, 2031: 10 AM in Houston, on daylight time since March 9.
        "Test-AbC_1,Paid repair,2031-03-21 10:00:00-05:00,245.00,USD",
        "",
      ]);
      // Another month: none.
      const february = await ask(
        `/office/numbers/export?table=conversions&from=2031-02-01&to=2031-02-28&office=texas`,
        { cookie: owner },
      );
      expect(february.body.split("\r\n")).toHaveLength(2);
    });

    test("spend: typed by month, prorated over the range and divided by the paid jobs; a source spent on with no lead has its row", async () => {
      const spend = (fields: Record<string, string>, cookie = owner) =>
        ask(`${march}&office=texas`, {
          cookie,
          form: { intent: "spend", office: "texas", month: "2031-03", ...fields },
        });
      const saved = await spend({ source: "google-ads", amount: "$1,200" });
      expect(saved.status).toBe(200);
      expect(saved.body).toContain("Saved: $1,200.00 on Google Ads, Texas, 2031-03.");
      expect((await spend({ source: "yelp", amount: "300" })).status).toBe(200);
      expect((await spend({ source: "bing", amount: "150.50" })).status).toBe(200);
      // Typed again: the last amount stands.
      expect((await spend({ source: "bing", amount: "150" })).status).toBe(200);
      // Another office's spend is not Texas's.
      expect((await spend({ source: "google-ads", amount: "999", office: "florida" })).status).toBe(
        200,
      );
      const csv = async (range: string) =>
        (
          await ask(`/office/numbers/export?table=sources&${range}&office=texas`, {
            cookie: owner,
          })
        ).body.split("\r\n");
      const month = await csv("from=2031-03-01&to=2031-03-31");
      // $1,200 over two paid jobs; Yelp's $300 brought none; Bing's $150 brought no lead.
      expect(month).toContain("Google Ads,3,2,2,2,595.00,297.50,1,1200.00,600.00");
      expect(month).toContain("Yelp,2,2,1,0,0.00,,0,300.00,");
      expect(month).toContain("Bing,0,0,0,0,0.00,,0,150.00,");
      // Half a month: 15 of March's 31 days of the spend, over the two paid jobs in it.
      const half = await csv("from=2031-03-01&to=2031-03-15");
      expect(half).toContain("Google Ads,3,2,2,2,595.00,297.50,1,580.65,290.33");
      const page = (await ask(`${march}&office=texas`, { cookie: owner })).body;
      expect(page).toContain("2031-03, Texas: Google Ads $1,200.00");
      expect(page).not.toContain("$999.00");
      expect(page).toContain("Cost per paid job: the money spent on the source");
      // 0 removes it.
      expect((await spend({ source: "bing", amount: "0" })).body).toContain(
        "Removed the spend on Bing, Texas, 2031-03.",
      );
      expect((await csv("from=2031-03-01&to=2031-03-31")).join("\n")).not.toContain("Bing");
    });

    test("spend: each field's message, a 400 that keeps what was typed; dispatchers get 404", async () => {
      for (const [fields, field, message] of [
        [{ month: "2031-13" }, "month", "Choose the month, like 2031-03."],
        [{ month: "March" }, "month", "Choose the month, like 2031-03."],
        [{ office: "atlantis" }, "office", "Choose one of your offices."],
        [{ source: "website" }, "source", "Choose the source the money went to."],
        [{ source: "returning-customer" }, "source", "Choose the source the money went to."],
        [{ amount: "-5" }, "amount", "Write the amount in dollars"],
        // Empty is a forgotten amount, not a removal (0 removes).
        [{ amount: " " }, "amount", "Write the amount in dollars"],
        [{ amount: "1e9" }, "amount", "Write the amount in dollars"],
        [{ amount: "12345678" }, "amount", "Write the amount in dollars"],
      ] as const) {
        const valid: Record<string, string> = {
          intent: "spend",
          office: "texas",
          month: "2031-03",
          source: "google-ads",
          amount: "100",
        };
        const refused = await ask(`${march}&office=texas`, {
          cookie: owner,
          form: { ...valid, ...fields },
        });
        expect(refused.status, field).toBe(400);
        expect(refused.body, field).toContain(message);
        expect(refused.body, field).toContain('aria-invalid="true"');
      }
      const asDispatcher = await ask(`${march}&office=texas`, {
        cookie: dispatcher,
        form: { intent: "spend", office: "texas", month: "2031-04", source: "yelp", amount: "5" },
      });
      expect(asDispatcher.status).toBe(404);
      const april = await ask(
        `/office/numbers/export?table=sources&from=2031-04-01&to=2031-04-30&office=texas`,
        { cookie: owner },
      );
      expect(april.body).not.toContain("5.00");
    });

    test("dispatchers get 404; a bad range is a 400 that says why", async () => {
      expect((await ask(march, { cookie: dispatcher })).status).toBe(404);
      expect(
        (
          await ask(`/office/numbers/export?table=sources&from=2031-03-01&to=2031-03-31`, {
            cookie: dispatcher,
          })
        ).status,
      ).toBe(404);
      for (const table of ["speed", "conversions"]) {
        const refused = await ask(
          `/office/numbers/export?table=${table}&from=2031-03-01&to=2031-03-31`,
          { cookie: dispatcher },
        );
        expect(refused.status, table).toBe(404);
        expect(refused.body, table).not.toContain("Test-AbC_1");
      }
      for (const [query, message] of [
        ["from=2031-03-31&to=2031-03-01", "The first day comes after the last day."],
        ["from=yesterday&to=2031-03-01", "The first day is not a date"],
        ["from=2029-01-01&to=2031-03-01", "Count at most 366 days at once."],
        ["office=atlantis", "Choose one of your offices, or all of them."],
        ["from=2031-03-01&to=9999-12-31", "Count days between the years 2000 and 2100."],
      ] as const) {
        const refused = await ask(`/office/numbers?${query}`, { cookie: owner });
        expect(refused.status, query).toBe(400);
        expect(refused.body, query).toContain(message);
        const file = await ask(`/office/numbers/export?table=sources&${query}`, { cookie: owner });
        expect(file.status, query).toBe(400);
      }
    });
  });
}
