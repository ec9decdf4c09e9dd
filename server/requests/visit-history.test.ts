import path from "node:path";
import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import { receiptFacts } from "~/domain/estimate";

import { openDatabase, type DatabaseHandle } from "../db/database";
import { requestVisits } from "../db/schema";
import { receiptsFor } from "../field/estimates.server";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { insertRequest, requestRow } from "../test-support/request-rows";
import { requestPageView } from "./request-view";
import { visitHistoryOf } from "./visit-history";

// The visit as it happened: a return visit done on Saturday morning, where the homeowner had asked
// for Friday afternoon, reads Saturday morning on the private page and the receipt, each visit
// with its own day (issue 36, point 5).

const pglite = (await testDatabases()).find((database) => database.label === "PGlite")!;
let instance: TestDatabaseInstance;
let handle: DatabaseHandle;

beforeAll(async () => {
  instance = await pglite.create();
  handle = await openDatabase({ pgliteDir: path.join(instance.env.DATA_DIR!, "db") });
});
afterAll(async () => {
  await handle?.close();
  await instance?.drop();
});

/** Asked for Fri, Jul 11 afternoon; first visit Mon, Jul 14 (needed a part); return Sat, Jul 19. */
async function returnVisitDoneAndPaid() {
  const id = randomUUID();
  await insertRequest(handle.db, {
    id,
    office: "texas",
    selectedAppliance: "refrigerator",
    name: "Jane Doe",
    email: "jane.doe@example.com",
    phone: "(713) 555-0142",
    address: "1200 Main St, Houston, TX",
    zipCode: "77002",
    preferredDate: "2031-07-11",
    preferredTime: "afternoon",
    brand: "LG",
    model: "LRMVS3006S",
    serialNumber: "SN-42",
    description: "Not cooling",
    notes: "",
    status: "completed",
    visitNumber: 2,
    scheduledDate: "2031-07-19",
    scheduledWindow: "morning",
    technician: "Alex Rivera",
    fieldStatus: "done",
    workDone: "Replaced the defrost heater",
    partsUsed: "Defrost heater",
    amountChargedCents: 24500,
    doneAt: new Date("2031-07-19T16:00:00Z"),
    paid: { method: "card", cents: 24500, at: new Date("2031-07-19T16:10:00Z") },
    warrantyDays: 90,
    warrantyEnds: "2031-10-17",
  });
  await handle.db.insert(requestVisits).values({
    requestId: id,
    number: 1,
    date: "2031-07-14",
    window: "afternoon",
    technician: "Alex Rivera",
    fieldStatus: "needs-part",
    detail: "Defrost heater",
  });
  return requestRow(handle.db, id);
}

test("the page shows the visit done on its own day, not the window asked for", async () => {
  const row = await returnVisitDoneAndPaid();
  const view = await requestPageView(handle.db, row, {
    now: new Date("2031-07-20T15:00:00Z"),
    tooLate: false,
    defaultCapacity: 4,
  });
  expect(view.visit).toMatchObject({
    date: "2031-07-19",
    window: "morning",
    text: "Sat, Jul 19, 8:00 AM - 12:00 PM Central",
    state: "done",
  });
  expect(view.earlierVisits).toEqual([
    {
      label: "First visit",
      text: "Mon, Jul 14, 12:00 PM - 4:00 PM Central",
      outcome: "needed a part",
    },
  ]);
  expect(view.currentVisitLabel).toBe("Return visit");
});

test("the receipt lists each visit with its own day", async () => {
  const row = await returnVisitDoneAndPaid();
  const [receipt] = await receiptsFor(handle.db, row);
  expect(receipt?.visits).toEqual([
    "First visit: Mon, Jul 14, 12:00 PM - 4:00 PM Central (needed a part)",
    "Return visit: Sat, Jul 19, 8:00 AM - 12:00 PM Central (done)",
  ]);
  const facts = receiptFacts(receipt!);
  expect(facts.find((fact) => fact.label === "Visits")?.value).toBe(receipt!.visits.join("\n"));
  expect(JSON.stringify(facts)).not.toContain("Jul 11");
});

test("a request not yet booked lists the visit as requested", async () => {
  const row = await returnVisitDoneAndPaid();
  const asked = { ...row, status: "new" as const, visitNumber: 1, scheduledDate: null };
  expect(await visitHistoryOf(handle.db, asked)).toEqual([
    { label: "First visit", text: "Fri, Jul 11, 12:00 PM - 4:00 PM Central", outcome: "requested" },
  ]);
});

test("a visit that ended with Can't fix reads so, while it is the request's visit and once kept", async () => {
  const row = await returnVisitDoneAndPaid();
  const cantFix = {
    ...row,
    status: "scheduled" as const,
    visitNumber: 1,
    scheduledDate: "2031-07-14",
    scheduledWindow: "afternoon",
    fieldStatus: "cant-fix" as const,
    cantFixReason: "Control board discontinued",
  };
  expect(await visitHistoryOf(handle.db, cantFix)).toEqual([
    {
      label: "First visit",
      text: "Mon, Jul 14, 12:00 PM - 4:00 PM Central",
      outcome: "could not be repaired",
    },
  ]);
  // The first visit, kept before the return visit (the request's current one, row 2).
  await handle.db
    .update(requestVisits)
    .set({ fieldStatus: "cant-fix", detail: "Control board discontinued" })
    .where(and(eq(requestVisits.requestId, row.id), eq(requestVisits.number, 1)));
  expect((await visitHistoryOf(handle.db, row)).map((visit) => visit.outcome)).toEqual([
    "could not be repaired",
    "done",
  ]);
});
