import { randomUUID } from "node:crypto";

import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { leadEvents, officePrices, outbox, payments } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest, texasEmail, uniquePhone } from "../test-support/fixtures";
import { requestRow } from "../test-support/request-rows";
import {
  freshClientIp,
  startTestServer,
  testSiteUrl,
  type TestServer,
} from "../test-support/server";

// Can't fix keeps the promise the homeowner's page makes ("the office will call you"): the office
// is emailed at once, the inbox flags the lead first until someone records the call, the page
// stops offering what no longer makes sense (and the server refuses it), and the service call is
// recorded on My day with the payment form, paid (with its receipt) or no charge.

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`Can't fix (${database.label})`, () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let dispatcher = "";
    let alex = "";
    let alexId = "";
    // Tuesday, July 15, 2031, 10:00 in Houston; the visits are booked for the Wednesday, and the
    // clock moves to that morning before the technician's taps.
    const booking = new Date("2031-07-15T15:00:00Z");
    const visitDay = "2031-07-16";
    const onVisitDay = new Date("2031-07-16T15:00:00Z");
    let clock = booking;

    beforeAll(async () => {
      // The outbox is drained by hand: a reminder due by the moved clock waits to be cancelled.
      server = await startTestServer({
        database,
        withPages: true,
        now: () => clock,
        startWorker: false,
      });
      dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
      ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
      // The fee every booking of this file is shown (and keeps): $89.
      await server.serverApp.database.db.insert(officePrices).values({
        office: "texas",
        serviceCallCents: 8900,
        serviceCallRule: "waived when you go ahead with the repair",
        warrantyDays: 90,
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    async function versionOf(id: string) {
      const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
      return /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
    }

    /** A dryer request booked with Alex for the visit day, the clock on that morning, Arrived. */
    async function arrived(name = "Priya Shah") {
      clock = booking;
      const email = `cant-fix-${randomUUID()}@example.com`;
      const phone = uniquePhone();
      const booked = await server.post(
        "/api/send-email",
        serviceRequest({
          name,
          email,
          phone,
          selectedAppliance: "dryer",
          address: "4410 Westheimer Rd, Houston, TX",
          preferredDate: visitDay,
          preferredTime: "evening",
        }),
      );
      expect(booked.status).toBe(201);
      const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
      const saved = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: {
          intent: "confirm-visit",
          version: await versionOf(id),
          scheduledDate: visitDay,
          scheduledWindow: "evening",
          technicianId: alexId,
        },
      });
      expect(saved.status).toBe(200);
      clock = onVisitDay;
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      return { id, email, phone, page: new URL(requestUrl).pathname };
    }

    /** A page as it reads: React writes an apostrophe as `&#x27;`. */
    async function read(path: string, cookie = "") {
      return (await ask(path, { cookie })).body.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    }

    /** Visit `id`'s card on Alex's My day. */
    async function cardOf(id: string) {
      const day = await read("/office/day", alex);
      const start = day.indexOf(`<article aria-labelledby="visit-${id}"`);
      expect(start).toBeGreaterThan(-1);
      return day.slice(start, day.indexOf("</article>", start));
    }

    function tap(fields: Record<string, string>) {
      return ask("/office/day", { cookie: alex, form: { tapKey: randomUUID(), ...fields } });
    }

    function cantFix(id: string, reason = "Drum bearing seized; the motor is burnt out too") {
      return tap({ intent: "cant-fix", requestId: id, reason });
    }

    function rowOf(id: string) {
      return requestRow(server.serverApp.database.db, id);
    }

    /** The inbox's row of lead `id` (its `<tr>`), and where it stands among the rows. */
    async function inboxRow(id: string) {
      const rows = (await read("/office", dispatcher)).split("<tr").slice(1);
      const index = rows.findIndex((row) => row.includes(`/office/leads/${id}"`));
      return { index, row: rows[index] ?? "" };
    }

    test("the office is emailed at once whom to call and why, the reminder stops, and the tap is in the timeline", async () => {
      const { id, email, phone } = await arrived();
      const { db } = server.serverApp.database;
      const reminders = () =>
        db
          .select()
          .from(outbox)
          .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "visit.reminder.customer")));
      expect((await reminders()).map((row) => row.status)).toEqual(["pending"]);

      expect((await cantFix(id)).status).toBe(302);

      const subject = `Can't fix: call Priya Shah, ${phone}`;
      await server.serverApp.outbox.drain();
      const mails = server.smtp.received.filter((mail) => mail.parsed.subject === subject);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.envelopeTo).toEqual([texasEmail]);
      const text = mail!.parsed.text ?? "";
      expect(text).toContain("Reason: Drum bearing seized; the motor is burnt out too");
      expect(text).toContain("Technician: Alex Rivera");
      expect(text).toContain(`Reference: ${(await rowOf(id)).reference}`);
      expect(text).toContain("Appliance: Dryer");
      expect(text).toContain("Address: 4410 Westheimer Rd, Houston, TX, 77002");
      expect(text).toContain(`Open in the desk: ${testSiteUrl}/office/leads/${id}`);
      expect(mail!.parsed.html).toContain(`href="tel:${phone.replace(/\D/g, "")}"`);
      expect(mail!.parsed.replyTo?.text).toContain(email);

      expect((await reminders()).map((row) => [row.status, row.lastError])).toEqual([
        ["cancelled", "Not needed: the technician could not fix it"],
      ]);
      const taps = await db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "field")));
      expect(taps.map((event) => event.detail)).toContain(
        "Can't fix: Drum bearing seized; the motor is burnt out too",
      );
    });

    test("the inbox flags the lead first until the call is recorded; the note is required, and recorded once", async () => {
      const { id } = await arrived("Carla Mendes");
      expect((await cantFix(id, "Control board discontinued")).status).toBe(302);
      // A lead received after it, and not flagged: newer, yet after it.
      const newer = await server.post(
        "/api/send-email",
        serviceRequest({ name: "Nora Newer", preferredDate: "2031-07-22" }),
      );
      expect(newer.status).toBe(201);
      const { id: newerId } = (await newer.json()) as { id: string };

      const flagged = await inboxRow(id);
      expect(flagged.row).toContain("Can't fix: call");
      expect(flagged.index).toBeLessThan((await inboxRow(newerId)).index);
      expect((await inboxRow(newerId)).row).not.toContain("Can't fix: call");

      // The lead page: the panel, the number to call, the reason, the form.
      const lead = await read(`/office/leads/${id}`, dispatcher);
      expect(lead).toContain("Can't fix: call <bdi>Carla Mendes</bdi>");
      expect(lead).toContain("Control board discontinued");
      expect(lead).toMatch(/href="tel:\d{10}"/);
      expect(lead).toContain("Record the call");

      const empty = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: { intent: "cant-fix-call", note: "  " },
      });
      expect(empty.status).toBe(400);
      expect(empty.body).toContain("Say what was agreed with the customer");
      expect((await inboxRow(id)).row).toContain("Can't fix: call");

      const recorded = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: { intent: "cant-fix-call", note: "She will replace the dryer; no return visit" },
      });
      expect(recorded.status).toBe(302);
      expect((await rowOf(id)).cantFixCallRecordedAt).not.toBeNull();
      const notes = await server.serverApp.database.db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "note")));
      expect(notes.map((event) => [event.detail, event.actorName])).toEqual([
        [
          "Called the customer after Can't fix: She will replace the dryer; no return visit",
          "Dan Dispatch",
        ],
      ]);

      const after = await inboxRow(id);
      expect(after.row).not.toContain("Can't fix: call");
      expect(after.index).toBeGreaterThan((await inboxRow(newerId)).index);
      expect(await read(`/office/leads/${id}`, dispatcher)).not.toContain("Record the call");

      const again = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: { intent: "cant-fix-call", note: "Called again" },
      });
      expect(again.status).toBe(409);
      expect(again.body).toContain("The call was already recorded");
      // A lead with no Can't fix owes no call.
      const none = await ask(`/office/leads/${newerId}`, {
        cookie: dispatcher,
        form: { intent: "cant-fix-call", note: "Called" },
      });
      expect(none.status).toBe(409);
    });

    test("the private page stops offering Move, Cancel and photos, and the server refuses them with a reason", async () => {
      const { id, page } = await arrived();
      const before = await read(page);
      expect(before).toContain("Cancel this visit");
      expect(before).toContain("Add photos");
      expect(before).toContain("waived when you go ahead");
      expect((await cantFix(id)).status).toBe(302);

      const after = await read(page);
      expect(after).toContain("could not finish the repair on this visit");
      expect(after).not.toContain("Move my visit");
      expect(after).not.toContain("Cancel this visit");
      expect(after).not.toContain("Add photos");
      expect(after).not.toContain("waived when you go ahead");
      expect(after).toContain("$89: due");

      const refusal =
        "The technician could not finish the repair, and the office will call you about what comes next.";
      const cancel = await ask(page, { form: { intent: "cancel" } });
      expect(cancel.status).toBe(409);
      expect(cancel.body.replaceAll("&#x27;", "'")).toContain(refusal);
      const move = await ask(page, {
        form: { intent: "reschedule", window: "2031-07-22/morning" },
      });
      expect(move.status).toBe(409);
      expect(move.body.replaceAll("&#x27;", "'")).toContain(refusal);
      const photos = new FormData();
      photos.append("intent", "photos");
      photos.append("photos", new Blob([new Uint8Array(64)], { type: "image/png" }), "plate.png");
      const upload = await fetch(`${server.baseUrl}${page}`, {
        method: "POST",
        headers: { "X-Forwarded-For": freshClientIp() },
        body: photos,
      });
      expect(upload.status).toBe(400);
      expect((await upload.text()).replaceAll("&#x27;", "'")).toContain(refusal);
      const row = await rowOf(id);
      expect(row.status).toBe("scheduled");
      expect(row.fieldStatus).toBe("cant-fix");
    });

    test("an estimate written before Can't fix is not answered: the page offers no Approve, the server refuses it", async () => {
      const { id, page } = await arrived();
      const written = await tap({
        intent: "estimate",
        requestId: id,
        "line-0-kind": "part",
        "line-0-description": "Drive motor",
        "line-0-amount": "240",
      });
      expect(written.status).toBe(302);
      expect(await read(page)).toContain("Approve estimate");
      expect((await cantFix(id)).status).toBe(302);
      expect(await read(page)).not.toContain("Approve estimate");
      const approve = await ask(page, {
        form: { intent: "estimate-approve", name: "Priya Shah" },
      });
      expect(approve.status).toBeGreaterThanOrEqual(400);
      expect(approve.status).toBeLessThan(500);
      expect(approve.body.replaceAll("&#x27;", "'")).toContain(
        "The technician could not do this repair: there is no estimate to answer.",
      );
      expect((await rowOf(id)).estimateDecision).toBeNull();
    });

    test("the service call: My day offers it with the quoted fee; paid, the receipt says so without a warranty", async () => {
      const { id, email, page } = await arrived();
      expect(await cardOf(id)).not.toContain("Record the service call");
      expect((await cantFix(id)).status).toBe(302);
      const day = await cardOf(id);
      expect(day).toContain("Record the service call");
      expect(day).toContain('value="89.00"');
      expect(day).toContain("No charge");

      const noAmount = await tap({ intent: "payment", requestId: id, method: "card", amount: "" });
      expect(noAmount.status).toBe(400);
      expect(noAmount.body).toContain("Enter the amount paid (like 245.00)");
      expect((await ask(`${page}/receipt`)).status).toBe(404);

      const paid = await tap({ intent: "payment", requestId: id, method: "card", amount: "89.00" });
      expect(paid.status).toBe(302);
      expect(await rowOf(id)).toMatchObject({
        status: "scheduled",
        fieldStatus: "cant-fix",
        paymentFor: "service-call",
        paymentMethod: "card",
        paymentCents: 8900,
        noChargeReason: null,
        warrantyDays: null,
        warrantyEnds: null,
      });
      const second = await tap({ intent: "payment", requestId: id, method: "cash", amount: "1" });
      expect(second.status).toBe(409);
      expect(second.body).toContain("The payment is already recorded.");
      expect(await cardOf(id)).toContain("Service call: Paid $89.00 by card");

      const homeowner = await read(page);
      expect(homeowner).toContain("$89.00 paid by card on Jul 16, 2031");
      expect(homeowner).not.toContain("$89: due");
      expect(homeowner).toContain("View and print the receipt");
      const receipt = await ask(`${page}/receipt`);
      expect(receipt.status).toBe(200);
      expect(receipt.body).toContain("Service call: the appliance could not be repaired");
      expect(receipt.body).toContain("$89.00 by card on Jul 16, 2031");
      expect(receipt.body).not.toContain("Warranty");

      await server.serverApp.outbox.drain();
      const mail = server.smtp.received.find(
        (received) =>
          received.envelopeTo.includes(email) &&
          received.parsed.subject?.startsWith("Your receipt"),
      );
      expect(mail?.parsed.subject).toBe("Your receipt for your dryer service call");
      expect(mail?.parsed.text).toContain("could not repair your dryer on this visit");
      expect(mail?.parsed.text).not.toContain("guaranteed");
    });

    test("the service call at no charge needs a reason the homeowner then reads; no receipt is sent", async () => {
      const { id, email, page } = await arrived();
      expect((await cantFix(id)).status).toBe(302);
      const reasonless = await tap({ intent: "payment", requestId: id, method: "no-charge" });
      expect(reasonless.status).toBe(400);
      expect(reasonless.body).toContain("Say why there is no charge");

      const free = await tap({
        intent: "payment",
        requestId: id,
        method: "no-charge",
        noChargeReason: "The part is no longer made: nothing we could do",
      });
      expect(free.status).toBe(302);
      expect(await rowOf(id)).toMatchObject({
        paymentFor: "service-call",
        paymentMethod: null,
        paymentCents: 0,
        noChargeReason: "The part is no longer made: nothing we could do",
        // The visit's own fact, beside an empty ledger.
        visitNoChargeAt: expect.any(Date),
        visitNoChargeReason: "The part is no longer made: nothing we could do",
      });
      expect(
        await server.serverApp.database.db
          .select()
          .from(payments)
          .where(eq(payments.requestId, id)),
      ).toEqual([]);
      expect(await read(page)).toContain(
        "No charge: The part is no longer made: nothing we could do",
      );
      expect((await ask(`${page}/receipt`)).status).toBe(404);
      const events = await server.serverApp.database.db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, id), eq(leadEvents.kind, "payment")));
      expect(events.map((event) => event.detail)).toEqual([
        "Service call: no charge (The part is no longer made: nothing we could do)",
      ]);
      await server.serverApp.outbox.drain();
      expect(
        server.smtp.received.filter(
          (mail) =>
            mail.envelopeTo.includes(email) && mail.parsed.subject?.startsWith("Your receipt"),
        ),
      ).toEqual([]);
    });

    test("a visit the office books after the service call is estimated and paid on its own", async () => {
      const { id } = await arrived();
      expect((await cantFix(id)).status).toBe(302);
      expect(
        (await tap({ intent: "payment", requestId: id, method: "cash", amount: "89" })).status,
      ).toBe(302);
      // The office calls, and books another visit (another day) with Alex.
      const again = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: {
          intent: "confirm-visit",
          version: await versionOf(id),
          scheduledDate: "2031-07-18",
          scheduledWindow: "morning",
          technicianId: alexId,
        },
      });
      expect(again.status).toBe(200);
      expect((await rowOf(id)).fieldStatus).toBeNull();
      clock = new Date("2031-07-18T15:00:00Z");
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      const estimate = await tap({
        intent: "estimate",
        requestId: id,
        "line-0-kind": "part",
        "line-0-description": "Drive motor",
        "line-0-amount": "240",
      });
      expect(estimate.status).toBe(302);
      const done = await tap({
        intent: "done",
        requestId: id,
        workDone: "Replaced the drive motor",
        model: "DVE45R6100C",
        serialNumber: "0B7H5AEN400123",
        amount: "240",
      });
      expect(done.status).toBe(302);
      expect(
        (
          await tap({
            intent: "estimate-decision",
            requestId: id,
            decision: "approved",
            name: "Priya Shah",
          })
        ).status,
      ).toBe(302);
      const paid = await tap({ intent: "payment", requestId: id, method: "card", amount: "240" });
      expect(paid.status).toBe(302);
      expect(await rowOf(id)).toMatchObject({
        status: "completed",
        paymentFor: "repair",
        paymentCents: 24000,
        warrantyDays: 90,
      });
      // The ledger names the visit each row was taken on (the service call the first's, the
      // repair the second's), and each settled its own.
      const ledger = await server.serverApp.database.db
        .select({
          paymentFor: payments.paymentFor,
          amountCents: payments.amountCents,
          visitNumber: payments.visitNumber,
          settles: payments.settles,
        })
        .from(payments)
        .where(eq(payments.requestId, id))
        .orderBy(asc(payments.createdAt));
      expect(ledger).toEqual([
        { paymentFor: "service-call", amountCents: 8_900, visitNumber: 1, settles: true },
        { paymentFor: "repair", amountCents: 24_000, visitNumber: 2, settles: true },
      ]);
    });

    test("no charge is the service call's alone: after Done the payment is what was paid", async () => {
      const { id } = await arrived();
      const done = await tap({
        intent: "done",
        requestId: id,
        workDone: "Replaced the belt",
        model: "DVE45R6100C",
        serialNumber: "0B7H5AEN400123",
        amount: "150",
      });
      expect(done.status).toBe(302);
      const day = await cardOf(id);
      expect(day).toContain("Record payment");
      expect(day).not.toContain("Record the service call");
      const free = await tap({
        intent: "payment",
        requestId: id,
        method: "no-charge",
        noChargeReason: "Friendly customer",
      });
      expect(free.status).toBe(409);
      expect(free.body.replaceAll("&#x27;", "'")).toContain(
        "No charge is for the service call after Can't fix",
      );
      expect((await rowOf(id)).paidAt).toBeNull();
    });
  });
}
