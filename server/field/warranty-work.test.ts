import { randomUUID } from "node:crypto";

import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { formatCalendarDate } from "~/domain/after-the-job";

import { officePrices, outbox, requestJobs } from "../db/schema";
import { erasePrivacyRecords, exportPrivacyRecords } from "../desk/privacy.server";
import type { StaffMember } from "../desk/staff-accounts.server";
import { earlierPaidJobsOf } from "../requests/request-rows";
import { requestRow, setRequest } from "../test-support/request-rows";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { serviceRequest } from "../test-support/fixtures";
import { startTestServer, type TestServer } from "../test-support/server";

// New work found on a warranty visit (issue 36, point 9: "Write the estimate offered"): its own
// estimate, answer, payment, receipt and warranty, the request's next job, while the paid repair
// keeps its receipt and its warranty holds. Declined, the free visit owes nothing; the office
// cancelling the visit calls the new work off. The real app, signed in for real, through My day's
// taps and the private page's forms; no worker, so what was sent waits in the outbox.

const databases = await testDatabases();

for (const database of databases) {
  describe.skipIf(!database.available)(`New work on a warranty visit on ${database.label}`, () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let dispatcher: string;
    let alex: string;
    let alexId: string;
    let owner: StaffMember;

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true, startWorker: false });
      dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
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
      await db()
        .insert(officePrices)
        .values({
          office: "texas",
          serviceCallCents: 8900,
          serviceCallRule: "waived when you go ahead with the repair",
          warrantyDays: 90,
        })
        .onConflictDoNothing();
    });
    afterAll(async () => {
      await server?.close();
    });

    const db = () => server.serverApp.database.db;

    function todayInTexas() {
      return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
    }

    function tap(fields: Record<string, string>) {
      return ask("/office/day", { cookie: alex, form: { tapKey: randomUUID(), ...fields } });
    }

    async function doneAndPaid(id: string, amount: string, workDone: string) {
      const done = await tap({
        intent: "done",
        requestId: id,
        workDone,
        model: "DVE45R6100C",
        serialNumber: "0B7H5AEN400123",
        partsUsed: "",
        amount,
      });
      expect(done.status).toBe(302);
      const paid = await tap({ intent: "payment", requestId: id, method: "card", amount });
      expect(paid.status).toBe(302);
    }

    /** The dryer repaired and paid ($245) by Alex today, then a warranty visit booked, arrived. */
    async function warrantyVisitArrived() {
      const booked = await server.post(
        "/api/send-email",
        serviceRequest({
          selectedAppliance: "dryer",
          brand: "Samsung",
          model: "DVE45R6100C",
          email: `warranty-work-${randomUUID()}@example.com`,
        }),
      );
      expect(booked.status).toBe(201);
      const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
      const page = new URL(requestUrl).pathname;
      const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
      const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1] ?? "0";
      const confirmed = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: {
          intent: "confirm-visit",
          version,
          scheduledDate: todayInTexas(),
          scheduledWindow: "evening",
          technicianId: alexId,
        },
      });
      expect(confirmed.status).toBe(200);
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      expect(
        (
          await tap({
            intent: "estimate",
            requestId: id,
            "line-0-kind": "part",
            "line-0-description": "Igniter DC97-14486A",
            "line-0-amount": "145",
            "line-1-kind": "labour",
            "line-1-description": "Replace the igniter",
            "line-1-amount": "100",
          })
        ).status,
      ).toBe(302);
      expect(
        (await ask(page, { form: { intent: "estimate-approve", name: "Maria Lopez" } })).status,
      ).toBe(200);
      await doneAndPaid(id, "245.00", "Replaced the igniter");
      const repaired = await requestRow(db(), id);

      // "Same problem again?": booked on the page, then (for the test) moved to this evening.
      const choice = /name="window" value="(\d{4}-\d\d-\d\d\/[a-z]+)"/.exec(
        (await ask(page)).body,
      )?.[1];
      expect(choice).toBeDefined();
      const callback = await ask(page, {
        form: { intent: "warranty-callback", problem: "It squeals when it turns", window: choice! },
      });
      expect(callback.status).toBe(200);
      await setRequest(db(), id, { scheduledDate: todayInTexas(), scheduledWindow: "evening" });
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      return { id, page, repairWarrantyEnds: repaired.warrantyEnds! };
    }

    /** The part of My day that is the card of request `id`. */
    async function cardOf(id: string) {
      const body = (await ask("/office/day", { cookie: alex })).body;
      const at = body.indexOf(`name="requestId" value="${id}"`);
      expect(at).toBeGreaterThan(-1);
      const start = body.lastIndexOf("<article", at);
      return body.slice(start, body.indexOf("</article>", at));
    }

    const drumBelt = {
      "line-0-kind": "part",
      "line-0-description": "Drum belt 6602-001655",
      "line-0-amount": "60",
      "line-1-kind": "labour",
      "line-1-description": "Replace the drum belt",
      "line-1-amount": "40",
    };

    test("its estimate is the next job's: approved, done and paid, it has its own receipt and warranty, and the repair keeps its own", async () => {
      const { id, page, repairWarrantyEnds } = await warrantyVisitArrived();
      const card = await cardOf(id);
      expect(card).toContain("Warranty callback, no charge: Arrived");
      expect(card).toContain("Write the estimate");
      // The paid repair's estimate and payment are not this visit's to show or rewrite.
      expect(card).not.toContain("Igniter DC97-14486A");

      expect((await tap({ intent: "estimate", requestId: id, ...drumBelt })).status).toBe(302);
      expect(await requestRow(db(), id)).toMatchObject({
        jobNumber: 2,
        jobStartedOnVisit: 2,
        paidAt: null,
        estimateDecision: null,
        warrantyEnds: repairWarrantyEnds,
      });
      const estimates = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "estimate.sent.customer")))
        .orderBy(asc(outbox.createdAt));
      expect(estimates).toHaveLength(2);
      expect(estimates[1]!.message.text).toContain("$100");

      // Meanwhile the page asks about the new work and still shows the repair paid and guaranteed.
      const waiting = (await ask(page)).body;
      expect(waiting).toContain("Drum belt 6602-001655");
      expect(waiting).toContain("Paid $245.00 by card on");
      expect(waiting).toContain(`guaranteed until ${formatCalendarDate(repairWarrantyEnds)}`);
      const repairReceipt = (await ask(`${page}/receipt`)).body;
      expect(repairReceipt).toContain("Igniter DC97-14486A");
      expect(repairReceipt).not.toContain("Drum belt");

      expect(
        (await ask(page, { form: { intent: "estimate-approve", name: "Maria Lopez" } })).status,
      ).toBe(200);
      expect(await cardOf(id)).toContain('value="100.00"');
      await doneAndPaid(id, "100.00", "Replaced the drum belt");

      const paid = await requestRow(db(), id);
      expect(paid).toMatchObject({
        status: "completed",
        jobNumber: 2,
        paymentCents: 10_000,
        paymentFor: "repair",
        warrantyDays: 90,
      });
      const jobs = [paid, ...(await earlierPaidJobsOf(db(), paid))];
      expect(jobs.map((job) => [job.jobNumber, job.paymentCents])).toEqual([
        [2, 10_000],
        [1, 24_500],
      ]);

      // Two receipts: the new work's first, then the repair's, each with its own lines.
      const receipts = (await ask(`${page}/receipt`)).body;
      const earlier = receipts.indexOf("Earlier receipt,");
      expect(earlier).toBeGreaterThan(-1);
      expect(receipts.indexOf("Drum belt 6602-001655")).toBeLessThan(earlier);
      expect(receipts.indexOf("Igniter DC97-14486A")).toBeGreaterThan(earlier);
      expect(receipts.slice(0, earlier)).toContain("Replaced the drum belt");
      expect(receipts.slice(earlier)).toContain("Replaced the igniter");
      const receiptEmails = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.subjectId, id), eq(outbox.kind, "receipt.customer")))
        .orderBy(asc(outbox.createdAt));
      expect(receiptEmails).toHaveLength(2);
      expect(receiptEmails[1]!.message.text).toContain("Drum belt 6602-001655");
      expect(receiptEmails[1]!.message.text).not.toContain("Igniter");

      const lead = (await ask(`/office/leads/${id}`, { cookie: dispatcher })).body;
      expect(lead).toContain("Repair paid");
      expect(lead).toContain("Estimate (new work, warranty visit)");

      // The person's copy holds both jobs; erased, neither keeps the name the answers were given by.
      const copy = JSON.parse(await exportPrivacyRecords(db(), owner, { email: paid.email })) as {
        jobs: { number: number; estimateDecidedBy: string }[];
      };
      expect(copy.jobs.map((job) => [job.number, job.estimateDecidedBy])).toEqual([
        [1, "Maria Lopez"],
        [2, "Maria Lopez"],
      ]);
      await erasePrivacyRecords(db(), owner, { email: paid.email });
      const erased = await db().select().from(requestJobs).where(eq(requestJobs.requestId, id));
      expect(erased.map((job) => job.estimateDecidedBy)).not.toContain("Maria Lopez");
      expect(erased).toHaveLength(2);
    });

    test("declined, the free visit owes nothing; the office cancelling a warranty visit calls its new work off", async () => {
      const { id, page, repairWarrantyEnds } = await warrantyVisitArrived();
      expect((await tap({ intent: "estimate", requestId: id, ...drumBelt })).status).toBe(302);
      expect(
        (await ask(page, { form: { intent: "estimate-decline", name: "Maria Lopez" } })).status,
      ).toBe(200);
      expect(await requestRow(db(), id)).toMatchObject({
        jobNumber: 2,
        estimateDecision: "declined",
      });
      const done = await tap({
        intent: "done",
        requestId: id,
        workDone: "Checked the igniter: working",
        model: "DVE45R6100C",
        serialNumber: "0B7H5AEN400123",
        partsUsed: "",
        noCharge: "on",
      });
      expect(done.status).toBe(302);
      // Nothing to record: the payment is refused, the page names no service call.
      const payment = await tap({ intent: "payment", requestId: id, method: "cash", amount: "89" });
      expect(payment.status).toBe(409);
      expect(payment.body).toContain("The customer declined the new work");
      expect((await ask(page)).body).not.toContain("service call");
      expect(await requestRow(db(), id)).toMatchObject({
        paidAt: null,
        warrantyEnds: repairWarrantyEnds,
      });

      // Another warranty visit: new work again, the next job; the office cancels the visit.
      const choice = /name="window" value="(\d{4}-\d\d-\d\d\/[a-z]+)"/.exec(
        (await ask(page)).body,
      )?.[1];
      expect(choice).toBeDefined();
      const again = await ask(page, {
        form: { intent: "warranty-callback", problem: "Squealing again", window: choice! },
      });
      expect(again.status).toBe(200);
      await setRequest(db(), id, { scheduledDate: todayInTexas(), scheduledWindow: "evening" });
      expect((await tap({ intent: "arrived", requestId: id })).status).toBe(302);
      expect((await tap({ intent: "estimate", requestId: id, ...drumBelt })).status).toBe(302);
      expect(await requestRow(db(), id)).toMatchObject({ jobNumber: 3, jobStartedOnVisit: 3 });

      // Can't fix on the warranty visit: still free, no service call, the warranty kept.
      expect(
        (await tap({ intent: "cant-fix", requestId: id, reason: "Drum bearing seized" })).status,
      ).toBe(302);
      const serviceCall = await tap({
        intent: "payment",
        requestId: id,
        method: "no-charge",
        noChargeReason: "Warranty",
      });
      expect(serviceCall.status).toBe(409);
      expect(serviceCall.body).toContain("A warranty visit is free");
      expect(await requestRow(db(), id)).toMatchObject({
        paidAt: null,
        warrantyEnds: repairWarrantyEnds,
      });

      const lead = await ask(`/office/leads/${id}`, { cookie: dispatcher });
      const version = /name="version" value="(\d+)"/.exec(lead.body)?.[1];
      const cancelled = await ask(`/office/leads/${id}`, {
        cookie: dispatcher,
        form: { intent: "status", version: version!, status: "cancelled" },
      });
      expect(cancelled.status).toBe(302);
      expect(await requestRow(db(), id)).toMatchObject({
        status: "completed",
        visitNumber: 2,
        jobNumber: 2,
        estimateDecision: "declined",
        warrantyEnds: repairWarrantyEnds,
      });
      const jobs = await db().select().from(requestJobs).where(eq(requestJobs.requestId, id));
      expect(jobs.map((job) => job.number).sort()).toEqual([1, 2]);
      const receipt = (await ask(`${page}/receipt`)).body;
      expect(receipt).toContain("Igniter DC97-14486A");
      expect(receipt).not.toContain("Earlier receipt");
    });
  });
}
