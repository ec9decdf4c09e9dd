import path from "node:path";
import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { StateSlug } from "~/content/states";
import { postedForm } from "~/lib/bounded-body.server";

import { parseConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/database";
import { leadEvents, outbox, staffUsers } from "../db/schema";
import { RequestLinks, requestLinkSecret } from "../requests/request-links";
import type { VisitContext } from "../requests/visit-changes";
import { addDays } from "../requests/windows";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { insertRequest, requestRow } from "../test-support/request-rows";
import { leadPageAction, sameBookingMessage } from "./lead-changes.server";
import { leadView } from "./leads.server";
import type { StaffMember } from "./staff-accounts.server";

// The lead page's booking on PGlite (the route's action is leadPageAction, as posted): the
// booking form ("Confirm requested visit", its Change) and the status intent's "Scheduled" (no
// form of the page posts it now; the server still takes it) book a day from the office's today
// to the horizon, by the server's clock, with a technician account of the lead's office; any
// other is refused with nothing changed.

const pglite = (await testDatabases()).find((database) => database.label === "PGlite")!;
let instance: TestDatabaseInstance;
let handle: DatabaseHandle;
let visits: VisitContext;

// Tuesday, July 15, 2031, 10:00 AM in Houston: the server's clock, years from the real one.
const now = new Date("2031-07-15T15:00:00Z");
const today = "2031-07-15";
const badDays = [addDays(today, -1), addDays(today, 91), "9999-01-01"];
const bookableDaysMessage = "Choose a day from today to 90 days ahead.";

const dana: StaffMember = {
  id: randomUUID(),
  email: `dispatcher-${randomUUID()}@example.com`,
  name: "Dana Dispatch",
  role: "dispatcher",
  offices: ["texas", "florida"],
  disabledAt: null,
  twoFactorEnabled: false,
};
const alex = { id: randomUUID(), name: "Alex Rivera" };
const flo = { id: randomUUID(), name: "Flo Reyes" };

beforeAll(async () => {
  instance = await pglite.create();
  handle = await openDatabase({ pgliteDir: path.join(instance.env.DATA_DIR!, "db") });
  const config = parseConfig({ SITE_URL: "https://repair.example.test" });
  visits = {
    config,
    links: new RequestLinks(await requestLinkSecret(handle.db), config.SITE_URL),
    now: () => now,
  };
  await handle.db.insert(staffUsers).values([
    { id: dana.id, email: dana.email, name: dana.name, role: "dispatcher", offices: dana.offices },
    {
      id: alex.id,
      email: `alex-${alex.id}@example.com`,
      name: alex.name,
      role: "technician",
      offices: ["texas"],
    },
    {
      id: flo.id,
      email: `flo-${flo.id}@example.com`,
      name: flo.name,
      role: "technician",
      offices: ["florida"],
    },
  ]);
});
afterAll(async () => {
  await handle?.close();
  await instance?.drop();
});

/** A new request of `office` asking for today's morning. */
async function newRequest(
  office: StateSlug = "texas",
  overrides: Partial<Parameters<typeof insertRequest>[1]> = {},
): Promise<string> {
  const id = randomUUID();
  await insertRequest(handle.db, {
    id,
    office,
    selectedAppliance: "dishwasher",
    name: "Jane Doe",
    email: `jane-${id}@example.com`,
    phone: "(713) 555-0142",
    address: "1200 Main St, Houston, TX",
    zipCode: "77002",
    preferredDate: today,
    preferredTime: "morning",
    brand: "Bosch",
    model: "SHX878WD5N",
    serialNumber: "FD9901",
    description: "Does not drain",
    notes: "",
    ...overrides,
  });
  return id;
}

interface Answer {
  status: number;
  body: unknown;
  location: string | null;
}

/** Posts the lead page's form as the browser does: a refusal is answered, a change redirects. */
async function post(
  leadId: string,
  fields: Record<string, string>,
  context: VisitContext = visits,
): Promise<Answer> {
  const form = await postedForm(
    new Request(`https://repair.example.test/office/leads/${leadId}`, {
      method: "POST",
      body: new URLSearchParams(fields),
    }),
  );
  try {
    const answer = await leadPageAction(form, { db: handle.db, visits: context }, dana, leadId);
    return { status: answer.init?.status ?? 200, body: answer.data, location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: null, location: thrown.headers.get("Location") };
  }
}

function statusForm(version: number, scheduledDate: string): Record<string, string> {
  return {
    intent: "status",
    version: String(version),
    status: "scheduled",
    scheduledDate,
    scheduledWindow: "afternoon",
    technician: alex.name,
  };
}

function confirmForm(
  version: number,
  scheduledDate: string,
  technicianId = alex.id,
): Record<string, string> {
  return {
    intent: "confirm-visit",
    version: String(version),
    scheduledDate,
    scheduledWindow: "afternoon",
    technicianId,
  };
}

function rowOf(id: string) {
  return requestRow(handle.db, id);
}

/** Nothing was written: the version, the timeline and the outbox are as they were. */
async function expectUnchanged(id: string) {
  expect(await rowOf(id)).toMatchObject({ status: "new", version: 0, scheduledDate: null });
  expect(await handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual([]);
  expect(await handle.db.select().from(outbox).where(eq(outbox.subjectId, id))).toEqual([]);
}

describe("the status form's booking", () => {
  test("yesterday, 91 days ahead or 9999-01-01 is 400 under the date, and nothing changes", async () => {
    const id = await newRequest();
    for (const day of badDays) {
      expect(await post(id, statusForm(0, day))).toEqual({
        status: 400,
        body: {
          form: "status",
          status: "invalid",
          fieldErrors: { scheduledDate: bookableDaysMessage },
        },
        location: null,
      });
    }
    await expectUnchanged(id);
  });

  test("today and the 90th day book", async () => {
    const id = await newRequest();
    expect(await post(id, statusForm(0, addDays(today, 90)))).toMatchObject({
      status: 302,
      location: `/office/leads/${id}`,
    });
    expect(await post(id, statusForm(1, today))).toMatchObject({ status: 302 });
    expect(await rowOf(id)).toMatchObject({
      status: "scheduled",
      scheduledDate: today,
      technicianId: alex.id,
      version: 2,
    });
  });

  test("a change that books nothing keeps a past visit's date in the form: a visit of last week is completed", async () => {
    const lastWeek = addDays(today, -7);
    const id = await newRequest("texas", {
      status: "scheduled",
      scheduledDate: lastWeek,
      scheduledWindow: "morning",
      technician: alex.name,
      technicianId: alex.id,
    });
    expect(await post(id, { ...statusForm(0, lastWeek), status: "completed" })).toMatchObject({
      status: 302,
    });
    expect(await rowOf(id)).toMatchObject({ status: "completed", scheduledDate: lastWeek });
  });
});

test("a completed repair cancelled by the office tells the homeowner nothing: no cancellation of a visit that happened", async () => {
  const id = await newRequest("texas", {
    status: "completed",
    scheduledDate: addDays(today, -3),
    scheduledWindow: "morning",
    technician: alex.name,
    technicianId: alex.id,
    fieldStatus: "done",
  });
  expect(
    await post(id, { ...statusForm(0, addDays(today, -3)), status: "cancelled" }),
  ).toMatchObject({ status: 302 });
  expect(await rowOf(id)).toMatchObject({ status: "cancelled", version: 1 });
  expect(await handle.db.select().from(outbox).where(eq(outbox.subjectId, id))).toEqual([]);
});

describe("a booking's technician is an account of the lead's office", () => {
  test("a typed name that is no technician of the office is 400 under the technician, and nothing changes", async () => {
    const id = await newRequest();
    // Bea has no account; Flo is Florida's; Dana is no technician.
    for (const technician of ["Bea", flo.name, dana.name, "Alex"]) {
      expect(await post(id, { ...statusForm(0, today), technician })).toEqual({
        status: 400,
        body: {
          form: "status",
          status: "invalid",
          fieldErrors: { technicianId: "Choose the technician" },
        },
        location: null,
      });
    }
    await expectUnchanged(id);
  });

  test("a booked visit is not changed to a typed name either: the version, timeline and outbox stay", async () => {
    const id = await newRequest();
    expect(await post(id, confirmForm(0, today))).toMatchObject({ status: 200 });
    const before = {
      row: await rowOf(id),
      events: await handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id)),
      emails: await handle.db.select().from(outbox).where(eq(outbox.subjectId, id)),
    };
    expect(await post(id, { ...statusForm(1, today), technician: "Bea" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { technicianId: "Choose the technician" } },
    });
    expect(await rowOf(id)).toEqual(before.row);
    expect(await handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual(
      before.events,
    );
    expect(await handle.db.select().from(outbox).where(eq(outbox.subjectId, id))).toEqual(
      before.emails,
    );
    expect(before.row).toMatchObject({ technicianId: alex.id, technician: alex.name });
  });

  test("an office technician's name, in any case, books their account", async () => {
    const id = await newRequest();
    expect(
      await post(id, { ...statusForm(0, today), technician: alex.name.toUpperCase() }),
    ).toMatchObject({ status: 302 });
    expect(await rowOf(id)).toMatchObject({
      status: "scheduled",
      technicianId: alex.id,
      technician: alex.name,
    });
  });
});

describe("Confirm requested visit", () => {
  test("yesterday, 91 days ahead or 9999-01-01 is 400 under the date, and nothing changes", async () => {
    const id = await newRequest();
    for (const day of badDays) {
      expect(await post(id, confirmForm(0, day))).toEqual({
        status: 400,
        body: {
          form: "confirm",
          status: "invalid",
          fieldErrors: { scheduledDate: bookableDaysMessage },
        },
        location: null,
      });
    }
    await expectUnchanged(id);
  });

  test("today and the 90th day book", async () => {
    const id = await newRequest();
    expect(await post(id, confirmForm(0, addDays(today, 90)))).toMatchObject({ status: 200 });
    expect(await post(id, confirmForm(1, today))).toMatchObject({ status: 200 });
    expect(await rowOf(id)).toMatchObject({
      status: "scheduled",
      scheduledDate: today,
      technicianId: alex.id,
      version: 2,
    });
  });

  test("the same booking confirmed twice changes nothing and sends nothing the second time; another window is a change", async () => {
    const id = await newRequest();
    expect(await post(id, confirmForm(0, today))).toMatchObject({ status: 200 });
    const emailsAfterFirst = await handle.db.select().from(outbox).where(eq(outbox.subjectId, id));
    expect(emailsAfterFirst.length).toBeGreaterThan(0);
    expect(await post(id, confirmForm(1, today))).toMatchObject({ status: 200 });
    expect(await rowOf(id)).toMatchObject({ status: "scheduled", version: 1 });
    expect(await handle.db.select().from(outbox).where(eq(outbox.subjectId, id))).toHaveLength(
      emailsAfterFirst.length,
    );
    expect(await handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toHaveLength(
      1,
    );
    // The status form's same booking, with the technician typed, is the same booking too.
    expect(await post(id, statusForm(1, today))).toMatchObject({ status: 302 });
    expect(await rowOf(id)).toMatchObject({ version: 1 });
    // Another window is a change: it is booked and sent.
    expect(await post(id, { ...confirmForm(1, today), scheduledWindow: "morning" })).toMatchObject({
      status: 200,
    });
    expect(await rowOf(id)).toMatchObject({ scheduledWindow: "morning", version: 2 });
    expect(
      (await handle.db.select().from(outbox).where(eq(outbox.subjectId, id))).length,
    ).toBeGreaterThan(emailsAfterFirst.length);
  });

  test("the same booking pressed twice, the second from the page drawn before the first: nothing changes or is sent", async () => {
    const id = await newRequest();
    expect(await post(id, confirmForm(0, today))).toMatchObject({
      status: 200,
      body: { form: "confirm", status: "success", message: "Saved" },
    });
    const emails = await handle.db.select().from(outbox).where(eq(outbox.subjectId, id));
    expect(emails.length).toBeGreaterThan(0);
    // The page that sent the first still says version 0: the same booking is no conflict.
    expect(await post(id, confirmForm(0, today))).toMatchObject({
      status: 200,
      body: { form: "confirm", status: "success", message: sameBookingMessage },
    });
    expect(await rowOf(id)).toMatchObject({ status: "scheduled", version: 1 });
    expect(await handle.db.select().from(outbox).where(eq(outbox.subjectId, id))).toHaveLength(
      emails.length,
    );
    expect(await handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toHaveLength(
      1,
    );
    // Another booking from that old page is still a conflict.
    expect(await post(id, { ...confirmForm(0, today), scheduledWindow: "morning" })).toMatchObject({
      status: 409,
    });
    expect(await rowOf(id)).toMatchObject({ scheduledWindow: "afternoon", version: 1 });
  });

  test("today is the office's, by the server's clock: at 11:30 PM in Houston, Texas may still book that day and Florida, past midnight, may not", async () => {
    const lateEvening: VisitContext = { ...visits, now: () => new Date("2031-07-15T04:30:00Z") };
    const houstonsToday = "2031-07-14";
    const texan = await newRequest("texas");
    expect(await post(texan, confirmForm(0, houstonsToday), lateEvening)).toMatchObject({
      status: 200,
    });
    expect(await rowOf(texan)).toMatchObject({ status: "scheduled", scheduledDate: houstonsToday });

    const floridian = await newRequest("florida");
    expect(await post(floridian, confirmForm(0, houstonsToday, flo.id), lateEvening)).toMatchObject(
      { status: 400, body: { fieldErrors: { scheduledDate: bookableDaysMessage } } },
    );
    await expectUnchanged(floridian);
  });
});

describe("what the lead page shows of the booking", () => {
  test("before: the requested day and window to confirm; after: confirmed with the technician's first name, the day and window", async () => {
    const id = await newRequest();
    expect((await leadView(handle.db, dana, id))?.booking).toEqual({
      requested: true,
      date: today,
      window: "morning",
      // The office's one technician is its least loaded: the picker starts on them.
      technicianId: alex.id,
      technicians: [{ id: alex.id, name: alex.name, visits: expect.any(Number) }],
      booked: null,
    });
    expect(await post(id, confirmForm(0, today))).toMatchObject({ status: 200 });
    expect((await leadView(handle.db, dana, id))?.booking).toEqual({
      requested: false,
      date: today,
      window: "afternoon",
      technicianId: alex.id,
      technicians: [{ id: alex.id, name: alex.name, visits: expect.any(Number) }],
      booked: {
        when: "July 15, 2031, afternoon (12:00 PM - 4:00 PM)",
        technician: "Alex",
        typedName: "",
      },
    });
  });

  test("the picker starts on the technician with the fewest visits that day, and shows each one's", async () => {
    const gus = { id: randomUUID(), name: "Gus Ortega" };
    await handle.db.insert(staffUsers).values({
      id: gus.id,
      email: `gus-${gus.id}@example.com`,
      name: gus.name,
      role: "technician",
      offices: ["florida"],
    });
    const day = addDays(today, 5);
    for (const window of ["morning", "afternoon"]) {
      await newRequest("florida", {
        status: "scheduled",
        scheduledDate: day,
        scheduledWindow: window,
        technician: flo.name,
        technicianId: flo.id,
      });
    }
    await newRequest("florida", {
      status: "scheduled",
      scheduledDate: addDays(day, 1),
      scheduledWindow: "morning",
      technician: gus.name,
      technicianId: gus.id,
    });
    const id = await newRequest("florida", { preferredDate: day });
    const booking = (await leadView(handle.db, dana, id))?.booking;
    expect(booking?.technicianId).toBe(gus.id);
    expect(booking?.technicians).toEqual(
      expect.arrayContaining([
        { id: flo.id, name: flo.name, visits: 2 },
        { id: gus.id, name: gus.name, visits: 0 },
      ]),
    );
  });

  test("a visit booked with a typed name before is confirmed with nobody: the name is shown, to choose the technician", async () => {
    const id = await newRequest("texas", {
      status: "scheduled",
      scheduledDate: today,
      scheduledWindow: "evening",
      technician: "Bea",
    });
    expect((await leadView(handle.db, dana, id))?.booking).toMatchObject({
      technicianId: "",
      booked: { technician: null, typedName: "Bea" },
    });
  });

  test("after Needs a part there is no booking form: the return visit's books", async () => {
    const id = await newRequest("texas", {
      status: "scheduled",
      scheduledDate: today,
      scheduledWindow: "morning",
      technician: alex.name,
      technicianId: alex.id,
      fieldStatus: "needs-part",
      partNeeded: "Drain pump",
    });
    const lead = await leadView(handle.db, dana, id);
    expect(lead?.booking).toBeNull();
    expect(lead?.returnVisit).toMatchObject({ part: "Drain pump", technicianId: alex.id });
  });
});
