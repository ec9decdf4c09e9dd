import path from "node:path";
import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { StateSlug } from "~/content/states";
import { postedForm } from "~/lib/bounded-body.server";

import { parseConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/database";
import { leadEvents, outbox, serviceRequests, staffUsers } from "../db/schema";
import { RequestLinks, requestLinkSecret } from "../requests/request-links";
import type { VisitContext } from "../requests/visit-changes";
import { addDays } from "../requests/windows";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { leadPageAction } from "./lead-changes";
import type { StaffMember } from "./staff-accounts";

// The lead page's booking forms on PGlite (the route's action is leadPageAction, as posted):
// the status form's "Scheduled" and "Confirm requested visit" book a day from the office's today
// to the horizon, by the server's clock; any other is refused with nothing changed.

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
  overrides: Partial<typeof serviceRequests.$inferInsert> = {},
): Promise<string> {
  const id = randomUUID();
  await handle.db.insert(serviceRequests).values({
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

async function rowOf(id: string) {
  const [row] = await handle.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row!;
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
