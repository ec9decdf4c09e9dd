import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { payments, requestVisits, reviews } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import { deskClient } from "../test-support/desk-client";
import { insertRequest } from "../test-support/request-rows";
import { startTestServer, type TestServer } from "../test-support/server";

// The owner's Technicians table pinned on a fixture whose every count is known: two technicians
// sharing a job, a part, a Can't fix, a warranty callback, a refund, reviews, and the office's own
// midnight. March 2031, far from any request the tests make today.

const databases = await testDatabases();

type VisitFields = {
  technicianId: string;
  technician: string;
  fieldStatus: "done" | "needs-part" | "cant-fix";
  scheduledDate: string;
  doneAt?: Date;
  warrantyCallback?: boolean;
};

for (const database of databases) {
  describe.skipIf(!database.available)(`The technicians' numbers (${database.label})`, () => {
    let server: TestServer;
    const { add, ask } = deskClient(() => server);
    let owner: string;
    let dispatcher: string;
    const alex = { id: "", name: "Alex Rivera" };
    const bea = { id: "", name: "Bea Santos" };

    /**
     * A request whose visits are `visits` in order (the last is its current one), its job paid
     * `paid` cents at `paidAt` (the ledger's rows as `ledger`), its estimate answered.
     */
    async function job(fields: {
      visits: VisitFields[];
      paid?: { cents: number; at: Date; refunded?: number };
      estimate?: { decision: "approved" | "declined"; at: Date };
      review?: { technicianId: string; technician: string; rating: number };
    }) {
      const id = randomUUID();
      const { db } = server.serverApp.database;
      const current = fields.visits.at(-1)!;
      await insertRequest(db, {
        id,
        office: "texas",
        selectedAppliance: "washer",
        name: "Technician Fixture",
        email: `technicians-${id}@example.com`,
        phone: "(713) 555-0177",
        address: "88 Elm St, Houston, TX",
        zipCode: "77002",
        preferredDate: null,
        preferredTime: "",
        brand: "",
        model: "",
        serialNumber: "",
        description: "Leaks",
        notes: "",
        createdAt: new Date("2031-03-01T15:00:00Z"),
        source: "website",
        status: "completed",
        visitNumber: fields.visits.length,
        scheduledWindow: "morning",
        ...current,
        doneAt: current.doneAt ?? null,
        ...(fields.estimate
          ? {
              estimateLines: [{ kind: "part" as const, description: "Pump", cents: 20_000 }],
              estimateAt: new Date(fields.estimate.at.getTime() - 60_000),
              estimateDecision: fields.estimate.decision,
              estimateDecidedBy: "Technician Fixture",
              estimateDecidedAt: fields.estimate.at,
              estimateDecidedOn: "page" as const,
            }
          : {}),
        // The job's row, for its ledger's rows to belong to.
        partPriceCents: null,
      });
      for (const [index, visit] of fields.visits.slice(0, -1).entries()) {
        await db.insert(requestVisits).values({
          requestId: id,
          number: index + 1,
          date: visit.scheduledDate,
          window: "morning",
          technician: visit.technician,
          technicianId: visit.technicianId,
          fieldStatus: visit.fieldStatus,
          doneAt: visit.doneAt ?? null,
          warrantyCallback: visit.warrantyCallback ?? false,
        });
      }
      if (fields.paid) {
        const paidId = randomUUID();
        await db.insert(payments).values({
          id: paidId,
          requestId: id,
          jobNumber: 1,
          visitNumber: 1,
          kind: "balance",
          paymentFor: "repair",
          method: "card",
          amountCents: fields.paid.cents,
          state: "paid",
          settles: true,
          settledAt: fields.paid.at,
          idempotencyKey: `technicians:${id}:paid`,
        });
        if (fields.paid.refunded) {
          await db.insert(payments).values({
            id: randomUUID(),
            refundOf: paidId,
            reason: "Part returned unused",
            requestId: id,
            jobNumber: 1,
            visitNumber: 1,
            kind: "refund",
            paymentFor: "repair",
            method: "card",
            amountCents: fields.paid.refunded,
            state: "paid",
            settledAt: fields.paid.at,
            idempotencyKey: `technicians:${id}:refund`,
          });
        }
      }
      if (fields.review) {
        await db.insert(reviews).values({
          id: randomUUID(),
          requestId: id,
          office: "texas",
          technicianId: fields.review.technicianId,
          technician: fields.review.technician,
          rating: fields.review.rating,
          appliance: "washer",
        });
      }
    }

    const visitOf = (
      who: { id: string; name: string },
      fieldStatus: VisitFields["fieldStatus"],
      scheduledDate: string,
      doneAt?: string,
      warrantyCallback = false,
    ): VisitFields => ({
      technicianId: who.id,
      technician: who.name,
      fieldStatus,
      scheduledDate,
      ...(doneAt ? { doneAt: new Date(doneAt) } : {}),
      warrantyCallback,
    });

    beforeAll(async () => {
      server = await startTestServer({ database, withPages: true });
      owner = (await add("owner", "Olive Owner", [])).cookie;
      dispatcher = (await add("dispatcher", "Dan Dispatch", ["texas"])).cookie;
      alex.id = (await add("technician", alex.name, ["texas"])).id;
      bea.id = (await add("technician", bea.name, ["texas"])).id;

      // Alex alone: his estimate approved, fixed on the first visit, paid $300 two hours after
      // Done, reviewed 5 stars.
      await job({
        visits: [visitOf(alex, "done", "2031-03-10", "2031-03-10T15:00:00Z")],
        estimate: { decision: "approved", at: new Date("2031-03-10T14:00:00Z") },
        paid: { cents: 30_000, at: new Date("2031-03-10T17:00:00Z") },
        review: { technicianId: alex.id, technician: alex.name, rating: 5 },
      });
      // Shared: Alex's estimate approved and a part needed; Bea brings it and is done; $400 paid
      // a day later, $40 refunded ($360, $180 each); a warranty callback Bea does; Bea reviewed 3.
      await job({
        visits: [
          visitOf(alex, "needs-part", "2031-03-11"),
          visitOf(bea, "done", "2031-03-14", "2031-03-14T16:00:00Z"),
          visitOf(bea, "done", "2031-03-20", "2031-03-20T16:00:00Z", true),
        ],
        estimate: { decision: "approved", at: new Date("2031-03-11T15:00:00Z") },
        paid: { cents: 40_000, at: new Date("2031-03-15T16:00:00Z"), refunded: 4_000 },
        review: { technicianId: bea.id, technician: bea.name, rating: 3 },
      });
      // Alex's repair, paid $200 three hours after Done; Bea's free callback on it a week later
      // takes no share of it, and is charged to Alex.
      await job({
        visits: [
          visitOf(alex, "done", "2031-03-16", "2031-03-16T15:00:00Z"),
          visitOf(bea, "done", "2031-03-23", "2031-03-23T15:00:00Z", true),
        ],
        paid: { cents: 20_000, at: new Date("2031-03-16T18:00:00Z") },
      });
      // Alex can't fix it; the estimate declined.
      await job({
        visits: [visitOf(alex, "cant-fix", "2031-03-12")],
        estimate: { decision: "declined", at: new Date("2031-03-12T15:00:00Z") },
      });
      // Alex done at 11:30 PM on March 31 in Houston (in the range), no charge, nothing paid.
      await job({ visits: [visitOf(alex, "done", "2031-03-31", "2031-04-01T04:30:00Z")] });
      // Outside the range: done in February, and at 12:30 AM on April 1 in Houston.
      await job({ visits: [visitOf(alex, "done", "2031-02-20", "2031-02-20T16:00:00Z")] });
      await job({ visits: [visitOf(bea, "done", "2031-04-01", "2031-04-01T05:30:00Z")] });
    });
    afterAll(async () => {
      await server?.close();
    });

    const march = "from=2031-03-01&to=2031-03-31";

    test("each technician's definitions, counted on the fixture", async () => {
      const csv = await ask(`/office/numbers/export?table=technicians&${march}`, {
        cookie: owner,
      });
      expect(csv.status).toBe(200);
      const [header, ...rows] = csv.body.split("\r\n");
      expect(header).toBe(
        "Technician,Completed visits,Paid revenue ($),Average ticket ($),Estimates approved,Estimates answered,Estimate approval,First visits fixed,First visits,First-visit fix,Callbacks,Repairs,Callback rate,Reviews,Repairs done,Review rate,Average rating,Median minutes Done to paid",
      );
      expect(rows).toEqual([
        // Completed: his first job, the one called back and the one at 11:30 PM. Revenue: $300,
        // half of $360 and $200, over two and a half paid jobs. Estimates: two approved of three.
        // First visits: fixed on two of five (the part, Can't fix and the one called back are
        // not). Callbacks: both of Bea's are charged to him, whose visits began the jobs: two of
        // his four repairs. Reviews: one of the three repairs he did. Done to paid: two hours and
        // three, 150 minutes the median.
        "Alex Rivera,3,680.00,272.00,2,3,66.7%,2,5,40%,2,4,50%,1,3,33.3%,5.0,150",
        // Completed: the repair and two callbacks. Her half of the shared job, half a paid job
        // (the callback on Alex's repair is no share of it). No first visit, no repair of hers
        // called back; reviewed 3 stars; paid a day after Done.
        "Bea Santos,3,180.00,360.00,0,0,–,0,0,–,0,0,–,1,1,100%,3.0,1440",
        "",
      ]);
      const page = await ask(`/office/numbers?${march}`, { cookie: owner });
      expect(page.status).toBe(200);
      expect(page.body).toContain("66.7% (2 of 3)");
      expect(page.body).toContain("100% (1 of 1), 3.0 stars");
      expect(page.body).toContain("2 h");
      expect(page.body).toContain("Callback rate: of the repairs done in the range");
    });

    test("an office of no technician's visits has no rows; dispatchers get 404", async () => {
      const florida = await ask(
        `/office/numbers/export?table=technicians&${march}&office=florida`,
        {
          cookie: owner,
        },
      );
      expect(florida.body.split("\r\n")).toHaveLength(2);
      const refused = await ask(`/office/numbers/export?table=technicians&${march}`, {
        cookie: dispatcher,
      });
      expect(refused.status).toBe(404);
      expect(refused.body).not.toContain("Alex Rivera");
    });
  });
}
