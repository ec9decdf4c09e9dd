import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  leadEvents,
  outbox,
  payments,
  requestJobs,
  serviceRequests,
  stripeEvents,
  texts,
} from "../db/schema";
import { erasePrivacyRecords, exportPrivacyRecords } from "../desk/privacy.server";
import type { StaffMember } from "../desk/staff-accounts.server";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest } from "../test-support/fixtures";
import { requestRow } from "../test-support/request-rows";
import { startTestServer, type TestServer } from "../test-support/server";
import { startStripeStandIn, type StripeStandIn } from "../test-support/stripe";

// The card, attacked as a stranger with a link, a homeowner tapping twice, Stripe delivering
// again and again (or someone forging it), and a technician taking cash while the card pays:
// the real app, the real Stripe client, a stand-in speaking Stripe's API on 127.0.0.1.

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`Card payments through Stripe (${database.label})`, () => {
    let server: TestServer;
    let stripe: StripeStandIn;
    const { add, ask } = deskClient(() => server);
    let dispatcher: string;
    let alex: string;
    let alexId: string;
    let owner: string;

    beforeAll(async () => {
      stripe = await startStripeStandIn();
      server = await startTestServer({
        database,
        withPages: true,
        // The stand-in delivers to 127.0.0.1: that name is ours in this test.
        env: { ...stripe.env, ALLOWED_HOSTS: "127.0.0.1" },
      });
      stripe.setWebhookUrl(`${server.baseUrl}/api/payments/stripe`);
      owner = (await add("owner", "Olive Owner", [])).cookie;
      dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
      ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
    });
    afterAll(async () => {
      await server?.close();
      await stripe?.close();
    });

    function todayInTexas() {
      return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
    }

    function tap(fields: Record<string, string>) {
      return ask("/office/day", { cookie: alex, form: { tapKey: randomUUID(), ...fields } });
    }

    /** A Texas dryer request, booked today with Alex, arrived: its id and page. */
    async function arrivedVisit(overrides: Record<string, unknown> = {}) {
      const booked = await server.post(
        "/api/send-email",
        serviceRequest({
          selectedAppliance: "dryer",
          email: `card-${randomUUID()}@example.com`,
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
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      return { id, page: new URL(requestUrl).pathname };
    }

    /** Alex's Done on the request `id`: the igniter replaced, $245.00 charged. */
    async function doneFor245(id: string) {
      const done = await tap({
        intent: "done",
        requestId: id,
        workDone: "Replaced the igniter",
        model: "DVE45R6100C",
        serialNumber: "0B7H5AEN400123",
        partsUsed: "DC97-14486A igniter",
        amount: "245.00",
      });
      expect(done.status).toBe(302);
    }

    /** A Texas dryer request, booked today with Alex and Done for $245.00: its id and page. */
    async function doneVisit(overrides: Record<string, unknown> = {}) {
      const visit = await arrivedVisit(overrides);
      await doneFor245(visit.id);
      return visit;
    }

    /** The homeowner's "Pay by card", as their browser posts it from their page. */
    function pay(page: string, form: Record<string, string> = {}) {
      return ask(`${page}/pay`, { form });
    }

    async function ledger(id: string) {
      const { db } = server.serverApp.database;
      return db.select().from(payments).where(eq(payments.requestId, id));
    }

    async function paymentEvents(id: string) {
      const { db } = server.serverApp.database;
      return db
        .select({ detail: leadEvents.detail })
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "payment")))
        .orderBy(leadEvents.at);
    }

    async function receiptEmails(id: string) {
      const { db } = server.serverApp.database;
      const rows = await db
        .select({ kind: outbox.kind })
        .from(outbox)
        .where(eq(outbox.subjectId, id));
      return rows.filter((row) => row.kind === "receipt.customer");
    }

    test("Done: the page shows the balance and Pay by card; two taps at once share one session, for the server's amount", async () => {
      const { id, page } = await doneVisit();
      const shown = await ask(page);
      expect(shown.body).toContain("Balance $245.00");
      expect(shown.body).toContain(`action="${page}/pay"`);
      // The form may lead to Stripe's page (the stand-in's origin here), and nowhere else.
      expect(shown.headers.get("content-security-policy")).toContain(
        `form-action 'self' ${stripe.url}`,
      );
      // The secret key is the server's alone.
      expect(shown.body).not.toContain(stripe.secretKey);
      expect(shown.body).not.toContain(stripe.webhookSecret);

      const before = stripe.sessions.length;
      // A visitor's amount is never read.
      const [first, second] = await Promise.all([
        pay(page, { amount: "1.00", amountCents: "100" }),
        pay(page),
      ]);
      expect([first.status, second.status]).toEqual([303, 303]);
      expect(first.location).toBe(second.location);
      expect(stripe.sessions.length).toBe(before + 1);
      const session = stripe.sessions.at(-1)!;
      expect(first.location).toBe(session.url);
      expect(session.amount_total).toBe(24_500);
      expect(session.client_reference_id).toBe(id);
      expect(session.success_url).toContain(`${page}/receipt`);
      const rows = await ledger(id);
      expect(rows).toMatchObject([
        { kind: "balance", method: "card", amountCents: 24_500, state: "pending" },
      ]);
      expect(session.metadata).toMatchObject({ payment_id: rows[0]!.id, request_id: id });
      // Created with an idempotency key of its own.
      const created = stripe.requests.filter(
        (request) => request.method === "POST" && request.path === "/v1/checkout/sessions",
      );
      expect(created.at(-1)?.idempotencyKey).toMatch(
        new RegExp(`^checkout:${id}:1:balance:24500:\\d+:0$`),
      );
      // Taps later: the same open session again, and the same session costs no budget (the
      // page's five changes a day are for new sessions, moves and cancels).
      for (let tap = 0; tap < 7; tap += 1) expect((await pay(page)).location).toBe(session.url);
      expect(stripe.sessions.length).toBe(before + 1);
    });

    test("a Spanish request pays on Stripe's page in Spanish, for a line item named in Spanish (issue 39)", async () => {
      const { page } = await doneVisit({ language: "es" });
      const shown = await ask(page);
      expect(shown.body).toContain("Saldo $245.00");
      expect(shown.body).toContain("Pagar con tarjeta");
      expect((await pay(page)).status).toBe(303);
      const created = stripe.requests.filter(
        (request) => request.method === "POST" && request.path === "/v1/checkout/sessions",
      );
      const params = created.at(-1)!.body;
      expect(params.locale).toBe("es-419");
      expect(params["line_items[0][price_data][product_data][name]"]).toMatch(
        /^Reparación de secadora, solicitud R-[0-9A-Z]{4}$/,
      );
    });

    test("the webhook delivered five times at once makes one payment, one receipt; the page and My day say Paid", async () => {
      const { id, page } = await doneVisit();
      const link = await pay(page);
      const session = stripe.sessions.find((entry) => entry.url === link.location)!;
      const event = await stripe.completeSession(session.id, { deliver: false });
      const answers = await Promise.all(Array.from({ length: 5 }, () => stripe.deliver(event)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const rows = await ledger(id);
      expect(rows).toMatchObject([
        { method: "card", amountCents: 24_500, state: "paid", cardLast4: "4242", settles: true },
      ]);
      expect(await paymentEvents(id)).toEqual([
        { detail: "Card pay link for $245.00" },
        { detail: "Paid $245.00 by card ····4242" },
      ]);
      const row = await requestRow(server.serverApp.database.db, id);
      expect(row).toMatchObject({
        paymentMethod: "card",
        paymentCents: 24_500,
        paymentFor: "repair",
      });
      expect(row.warrantyEnds).not.toBeNull();
      expect(await receiptEmails(id)).toHaveLength(1);
      const { db } = server.serverApp.database;
      expect(
        await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)),
      ).toHaveLength(1);

      const shown = await ask(page);
      expect(shown.body).not.toContain("Balance $245.00");
      expect(shown.body).toContain("Paid $245.00 by card");
      const day = (await ask("/office/day", { cookie: alex })).body;
      expect(day).toContain("Paid $245.00 by card");
      // Paid: nothing more to pay.
      const again = await pay(page);
      expect(again.status).toBe(409);
      expect(again.body).toContain("Nothing is owed on this request now.");
    });

    test("a forged, unsigned or 301-second-old event is 400 and changes nothing", async () => {
      const { id, page } = await doneVisit();
      const link = await pay(page);
      const session = stripe.sessions.find((entry) => entry.url === link.location)!;
      const event = await stripe.completeSession(session.id, { deliver: false });
      const now = Math.floor(Date.now() / 1000);
      const forged = await stripe.deliver(event, { secret: "whsec_not_the_one" });
      const old = await stripe.deliver(event, { timestamp: now - 301 });
      const unsigned = await fetch(`${server.baseUrl}/api/payments/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(event),
      });
      const tampered = await fetch(`${server.baseUrl}/api/payments/stripe`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": stripe.signatureFor(JSON.stringify(event, null, 2)),
        },
        body: JSON.stringify({ ...event, id: "evt_forged" }, null, 2),
      });
      expect([forged.status, old.status, unsigned.status, tampered.status]).toEqual([
        400, 400, 400, 400,
      ]);
      expect(await ledger(id)).toMatchObject([{ state: "pending" }]);
      expect((await requestRow(server.serverApp.database.db, id)).paidAt).toBeNull();
      // 299 seconds old is still Stripe's.
      expect((await stripe.deliver(event, { timestamp: now - 299 })).status).toBe(200);
      expect(await ledger(id)).toMatchObject([{ state: "paid" }]);
    });

    test("cash recorded while the card is open closes the pay link: one payment", async () => {
      const { id, page } = await doneVisit();
      const link = await pay(page);
      const session = stripe.sessions.find((entry) => entry.url === link.location)!;
      const cash = await tap({
        intent: "payment",
        requestId: id,
        method: "cash",
        amount: "245.00",
      });
      expect(cash.status).toBe(302);
      expect(session.status).toBe("expired");
      await expect(stripe.completeSession(session.id)).rejects.toThrow();
      const rows = await ledger(id);
      expect(rows.map((row) => [row.method, row.state, row.settles]).sort()).toEqual([
        ["card", "expired", false],
        ["cash", "paid", true],
      ]);
      expect((await requestRow(server.serverApp.database.db, id)).paymentMethod).toBe("cash");
    });

    test("the card paid first, the cash after it is refused: one payment", async () => {
      const { id, page } = await doneVisit();
      const link = await pay(page);
      const session = stripe.sessions.find((entry) => entry.url === link.location)!;
      // Paid, its event not here yet.
      await stripe.completeSession(session.id, { deliver: false });
      const cash = await tap({
        intent: "payment",
        requestId: id,
        method: "cash",
        amount: "245.00",
      });
      expect(cash.status).toBe(409);
      expect(cash.body).toContain("The payment is already recorded.");
      expect(await ledger(id)).toMatchObject([{ method: "card", state: "paid" }]);
      expect((await requestRow(server.serverApp.database.db, id)).paymentMethod).toBe("card");
      // Its event, when it comes, changes nothing again.
      const event = stripe.events.find(
        (entry) =>
          entry.type === "checkout.session.completed" && entry.data.object.id === session.id,
      )!;
      expect((await stripe.deliver(event)).status).toBe(200);
      expect(await ledger(id)).toHaveLength(1);
      expect(await receiptEmails(id)).toHaveLength(1);
    });

    test("an event missed while the server was down is caught up from Stripe's events", async () => {
      const { id, page } = await doneVisit();
      const link = await pay(page);
      const session = stripe.sessions.find((entry) => entry.url === link.location)!;
      await stripe.completeSession(session.id, { deliver: false });
      expect(await server.serverApp.catchUpCards()).toBeGreaterThan(0);
      expect(await ledger(id)).toMatchObject([{ state: "paid" }]);
      // Twice is once.
      expect(await server.serverApp.catchUpCards()).toBe(0);
      expect(await paymentEvents(id)).toHaveLength(2);
    });

    test("an expired session, then its late completed event out of order, changes nothing twice", async () => {
      const { id, page } = await doneVisit();
      const link = await pay(page);
      const session = stripe.sessions.find((entry) => entry.url === link.location)!;
      const expired = await stripe.expireSession(session.id, { deliver: false });
      expect((await stripe.deliver(expired)).status).toBe(200);
      expect((await stripe.deliver(expired)).status).toBe(200);
      expect(await ledger(id)).toMatchObject([{ state: "expired" }]);
      expect(await paymentEvents(id)).toEqual([
        { detail: "Card pay link for $245.00" },
        { detail: "Card pay link for $245.00 expired" },
      ]);
      // The next tap makes a new session.
      const next = await pay(page);
      expect(next.status).toBe(303);
      expect(next.location).not.toBe(link.location);
    });

    test("My day: Show QR code draws the open session's address; Text and Email pay link send it; another technician or the office gets a 404", async () => {
      const { id, page } = await doneVisit({ textConsent: true });
      const card = (await ask("/office/day", { cookie: alex })).body;
      expect(card).toContain("Card payment: $245.00");
      expect(card).toContain("Text pay link");
      expect(card).toContain("Email pay link");
      const qr = await ask("/office/day", {
        cookie: alex,
        form: { intent: "pay-qr", requestId: id },
      });
      expect(qr.status).toBe(200);
      expect(qr.body).toContain("<svg");
      expect(qr.body).toContain("QR code: pay $245.00 by card");
      const session = stripe.sessions.find((entry) => entry.client_reference_id === id)!;
      // The homeowner's tap on their page finds the same session.
      expect((await pay(page)).location).toBe(session.url);

      const texted = await ask("/office/day", {
        cookie: alex,
        form: { intent: "pay-link-text", requestId: id },
      });
      expect(texted.status).toBe(200);
      expect(texted.body).toContain("Pay link for $245.00 texted to the customer.");
      const emailed = await ask("/office/day", {
        cookie: alex,
        form: { intent: "pay-link-email", requestId: id },
      });
      expect(emailed.body).toContain("Pay link for $245.00 emailed to the customer.");
      expect(stripe.sessions.filter((entry) => entry.client_reference_id === id)).toHaveLength(1);
      const { db } = server.serverApp.database;
      const text = await db
        .select({ body: texts.body })
        .from(texts)
        .where(and(eq(texts.requestId, id), eq(texts.kind, "text.pay-link")));
      expect(text.map((row) => row.body)).toEqual([
        expect.stringContaining(`your repair balance is $245.00. Pay by card: ${session.url}`),
      ]);
      const email = await db
        .select({ kind: outbox.kind, message: outbox.message })
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "pay-link.customer")));
      expect(email).toHaveLength(1);
      expect(JSON.stringify(email[0]!.message)).toContain(session.url!);

      // Someone else's visit, or no technician at all: nothing is read or made.
      const sam = (await add("technician", "Sam Ortiz", ["texas"])).cookie;
      for (const cookie of [sam, dispatcher, owner]) {
        const refused = await ask("/office/day", {
          cookie,
          form: { intent: "pay-qr", requestId: id },
        });
        expect(refused.status).toBe(404);
      }
    });

    test("without consent to texts the pay link is not texted", async () => {
      const { id } = await doneVisit({ textConsent: false });
      const card = (await ask("/office/day", { cookie: alex })).body;
      const start = card.indexOf(`Card payment: $245.00`);
      expect(start).toBeGreaterThan(-1);
      const refused = await ask("/office/day", {
        cookie: alex,
        form: { intent: "pay-link-text", requestId: id },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toContain("The customer did not agree to texts");
    });

    /** A Done visit paid by card through the webhook: its id, page and paid ledger row. */
    async function paidByCard() {
      const { id, page } = await doneVisit();
      const link = await pay(page);
      const session = stripe.sessions.find((entry) => entry.url === link.location)!;
      await stripe.completeSession(session.id);
      const [paid] = await ledger(id);
      expect(paid).toMatchObject({ state: "paid", cardLast4: "4242" });
      return { id, page, paid: paid! };
    }

    test("an owner refunds part of a card payment: Stripe refunds it once, the ledger, the timeline, the receipt and its email say so", async () => {
      const { id, page, paid } = await paidByCard();
      const lead = await ask(`/office/leads/${id}`, { cookie: owner });
      expect(lead.body).toContain("Payment: $245.00 by card ····4242");
      const key = /name="refundKey" value="([^"]+)"/.exec(lead.body)?.[1];
      expect(key).toBeTruthy();
      const form = {
        intent: "refund",
        paymentId: paid.id,
        amount: "50.00",
        reason: "Part returned unused",
        refundKey: key!,
      };
      // The same form sent twice at once is one refund.
      const [first, second] = await Promise.all([
        ask(`/office/leads/${id}`, { cookie: owner, form }),
        ask(`/office/leads/${id}`, { cookie: owner, form }),
      ]);
      expect([first.status, second.status]).toEqual([302, 302]);
      await stripe.waitForDeliveries();
      const refunds = stripe.refunds.filter(
        (refund) => refund.payment_intent === paid.stripePaymentIntentId,
      );
      expect(refunds.map((refund) => refund.amount)).toEqual([5_000]);
      const rows = await ledger(id);
      expect(rows.filter((row) => row.kind === "refund")).toMatchObject([
        { amountCents: 5_000, state: "paid", refundOf: paid.id, reason: "Part returned unused" },
      ]);
      // The charge.refunded event for our own refund adds nothing.
      expect(stripe.deliveries.some((delivery) => delivery.type === "charge.refunded")).toBe(true);
      expect(await paymentEvents(id)).toContainEqual({
        detail: "Refunded $50.00 to card ····4242: Part returned unused",
      });
      const receipt = await ask(`${page}/receipt`);
      expect(receipt.body).toContain("$245.00 by card ····4242 on");
      expect(receipt.body).toContain("$50.00 back to card ····4242 on");
      expect(receipt.body).toContain("Part returned unused");
      const { db } = server.serverApp.database;
      const sent = await db
        .select({ message: outbox.message })
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "receipt.customer")));
      expect(sent.map((row) => row.message.subject).sort()).toEqual([
        "Your receipt for your dryer repair",
        "Your updated receipt: $50.00 refunded",
      ]);

      // More than is left is refused; nothing moves.
      const again = await ask(`/office/leads/${id}`, { cookie: owner });
      const nextKey = /name="refundKey" value="([^"]+)"/.exec(again.body)?.[1];
      const tooMuch = await ask(`/office/leads/${id}`, {
        cookie: owner,
        form: { ...form, amount: "195.01", refundKey: nextKey! },
      });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body).toContain("At most $195.00 of this payment can be refunded.");
      expect(
        stripe.refunds.filter((refund) => refund.payment_intent === paid.stripePaymentIntentId),
      ).toHaveLength(1);

      // The rest given back too: the payment is refunded in full, and it keeps when it was paid,
      // as the job keeps when it was settled and what was paid then (the receipt lists the refunds).
      const settled = await requestRow(db, id);
      const lastKey = /name="refundKey" value="([^"]+)"/.exec(
        (await ask(`/office/leads/${id}`, { cookie: owner })).body,
      )?.[1];
      const rest = await ask(`/office/leads/${id}`, {
        cookie: owner,
        form: { ...form, amount: "195.00", reason: "Customer moved away", refundKey: lastKey! },
      });
      expect(rest.status).toBe(302);
      await stripe.waitForDeliveries();
      expect((await ledger(id)).find((row) => row.id === paid.id)).toMatchObject({
        state: "refunded",
        settledAt: paid.settledAt,
      });
      expect(await requestRow(db, id)).toMatchObject({
        paymentMethod: "card",
        paymentCents: 24_500,
        paidAt: settled.paidAt,
      });
      expect(settled.paidAt).toEqual(paid.settledAt);
    });

    test("a privacy export holds the request's payments; an erasure keeps the amounts, not the card or the words", async () => {
      const { id, paid } = await paidByCard();
      const { db } = server.serverApp.database;
      const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
      const lead = await ask(`/office/leads/${id}`, { cookie: owner });
      const refundKey = /name="refundKey" value="([^"]+)"/.exec(lead.body)?.[1];
      const refunded = await ask(`/office/leads/${id}`, {
        cookie: owner,
        form: {
          intent: "refund",
          paymentId: paid.id,
          amount: "5.00",
          reason: "Late arrival",
          refundKey: refundKey!,
        },
      });
      expect(refunded.status).toBe(302);
      const olive: StaffMember = {
        id: "owner-olive",
        name: "Olive Owner",
        email: "olive@example.com",
        role: "owner",
        offices: ["texas"],
        disabledAt: null,
        twoFactorEnabled: false,
      };
      const exported = JSON.parse(await exportPrivacyRecords(db, olive, { email: row!.email })) as {
        payments: { amountCents: number; cardLast4: string | null; idempotencyKey?: string }[];
      };
      expect(exported.payments).toMatchObject([
        { amountCents: 24_500, cardLast4: "4242" },
        { amountCents: 500, cardLast4: "4242" },
      ]);
      expect(exported.payments[0]).not.toHaveProperty("idempotencyKey");
      await erasePrivacyRecords(db, olive, { email: row!.email });
      expect(
        (await ledger(id)).map((entry) => [entry.amountCents, entry.cardLast4, entry.reason]),
      ).toEqual([
        [24_500, null, null],
        [500, null, ""],
      ]);
    });

    test("an erasure closes the request's open pay link at Stripe: the page is gone, and so is the way to pay it", async () => {
      const { id, page } = await doneVisit();
      const link = await pay(page);
      const session = stripe.sessions.find((entry) => entry.url === link.location)!;
      expect(session.status).toBe("open");
      const email = (await requestRow(server.serverApp.database.db, id)).email;
      const erased = await ask("/office/privacy", {
        cookie: owner,
        form: { intent: "erase", who: email, confirm: "yes" },
      });
      expect(erased.status).toBe(200);
      expect(session.status).toBe("expired");
      expect(await ledger(id)).toMatchObject([{ state: "expired" }]);
      expect((await ask(page)).status).toBe(404);
    });

    test("a dispatcher or a technician cannot refund, nor see the refund form", async () => {
      const { id, paid } = await paidByCard();
      const form = {
        intent: "refund",
        paymentId: paid.id,
        amount: "10.00",
        reason: "Goodwill",
        refundKey: randomUUID(),
      };
      const seen = await ask(`/office/leads/${id}`, { cookie: dispatcher });
      expect(seen.body).toContain("Payment: $245.00 by card ····4242");
      expect(seen.body).not.toContain('name="refundKey"');
      for (const cookie of [dispatcher, alex]) {
        const refused = await ask(`/office/leads/${id}`, { cookie, form });
        expect(refused.status).toBe(404);
      }
      expect(
        stripe.refunds.filter((refund) => refund.payment_intent === paid.stripePaymentIntentId),
      ).toEqual([]);
      expect((await ledger(id)).filter((row) => row.kind === "refund")).toEqual([]);
    });

    test("a service call paid on an earlier visit of the job is not taken off the repair's balance", async () => {
      const { id, page } = await doneVisit();
      const { db } = server.serverApp.database;
      // The first visit's service call, kept in the ledger on the same job.
      await db.insert(requestJobs).values({ requestId: id, number: 1 }).onConflictDoNothing();
      await db.insert(payments).values({
        id: randomUUID(),
        requestId: id,
        jobNumber: 1,
        visitNumber: 0,
        kind: "balance",
        paymentFor: "service-call",
        method: "cash",
        amountCents: 8_900,
        state: "paid",
        idempotencyKey: `recorded:${id}:visit:0`,
        settledAt: new Date(),
      });
      expect((await ask(page)).body).toContain("Balance $245.00");
      const link = await pay(page);
      expect(stripe.sessions.find((entry) => entry.url === link.location)?.amount_total).toBe(
        24_500,
      );
    });

    test("a part deposit: asked on Needs a part, paid by card on the page, on the board as Deposit paid, counted toward the repair", async () => {
      const { id, page } = await arrivedVisit();
      // The technician's amounts are checked: a deposit above the price, or without one, is refused.
      const over = await tap({
        intent: "needs-part",
        requestId: id,
        part: "Igniter DC97-14486A",
        partPrice: "100",
        deposit: "138",
      });
      expect(over.status).toBe(400);
      expect(over.body).toContain("The deposit cannot be more than the part&#x27;s price");
      const noPrice = await tap({
        intent: "needs-part",
        requestId: id,
        part: "Igniter DC97-14486A",
        deposit: "138",
      });
      expect(noPrice.status).toBe(400);
      expect(noPrice.body).toContain("Enter the part&#x27;s price: the deposit is part of it");
      const needs = await tap({
        intent: "needs-part",
        requestId: id,
        part: "Igniter DC97-14486A",
        partPrice: "275.00",
        deposit: "138",
      });
      expect(needs.status).toBe(302);

      // The page and the email ask for it; My day offers the card for it.
      const shown = (await ask(page)).body;
      expect(shown).toContain("Part deposit $138.00");
      expect(shown).toContain("Approve and pay the $138 part deposit");
      expect(shown).toContain("costs $275.00");
      const { db } = server.serverApp.database;
      const [told] = await db
        .select({ message: outbox.message })
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "visit.part-needed.customer")));
      expect(told?.message.text).toContain("Approve and pay the $138 part deposit");
      expect(told?.message.text).toContain("$275.00");
      expect((await ask("/office/day", { cookie: alex })).body).toContain("Part deposit: $138.00");
      const board = (await ask("/office/dispatch", { cookie: dispatcher })).body;
      expect(board).toContain("Deposit $138.00 not paid yet");

      // Paid by card: the server's amount, whatever is posted.
      const link = await pay(page, { amount: "1" });
      expect(link.status).toBe(303);
      const session = stripe.sessions.find((entry) => entry.url === link.location)!;
      expect(session.amount_total).toBe(13_800);
      await stripe.completeSession(session.id);
      // A deposit settles nothing: the repair is still to be done and paid.
      expect(await ledger(id)).toMatchObject([
        {
          kind: "deposit",
          method: "card",
          amountCents: 13_800,
          state: "paid",
          cardLast4: "4242",
          settles: false,
        },
      ]);
      expect(await paymentEvents(id)).toEqual([
        { detail: "Card pay link for the part deposit, $138.00" },
        { detail: "Deposit paid: $138.00 by card ····4242" },
      ]);
      const kinds = await db
        .select({ kind: outbox.kind })
        .from(outbox)
        .where(eq(outbox.subjectId, id));
      expect(kinds.filter((row) => row.kind === "deposit-paid.customer")).toHaveLength(1);
      const paidPage = (await ask(page)).body;
      expect(paidPage).toContain("Part deposit paid: $138.00 by card ····4242");
      expect(paidPage).not.toContain("Approve and pay");
      expect((await pay(page)).status).toBe(409);
      expect((await ask("/office/dispatch", { cookie: dispatcher })).body).toContain(
        "Deposit paid",
      );

      // The return visit brings the part; Done for $245: $107.00 is left, by card or in cash.
      const lead = (await ask(`/office/leads/${id}`, { cookie: dispatcher })).body;
      const version = /name="version" value="(\d+)"/.exec(lead)?.[1] ?? "0";
      const booked = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: {
          intent: "return-visit",
          version,
          scheduledDate: todayInTexas(),
          scheduledWindow: "evening",
          technicianId: alexId,
        },
      });
      expect(booked.status).toBe(302);
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      await doneFor245(id);
      expect((await ask(page)).body).toContain("Balance $107.00");
      const day = (await ask("/office/day", { cookie: alex })).body;
      expect(day).toContain("Card payment: $107.00");
      expect(day).toContain('value="107.00"');
      const cash = await tap({
        intent: "payment",
        requestId: id,
        method: "cash",
        amount: "107.00",
      });
      expect(cash.status).toBe(302);
      expect(await requestRow(db, id)).toMatchObject({
        paymentMethod: "cash",
        paymentCents: 24_500,
      });
      const receipt = (await ask(`${page}/receipt`)).body;
      expect(receipt).toMatch(/Deposit<\/dt><dd[^>]*>\$138\.00 by card ····4242/);
      expect(receipt).toMatch(/Payment<\/dt><dd[^>]*>\$107\.00/);
      expect(receipt).toMatch(/Total paid<\/dt><dd[^>]*>\$245\.00/);
    });

    test("Needs a part is not undone once the deposit's pay link was made: the money may be on its way", async () => {
      const { id, page } = await arrivedVisit();
      const key = randomUUID();
      const needs = await ask("/office/day", {
        cookie: alex,
        form: {
          tapKey: key,
          intent: "needs-part",
          requestId: id,
          part: "Door switch",
          partPrice: "60",
          deposit: "30",
        },
      });
      expect(needs.status).toBe(302);
      expect((await pay(page)).status).toBe(303);
      const undone = await ask("/office/day", {
        cookie: alex,
        form: { intent: "undo", requestId: id, tapKey: key },
      });
      expect(undone.status).toBe(409);
      expect(undone.body).toContain("The customer has the deposit&#x27;s pay link already");
      expect(await requestRow(server.serverApp.database.db, id)).toMatchObject({
        fieldStatus: "needs-part",
        depositCents: 3_000,
      });
    });

    test("back from Stripe's page before its event: the receipt's link leads to the page, which says it is confirming", async () => {
      const { id, page } = await doneVisit();
      const link = await pay(page);
      const session = stripe.sessions.find((entry) => entry.url === link.location)!;
      const event = await stripe.completeSession(session.id, { deliver: false });
      const back = await ask(`${page}/receipt?paid=${session.id}`);
      expect(back.status).toBe(303);
      expect(back.location).toBe(`${page}?paid=${session.id}#balance`);
      const waiting = (await ask(`${page}?paid=${session.id}`)).body;
      expect(waiting).toContain("Stripe is confirming your payment");
      expect(waiting).not.toContain(`action="${page}/pay"`);
      // Another session's id is no proof of anything: the page asks as before.
      expect((await ask(`${page}?paid=cs_test_someone_else`)).body).toContain(
        `action="${page}/pay"`,
      );
      expect((await ask(`${page}/receipt?paid=cs_test_someone_else`)).status).toBe(404);
      expect((await stripe.deliver(event)).status).toBe(200);
      expect((await ask(`${page}/receipt?paid=${session.id}`)).body).toContain(
        "$245.00 by card ····4242",
      );
      expect(await ledger(id)).toMatchObject([{ state: "paid" }]);
    });

    test("a request's link pays that request only: another's amount, session and receipt stay out of reach", async () => {
      const first = await doneVisit();
      const second = await doneVisit();
      const paidFirst = await pay(first.page);
      const session = stripe.sessions.find((entry) => entry.url === paidFirst.location)!;
      expect(session.client_reference_id).toBe(first.id);
      // A link one character off is no link: nothing is made, nothing is shown.
      const token = first.page.split("/").at(-1)!;
      const other = `/requests/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      const before = stripe.sessions.length;
      expect((await pay(other)).status).toBe(404);
      expect((await ask(other)).status).toBe(404);
      expect((await ask(`${other}/receipt`)).status).toBe(404);
      expect((await ask(`${other}/pay`)).status).toBe(404);
      expect(stripe.sessions.length).toBe(before);
      // The second request's own tap makes its own session, for its own amount.
      const paidSecond = await pay(second.page);
      expect(paidSecond.location).not.toBe(paidFirst.location);
      expect(stripe.sessions.at(-1)?.client_reference_id).toBe(second.id);
      // Paid, the first's receipt shows on its own page only.
      await stripe.completeSession(session.id);
      expect((await ask(`${first.page}/receipt`)).body).toContain("$245.00 by card ····4242");
      expect((await ask(`${second.page}/receipt`)).status).toBe(404);
    });

    test("a link for no request, or before Done, pays nothing; a staff session is not needed or used", async () => {
      const unknown = await pay(`/requests/${"x".repeat(43)}`);
      expect(unknown.status).toBe(404);
      const booked = await server.post(
        "/api/send-email",
        serviceRequest({ email: `early-${randomUUID()}@example.com` }),
      );
      const { requestUrl } = (await booked.json()) as { requestUrl: string };
      const early = await pay(new URL(requestUrl).pathname);
      expect(early.status).toBe(409);
      expect(early.body).toContain("Nothing is owed on this request now.");
      expect((await ask(new URL(requestUrl).pathname)).body).not.toContain("Pay by card");
      // An owner is no homeowner: the office's own pages are where staff act.
      expect(owner).toBeTruthy();
    });
  });
}

describe("Without a Stripe key", () => {
  const [database] = databases;
  let server: TestServer;
  const { add, ask } = deskClient(() => server);

  beforeAll(async () => {
    server = await startTestServer({ database: database!, withPages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("the balance is shown, no card is offered, and /pay refuses", async () => {
    const dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
    const { id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]);
    const booked = await server.post(
      "/api/send-email",
      serviceRequest({ email: `nocard-${randomUUID()}@example.com` }),
    );
    const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
    const page = new URL(requestUrl).pathname;
    const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
    const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
    await ask(`/office/leads/${id}`, {
      cookie: dispatcher,
      form: {
        intent: "confirm-visit",
        version,
        scheduledDate: new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(
          new Date(),
        ),
        scheduledWindow: "evening",
        technicianId: alexId,
      },
    });
    const tap = (fields: Record<string, string>) =>
      ask("/office/day", { cookie: alex, form: { tapKey: randomUUID(), ...fields } });
    expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
    // No card, no deposit: My day does not ask one, and one posted anyway is refused.
    expect((await ask("/office/day", { cookie: alex })).body).not.toContain('name="deposit"');
    const deposit = await tap({
      intent: "needs-part",
      requestId: id,
      part: "Drum belt 6602-001655",
      partPrice: "40",
      deposit: "20",
    });
    expect(deposit.status).toBe(400);
    expect(deposit.body).toContain("Card payments are not set up");
    expect(
      (
        await tap({
          intent: "done",
          requestId: id,
          workDone: "Replaced the belt",
          model: "DVE45R6100C",
          serialNumber: "0B7H5AEN400123",
          partsUsed: "Drum belt 6602-001655",
          amount: "120.00",
        })
      ).status,
    ).toBe(302);
    const shown = await ask(page);
    expect(shown.body).toContain("Balance $120.00");
    expect(shown.body).not.toContain("Pay by card");
    expect(shown.headers.get("content-security-policy")).toMatch(/form-action 'self'(;|$)/);
    const refused = await ask(`${page}/pay`, { form: {} });
    expect(refused.status).toBe(503);
    expect(refused.body).toContain("Card payments are not available right now.");
    // The webhook takes nothing without its secret.
    const webhook = await fetch(`${server.baseUrl}/api/payments/stripe`, {
      method: "POST",
      headers: { "Stripe-Signature": "t=1,v1=00" },
      body: "{}",
    });
    expect(webhook.status).toBe(400);
  });
});
