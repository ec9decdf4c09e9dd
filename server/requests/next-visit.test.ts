import path from "node:path";
import { randomUUID } from "node:crypto";

import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import { parseConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/database";
import { leadEvents, outbox, requestVisits, windowPlaces } from "../db/schema";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { insertRequest, requestRow, setRequest } from "../test-support/request-rows";
import { freshFieldColumns, startNextVisit, type NextVisit } from "./next-visit";
import { RequestLinks, requestLinkSecret } from "./request-links";
import { lockRequest, staffActor } from "./request-door";
import type { VisitContext } from "./visit-changes";
import { forcePlace } from "./windows";

// The next visit started on PGlite, as the return visit and the warranty callback start it: the
// ended visit kept, the booking moved on, the field state blank, one version, one timeline line.

const pglite = (await testDatabases()).find((database) => database.label === "PGlite")!;
let instance: TestDatabaseInstance;
let handle: DatabaseHandle;
let context: VisitContext;
const dana = staffActor({ id: randomUUID(), name: "Dana Dispatch" });

beforeAll(async () => {
  instance = await pglite.create();
  handle = await openDatabase({ pgliteDir: path.join(instance.env.DATA_DIR!, "db") });
  const config = parseConfig({ SITE_URL: "https://repair.example.test" });
  context = {
    config,
    links: new RequestLinks(await requestLinkSecret(handle.db), config.SITE_URL),
    // Monday, June 9, 2031, 3:00 PM in Houston: weeks before the visits below.
    now: () => new Date("2031-06-09T20:00:00Z"),
  };
});
afterAll(async () => {
  await handle?.close();
  await instance?.drop();
});

/** A Texas request whose first visit (July 15, morning) ended waiting for a part. */
async function waitingForAPart() {
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
    preferredDate: "2031-07-15",
    preferredTime: "morning",
    brand: "LG",
    model: "LRMVS3006S",
    serialNumber: "SN-42",
    description: "Not cooling",
    notes: "",
    status: "scheduled",
    scheduledDate: "2031-07-15",
    scheduledWindow: "morning",
    technician: "Alex Rivera",
    fieldStatus: "needs-part",
    arrivingAt: new Date("2031-07-15T14:00:00Z"),
    partNeeded: "Defrost heater",
    heldDate: "2031-07-15",
    heldWindow: "morning",
  });
  await handle.db.transaction((tx) =>
    forcePlace(tx, { office: "texas", date: "2031-07-15", window: "morning" }),
  );
  return id;
}

function returnVisit(overrides: Partial<NextVisit> = {}): NextVisit {
  return {
    date: "2031-07-22",
    window: "afternoon",
    technician: null,
    ended: { outcome: "needs-part", detail: "Defrost heater" },
    placeTaken: false,
    event: { kind: "status", fromStatus: "scheduled", toStatus: "scheduled", detail: "Return" },
    ...overrides,
  };
}

async function start(id: string, next: NextVisit) {
  return handle.db.transaction(async (tx) => {
    const locked = await lockRequest(tx, id);
    return startNextVisit(tx, locked!, next, dana, context);
  });
}

async function rowOf(id: string) {
  return requestRow(handle.db, id);
}

/** The request's visits, the current one included, oldest first. */
async function visitsOf(id: string) {
  return handle.db
    .select()
    .from(requestVisits)
    .where(eq(requestVisits.requestId, id))
    .orderBy(asc(requestVisits.number));
}

async function taken(date: string, window: "morning" | "afternoon") {
  const [place] = await handle.db
    .select({ taken: windowPlaces.taken })
    .from(windowPlaces)
    .where(
      and(
        eq(windowPlaces.office, "texas"),
        eq(windowPlaces.date, date),
        eq(windowPlaces.window, window),
      ),
    );
  return place?.taken ?? 0;
}

test("the ended visit is kept and the request's booking becomes the next visit, once", async () => {
  const id = await waitingForAPart();
  const before = await rowOf(id);
  const morningTaken = await taken("2031-07-15", "morning");
  expect(morningTaken).toBeGreaterThan(0);

  const outcome = await start(id, returnVisit({ expectedVersion: before.version }));

  expect(outcome.ok).toBe(true);
  const after = await rowOf(id);
  expect(after).toMatchObject({
    ...freshFieldColumns,
    version: before.version + 1,
    visitNumber: 2,
    status: "scheduled",
    scheduledDate: "2031-07-22",
    scheduledWindow: "afternoon",
    technician: null,
    technicianId: null,
    // The part is what the return visit brings: the next visit still names it.
    partNeeded: "Defrost heater",
    heldDate: "2031-07-22",
    heldWindow: "afternoon",
  });
  // The ended visit's place stays used; the return visit took one of its own.
  expect(await taken("2031-07-15", "morning")).toBe(morningTaken);
  expect(await taken("2031-07-22", "afternoon")).toBe(1);
  // The ended visit keeps its row with how it ended; the return visit is the row after it, the
  // request's current one (read above as the request's booking).
  expect(await visitsOf(id)).toMatchObject([
    {
      number: 1,
      date: "2031-07-15",
      window: "morning",
      technician: "Alex Rivera",
      fieldStatus: "needs-part",
      detail: "Defrost heater",
    },
    {
      number: 2,
      date: "2031-07-22",
      window: "afternoon",
      technician: null,
      technicianId: null,
      fieldStatus: null,
    },
  ]);
  expect(await handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toMatchObject([
    { kind: "status", detail: "Return", actorName: "Dana Dispatch" },
  ]);
  const kinds = (
    await handle.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.subjectId, id))
  ).map((row) => row.kind);
  expect(kinds.sort()).toEqual(["visit.reminder.customer", "visit.scheduled.customer"]);
});

test("a place the caller took is held as it is, with the columns the caller adds", async () => {
  const id = await waitingForAPart();
  const outcome = await start(
    id,
    returnVisit({
      date: "2031-07-23",
      placeTaken: true,
      set: { warrantyCallback: true, partNeeded: null },
    }),
  );
  expect(outcome.ok).toBe(true);
  expect(await rowOf(id)).toMatchObject({
    warrantyCallback: true,
    partNeeded: null,
    heldDate: "2031-07-23",
    heldWindow: "afternoon",
  });
  // Nothing was taken for it here: the caller took it, within the window's capacity.
  expect(await taken("2031-07-23", "afternoon")).toBe(0);
});

test("made against another version, nothing changes: not the request, the visits or the timeline", async () => {
  const id = await waitingForAPart();
  const before = await rowOf(id);
  const visitsBefore = await visitsOf(id);
  // Only the current visit's row: no visit has ended.
  expect(visitsBefore).toMatchObject([{ number: 1, fieldStatus: "needs-part", detail: "" }]);

  const outcome = await start(id, returnVisit({ expectedVersion: before.version - 1 }));

  expect(outcome).toMatchObject({ ok: false, reason: "conflict" });
  expect(await rowOf(id)).toEqual(before);
  expect(await visitsOf(id)).toEqual(visitsBefore);
  expect(await handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual([]);
  expect(await handle.db.select().from(outbox).where(eq(outbox.subjectId, id))).toEqual([]);
});

test("what went wrong before a warranty visit stays with it: the next visit starts without it, unless it says it again", async () => {
  const id = await waitingForAPart();
  await setRequest(handle.db, id, {
    warrantyCallback: true,
    callbackProblem: "Warm again after a week",
    callbackPhotoId: randomUUID(),
  });
  expect((await start(id, returnVisit())).ok).toBe(true);
  // The warranty visit's return visit is the warranty's too: no charge, cancelled on its own.
  expect(await rowOf(id)).toMatchObject({
    callbackProblem: null,
    callbackPhotoId: null,
    warrantyCallback: true,
  });

  const said = await waitingForAPart();
  await start(said, returnVisit({ set: { callbackProblem: "Leaking under the door" } }));
  expect(await rowOf(said)).toMatchObject({
    callbackProblem: "Leaking under the door",
    warrantyCallback: false,
  });
});
