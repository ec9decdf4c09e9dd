import { randomUUID } from "node:crypto";

import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { leadEvents, officePrices, outbox } from "../db/schema";
import { visitHistoryOf } from "../requests/visit-history";
import { earlierVisitRows, requestRow } from "../test-support/request-rows";
import type { StaffMember } from "./staff-accounts.server";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest, uniquePhone } from "../test-support/fixtures";
import { startTestServer, type TestServer } from "../test-support/server";
import { sameBookingMessage } from "./lead-changes.server";
import { erasePrivacyRecords } from "./privacy.server";

// After Can't fix the office calls the homeowner and may agree another visit: the lead page's
// booking form books it ("Book another visit"), and it is a visit of its own, as a return visit
// is. The Can't-fix visit is kept as it ended (its reason with it), the request's visit number
// moves on and the field starts blank, even when the same day, window and technician are
// booked again; and no email of the new visit reuses a Message-ID of the one that ended. The
// service call recorded after Can't fix stays with the visit it paid for: the next visit starts
// unpaid, and the history, the desk and a later receipt still say what the first one cost.

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`Another visit after Can't fix (${database.label})`, () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let dispatcher = "";
    let alex = "";
    let alexId = "";
    let beaId = "";
    // Tuesday, July 15, 2031, 10:00 in Houston; the visits are booked for the Wednesday evening,
    // and the clock moves to that morning before the technician's taps.
    const booking = new Date("2031-07-15T15:00:00Z");
    const visitDay = "2031-07-16";
    const onVisitDay = new Date("2031-07-16T15:00:00Z");
    let clock = booking;
    const reason = "Drum bearing seized; the motor is burnt out too";

    beforeAll(async () => {
      server = await startTestServer({
        database,
        withPages: true,
        now: () => clock,
        startWorker: false,
      });
      dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
      ({ id: alexId, cookie: alex } = await add("technician", "Alex Rivera", ["texas"]));
      ({ id: beaId } = await add("technician", "Bea Tran", ["texas"]));
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

    /** A page as it reads: React writes an apostrophe as `&#x27;`. */
    async function read(path: string, cookie = "") {
      return (await ask(path, { cookie })).body.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    }

    async function versionOf(id: string) {
      const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
      return /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
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

    /** The lead page's one booking form, posted as the page posts it. */
    async function bookVisit(id: string, date: string, window: string, technicianId: string) {
      const answer = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: {
          intent: "confirm-visit",
          version: await versionOf(id),
          scheduledDate: date,
          scheduledWindow: window,
          technicianId,
        },
      });
      expect(answer.status).toBe(200);
      return answer.body.replaceAll("&#x27;", "'");
    }

    /**
     * A dryer request booked with Alex for the visit day's evening, the clock on that morning,
     * Can't fix; its private page's path too.
     */
    async function cantFixed(email = `another-visit-${randomUUID()}@example.com`) {
      clock = booking;
      const booked = await server.post(
        "/api/send-email",
        serviceRequest({
          name: "Priya Shah",
          email,
          phone: uniquePhone(),
          selectedAppliance: "dryer",
          address: "4410 Westheimer Rd, Houston, TX",
          preferredDate: visitDay,
          preferredTime: "evening",
        }),
      );
      expect(booked.status).toBe(201);
      const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
      await bookVisit(id, visitDay, "evening", alexId);
      clock = onVisitDay;
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      expect((await tap({ intent: "cant-fix", requestId: id, reason })).status).toBe(302);
      return { id, page: new URL(requestUrl).pathname };
    }

    /** Another visit on July 18 repairs it (Arrived, Done for $240), paid by `method`. */
    async function repairedOnJuly18(id: string, method: "card" | "cash") {
      await bookVisit(id, "2031-07-18", "morning", alexId);
      clock = new Date("2031-07-18T15:00:00Z");
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      const done = await tap({
        intent: "done",
        requestId: id,
        workDone: "Replaced the drive motor",
        model: "DVE45R6100C",
        serialNumber: "0B7H5AEN400123",
        amount: "240",
      });
      expect(done.status).toBe(302);
      const paid = await tap({ intent: "payment", requestId: id, method, amount: "240" });
      expect(paid.status).toBe(302);
    }

    function rowOf(id: string) {
      return requestRow(server.serverApp.database.db, id);
    }

    function earlierVisits(id: string) {
      return earlierVisitRows(server.serverApp.database.db, id);
    }

    /** Every email about request `id`, oldest first: its kind and its Message-ID. */
    async function emailsOf(id: string) {
      const rows = await server.serverApp.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.subjectId, id))
        .orderBy(asc(outbox.createdAt));
      return rows.map((row) => ({ kind: row.kind, messageId: row.message.messageId }));
    }

    test("the lead page offers Book another visit after Can't fix; booked, the Can't-fix visit is kept as it ended and the next one starts blank", async () => {
      const { id } = await cantFixed();
      const before = await rowOf(id);
      const lead = await read(`/office/leads/${id}`, dispatcher);
      expect(lead).toContain("Book another visit");
      expect(lead).not.toContain("Confirmed with");

      const answer = await bookVisit(id, "2031-07-18", "morning", beaId);
      expect(answer).toContain("Saved");

      expect(await earlierVisits(id)).toMatchObject([
        {
          number: 1,
          date: visitDay,
          window: "evening",
          technicianId: alexId,
          technician: "Alex Rivera",
          fieldStatus: "cant-fix",
          detail: reason,
        },
      ]);
      const after = await rowOf(id);
      expect(after).toMatchObject({
        status: "scheduled",
        version: before.version + 1,
        visitNumber: 2,
        scheduledDate: "2031-07-18",
        scheduledWindow: "morning",
        technicianId: beaId,
        technician: "Bea Tran",
        fieldStatus: null,
        arrivingAt: null,
        cantFixReason: null,
      });
      expect(await visitHistoryOf(server.serverApp.database.db, after)).toEqual([
        {
          label: "First visit",
          text: "Wed, Jul 16, 4:00 PM - 6:00 PM Central",
          outcome: "could not be repaired",
        },
        {
          label: "Return visit",
          text: "Fri, Jul 18, 8:00 AM - 12:00 PM Central",
          outcome: "confirmed",
        },
      ]);
      const booked = await server.serverApp.database.db
        .select()
        .from(leadEvents)
        .where(eq(leadEvents.leadId, id))
        .orderBy(asc(leadEvents.at));
      expect(booked.at(-1)?.detail).toContain("Another visit");
      // The page now shows the new visit booked, and the Can't-fix one among the earlier visits.
      const page = await read(`/office/leads/${id}`, dispatcher);
      expect(page).toContain("Confirmed with <bdi>Bea</bdi>");
      expect(page).toContain(`Alex Rivera: Can't fix (${reason})`);
      expect(page).not.toContain("Book another visit");
    });

    test("the same day, window and technician booked again after Can't fix is another visit, not Nothing changed", async () => {
      const { id } = await cantFixed();
      const emailsBefore = (await emailsOf(id)).length;

      const answer = await bookVisit(id, visitDay, "evening", alexId);
      expect(answer).toContain("Saved");
      expect(answer).not.toContain(sameBookingMessage);
      expect(await rowOf(id)).toMatchObject({
        visitNumber: 2,
        fieldStatus: null,
        cantFixReason: null,
      });
      expect(await earlierVisits(id)).toMatchObject([{ number: 1, fieldStatus: "cant-fix" }]);
      const emails = await emailsOf(id);
      expect(emails.slice(emailsBefore).map((email) => email.kind)).toContain(
        "visit.scheduled.customer",
      );

      // Sent once more, it is the booking as it now stands: nothing changes.
      expect(await bookVisit(id, visitDay, "evening", alexId)).toContain(sameBookingMessage);
      expect(await rowOf(id)).toMatchObject({ visitNumber: 2 });
      expect(await emailsOf(id)).toHaveLength(emails.length);
    });

    test("emails of one kind about another visit have Message-IDs of their own: Can't fix twice, the service call's receipt and the repair's", async () => {
      const { id } = await cantFixed();
      const paidCall = await tap({
        intent: "payment",
        requestId: id,
        method: "card",
        amount: "89",
      });
      expect(paidCall.status).toBe(302);
      // The call agreed another visit, the same evening with Alex; it ends with Can't fix too.
      await bookVisit(id, visitDay, "evening", alexId);
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      const again = await tap({ intent: "cant-fix", requestId: id, reason: "Motor on back order" });
      expect(again.status).toBe(302);
      // A third visit repairs it, and the repair is paid.
      await repairedOnJuly18(id, "card");

      const emails = await emailsOf(id);
      const ofKind = (kind: string) => emails.filter((email) => email.kind === kind);
      expect(ofKind("visit.cant-fix.company")).toHaveLength(2);
      expect(ofKind("receipt.customer")).toHaveLength(2);
      const ids = emails.map((email) => email.messageId);
      expect(new Set(ids).size).toBe(ids.length);
    });

    test("the service call recorded after Can't fix stays with its visit: the next visit's Can't fix records its own, and the history lists both", async () => {
      const { id, page } = await cantFixed();
      const paid = await tap({ intent: "payment", requestId: id, method: "card", amount: "89" });
      expect(paid.status).toBe(302);
      const paidAt = (await rowOf(id)).paidAt;
      expect(paidAt).not.toBeNull();

      await bookVisit(id, "2031-07-18", "morning", alexId);
      expect(await rowOf(id)).toMatchObject({
        visitNumber: 2,
        paymentMethod: null,
        paymentCents: null,
        paidAt: null,
        paymentFor: null,
        noChargeReason: null,
      });
      expect(await earlierVisits(id)).toMatchObject([
        {
          number: 1,
          fieldStatus: "cant-fix",
          serviceCall: {
            method: "card",
            cents: 8900,
            paidAt: paidAt!.toISOString(),
            noChargeReason: null,
          },
        },
      ]);

      // The next visit ends with Can't fix too: My day asks for its own service call.
      clock = new Date("2031-07-18T15:00:00Z");
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      const again = await tap({ intent: "cant-fix", requestId: id, reason: "Motor on back order" });
      expect(again.status).toBe(302);
      const card = await cardOf(id);
      expect(card).toContain("Record the service call");
      expect(card).not.toContain("Service call: Paid $89.00");
      const second = await tap({
        intent: "payment",
        requestId: id,
        method: "no-charge",
        noChargeReason: "The second visit is on us",
      });
      expect(second.status).toBe(302);
      expect(await rowOf(id)).toMatchObject({
        paymentFor: "service-call",
        paymentMethod: null,
        paymentCents: 0,
        noChargeReason: "The second visit is on us",
      });

      expect(await visitHistoryOf(server.serverApp.database.db, await rowOf(id))).toEqual([
        {
          label: "First visit",
          text: "Wed, Jul 16, 4:00 PM - 6:00 PM Central",
          outcome: "could not be repaired; service call $89.00 paid by card",
        },
        {
          label: "Return visit",
          text: "Fri, Jul 18, 8:00 AM - 12:00 PM Central",
          outcome:
            "could not be repaired; no charge for the service call: The second visit is on us",
        },
      ]);
      const lead = await read(`/office/leads/${id}`, dispatcher);
      expect(lead).toContain(
        `Alex Rivera: Can't fix (${reason}). Service call: Paid $89.00 by card`,
      );
      const homeowner = await read(page);
      expect(homeowner).toContain("could not be repaired; service call $89.00 paid by card");
    });

    test("a later repair's payment leaves the first visit's service call in the history, on the receipt and in its email", async () => {
      const email = `repair-after-call-${randomUUID()}@example.com`;
      const { id, page } = await cantFixed(email);
      const call = await tap({ intent: "payment", requestId: id, method: "card", amount: "89" });
      expect(call.status).toBe(302);
      await repairedOnJuly18(id, "cash");

      expect(await rowOf(id)).toMatchObject({
        status: "completed",
        paymentFor: "repair",
        paymentMethod: "cash",
        paymentCents: 24000,
      });
      expect(await earlierVisits(id)).toMatchObject([
        { number: 1, serviceCall: { method: "card", cents: 8900, noChargeReason: null } },
      ]);
      const firstVisit =
        "First visit: Wed, Jul 16, 4:00 PM - 6:00 PM Central (could not be repaired; service call $89.00 paid by card)";
      const receipt = await read(`${page}/receipt`);
      expect(receipt).toContain(firstVisit);
      expect(receipt).toContain("Return visit: Fri, Jul 18, 8:00 AM - 12:00 PM Central (done)");
      expect(receipt).toContain("$240.00 by cash on Jul 18, 2031");

      await server.serverApp.outbox.drain();
      const receipts = server.smtp.received.filter(
        (mail) =>
          mail.envelopeTo.includes(email) && mail.parsed.subject?.startsWith("Your receipt"),
      );
      // Sent side by side by the drain: found by their subjects, not by the order they came in.
      expect(receipts.map((mail) => mail.parsed.subject).sort()).toEqual([
        "Your receipt for your dryer repair",
        "Your receipt for your dryer service call",
      ]);
      const repairReceipt = receipts.find((mail) => mail.parsed.subject?.endsWith("repair"));
      expect(repairReceipt?.parsed.text).toContain(
        "could not be repaired; service call $89.00 paid by card",
      );
    });

    test("erasure blanks the no-charge reason kept with an earlier visit's service call", async () => {
      const email = `erased-call-${randomUUID()}@example.com`;
      const { id } = await cantFixed(email);
      const noChargeReason = "Priya is our neighbour at 4410 Westheimer";
      const free = await tap({
        intent: "payment",
        requestId: id,
        method: "no-charge",
        noChargeReason,
      });
      expect(free.status).toBe(302);
      await bookVisit(id, "2031-07-18", "morning", alexId);
      const [kept] = await earlierVisits(id);
      expect(kept?.serviceCall).toMatchObject({ method: null, cents: 0, noChargeReason });
      expect(kept).toMatchObject({ noChargeAt: expect.any(Date), noChargeReason });
      // The next visit owes its own.
      expect(await rowOf(id)).toMatchObject({ visitNoChargeAt: null, visitNoChargeReason: null });

      const owner: StaffMember = {
        id: "privacy-owner",
        name: "Olive Owner",
        email: "olive@example.com",
        role: "owner",
        offices: ["texas"],
        disabledAt: null,
        twoFactorEnabled: false,
      };
      await erasePrivacyRecords(server.serverApp.database.db, owner, { email });
      const [erased] = await earlierVisits(id);
      expect(erased?.serviceCall).toEqual({ ...kept!.serviceCall, noChargeReason: "" });
      expect(erased?.noChargeReason).toBe("");
      const [line] = await visitHistoryOf(server.serverApp.database.db, await rowOf(id));
      expect(line?.outcome).toBe("could not be repaired; no charge for the service call");
    });
  });
}
