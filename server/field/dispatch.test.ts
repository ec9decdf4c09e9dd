import path from "node:path";
import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { StateSlug } from "~/content/states";
import { postedForm, type PostedForm } from "~/lib/bounded-body.server";

import { parseConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/database";
import { newLeadsChannel, requestChangesChannel } from "../db/notifications";
import {
  leadEvents,
  officeClosedDays,
  outbox,
  requestVisits,
  staffUsers,
  windowCapacities,
  windowPlaces,
} from "../db/schema";
import type { StaffMember } from "../desk/staff-accounts.server";
import { closeFederalHolidays } from "../requests/holidays";
import { RequestLinks, requestLinkSecret } from "../requests/request-links";
import type { VisitContext } from "../requests/visit-changes";
import { addDays } from "../requests/windows";
import { testDatabases, type TestDatabaseInstance } from "../test-support/databases";
import { waitUntil } from "../test-support/fixtures";
import { insertRequest, requestRow } from "../test-support/request-rows";
import { assignVisit, boardChoice, dispatchBoard } from "./dispatch.server";

// The dispatch board's decisions on PGlite: which visits one office's day shows and where, each
// window's places, which office and day a person may look at, and what an assignment does.

const pglite = (await testDatabases()).find((database) => database.label === "PGlite")!;
let instance: TestDatabaseInstance;
let handle: DatabaseHandle;
let visits: VisitContext;

// Tuesday, July 15, 2031, 10:00 AM in Houston: the server's clock, years from the real one.
const now = new Date("2031-07-15T15:00:00Z");
const today = "2031-07-15";
const defaultCapacity = 4;

function staffMember(
  role: StaffMember["role"],
  name: string,
  offices: StateSlug[],
): StaffMember & { email: string } {
  return {
    id: randomUUID(),
    email: `${role}-${randomUUID()}@example.com`,
    name,
    role,
    offices,
    disabledAt: null,
    twoFactorEnabled: false,
  };
}

const dana = staffMember("dispatcher", "Dana Dispatch", ["texas"]);
const alex = staffMember("technician", "Alex Rivera", ["texas"]);
const sam = staffMember("technician", "Sam Ortiz", ["texas"]);
const flo = staffMember("technician", "Flo Reyes", ["florida"]);
const olive = staffMember("owner", "Olive Owner", ["texas", "florida"]);

beforeAll(async () => {
  instance = await pglite.create();
  handle = await openDatabase({ pgliteDir: path.join(instance.env.DATA_DIR!, "db") });
  const config = parseConfig({ SITE_URL: "https://repair.example.test" });
  visits = {
    config,
    links: new RequestLinks(await requestLinkSecret(handle.db), config.SITE_URL),
    now: () => now,
  };
  await handle.db.insert(staffUsers).values(
    [dana, alex, sam, flo].map(({ id, email, name, role, offices }) => ({
      id,
      email,
      name,
      role,
      offices,
    })),
  );
});
afterAll(async () => {
  await handle?.close();
  await instance?.drop();
});

type RequestRow = Parameters<typeof insertRequest>[1];

/** A Texas refrigerator request asking for `today`'s morning, as `overrides` change it. */
async function request(overrides: Partial<RequestRow> = {}): Promise<string> {
  const id = randomUUID();
  await insertRequest(handle.db, {
    id,
    office: "texas",
    selectedAppliance: "refrigerator",
    name: "Jane Doe",
    email: `jane-${id}@example.com`,
    phone: "(713) 555-0142",
    address: "1200 Main St, Houston, TX",
    zipCode: "77002",
    preferredDate: today,
    preferredTime: "morning",
    brand: "LG",
    model: "LRMVS3006S",
    serialNumber: "SN-42",
    description: "Not cooling",
    notes: "",
    ...overrides,
  });
  return id;
}

/** Booked with `technician` on `date`, in `window`. */
function booked(
  date: string,
  window: string,
  technician: { id: string; name: string } | null,
): Partial<RequestRow> {
  return {
    status: "scheduled",
    scheduledDate: date,
    scheduledWindow: window,
    technician: technician?.name ?? "Pat (no account)",
    technicianId: technician?.id ?? null,
  };
}

function rowOf(id: string) {
  return requestRow(handle.db, id);
}

async function timelineOf(id: string) {
  return handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
}

async function emailsAbout(id: string) {
  return handle.db.select().from(outbox).where(eq(outbox.subjectId, id));
}

function board(day: string, staff: StaffMember = dana, office: StateSlug = "texas") {
  return dispatchBoard(handle.db, staff, { office, day }, defaultCapacity);
}

/** The board's assign form, as the browser posts it. */
function assignForm(fields: Record<string, string>): Promise<PostedForm> {
  return postedForm(
    new Request("https://repair.example.test/office/dispatch", {
      method: "POST",
      body: new URLSearchParams({ intent: "assign", ...fields }),
    }),
  );
}

async function assign(
  fields: Record<string, string>,
  { day = today, staff = dana }: { day?: string; staff?: StaffMember } = {},
) {
  return assignVisit(handle.db, staff, await assignForm(fields), day, visits);
}

describe("boardChoice", () => {
  test("without a choice: the person's first office, on that office's today by the server's clock", () => {
    expect(boardChoice(dana, null, null, now)).toEqual({ office: "texas", day: today });
    // 11:30 PM in Houston is already the next day in Florida.
    const lateEvening = new Date("2031-07-15T04:30:00Z");
    const both = staffMember("dispatcher", "Bo Both", ["florida", "texas"]);
    expect(boardChoice(both, null, null, lateEvening)).toEqual({
      office: "florida",
      day: "2031-07-15",
    });
    expect(boardChoice(both, "texas", null, lateEvening)).toEqual({
      office: "texas",
      day: "2031-07-14",
    });
  });

  test("a day chosen is kept, past or ahead: the board looks, it does not book", () => {
    expect(boardChoice(dana, "texas", "2031-07-01", now)).toEqual({
      office: "texas",
      day: "2031-07-01",
    });
    expect(boardChoice(dana, null, "2031-12-24", now)).toEqual({
      office: "texas",
      day: "2031-12-24",
    });
  });

  test("another office, an office that is none, a technician or a day that is no date is no board", () => {
    expect(boardChoice(dana, "florida", null, now)).toBeNull();
    expect(boardChoice(dana, "atlantis", null, now)).toBeNull();
    expect(boardChoice(alex, null, null, now)).toBeNull();
    expect(boardChoice(alex, "texas", today, now)).toBeNull();
    expect(boardChoice(dana, "texas", "2031-02-30", now)).toBeNull();
    expect(boardChoice(dana, "texas", "tomorrow", now)).toBeNull();
    expect(boardChoice(dana, "texas", "", now)).toBeNull();
  });

  test("an owner sees every office", () => {
    const owner = staffMember("owner", "Olive Owner", ["virginia", "texas", "florida"]);
    expect(boardChoice(owner, "florida", today, now)).toEqual({ office: "florida", day: today });
  });
});

describe("dispatchBoard", () => {
  test("booked visits sit under their technician and window; the rest of the day is not assigned", async () => {
    const day = "2031-07-16";
    const morningWithAlex = await request({ name: "Ana Morning", ...booked(day, "morning", alex) });
    const eveningWithAlex = await request({ name: "Ava Evening", ...booked(day, "evening", alex) });
    const afternoonWithSam = await request({ name: "Sid Sam", ...booked(day, "afternoon", sam) });
    const typedTechnician = await request({ name: "Tia Typed", ...booked(day, "morning", null) });
    const otherOfficesTechnician = await request({
      name: "Fay Florida Tech",
      ...booked(day, "afternoon", flo),
    });
    const requested = await request({
      name: "Rae Requested",
      status: "contacted",
      preferredDate: day,
      preferredTime: "evening",
    });
    const noWindow = await request({
      name: "Nia No Window",
      preferredDate: day,
      preferredTime: "",
    });

    const shown = await board(day);

    const alexRow = shown.technicians.find((technician) => technician.id === alex.id)!;
    expect(alexRow.visits.morning?.map((visit) => visit.id)).toEqual([morningWithAlex]);
    expect(alexRow.visits.evening?.map((visit) => visit.id)).toEqual([eveningWithAlex]);
    expect(alexRow.visits.afternoon).toEqual([]);
    const samRow = shown.technicians.find((technician) => technician.id === sam.id)!;
    expect(samRow.visits.afternoon?.map((visit) => visit.id)).toEqual([afternoonWithSam]);
    // Only the office's technicians have a row: Flo works Florida.
    expect(shown.technicians.map((technician) => technician.name)).toEqual([
      "Alex Rivera",
      "Sam Ortiz",
    ]);
    // Not assigned: a booking without an account, one whose technician is not of this office, and
    // what was asked for that day and not booked yet; by window, then by name, no window last.
    expect(
      shown.unassigned.map(({ id, window, technicianId, status, movable }) => ({
        id,
        window,
        technicianId,
        status,
        movable,
      })),
    ).toEqual([
      {
        id: typedTechnician,
        window: "morning",
        technicianId: null,
        status: "Booked",
        movable: true,
      },
      {
        id: otherOfficesTechnician,
        window: "afternoon",
        technicianId: flo.id,
        status: "Booked",
        movable: true,
      },
      { id: requested, window: "evening", technicianId: null, status: "Requested", movable: true },
      { id: noWindow, window: null, technicianId: null, status: "Requested", movable: true },
    ]);
    const card = alexRow.visits.morning![0]!;
    expect(card).toMatchObject({
      key: `${morningWithAlex}:1`,
      name: "Ana Morning",
      appliance: "Refrigerator",
      status: "Booked",
      version: 0,
    });
  });

  test("a day shows only its own office's visits still on it: not another day's, office's, a booked-elsewhere, cancelled or erased one", async () => {
    const day = "2031-07-17";
    // A day no other test of this file uses.
    const elsewhere = "2031-09-30";
    await request({ name: "Other Day", ...booked(elsewhere, "morning", alex) });
    await request({
      name: "Asked Today, Booked Tomorrow",
      ...booked(elsewhere, "morning", alex),
      preferredDate: day,
    });
    await request({ name: "Florida", office: "florida", ...booked(day, "morning", flo) });
    await request({ name: "Cancelled", status: "cancelled", preferredDate: day });
    await request({ name: "Spam", status: "spam", preferredDate: day });
    await request({ name: "Erased", ...booked(day, "morning", alex), erasedAt: now });
    const shown = await board(day);
    const everyVisit = [
      ...shown.unassigned,
      ...shown.technicians.flatMap((technician) => Object.values(technician.visits).flat()),
    ];
    expect(everyVisit).toEqual([]);
  });

  test("a completed visit and an earlier visit stay on their day, over; a visit waiting for a part is listed whatever its day", async () => {
    const day = "2031-07-18";
    const completed = await request({
      name: "Cal Completed",
      ...booked(day, "morning", alex),
      status: "completed",
      fieldStatus: "done",
    });
    // Its first visit (on `day`) ended needing a part; the return visit is booked a week later.
    const returned = await request({
      name: "Ray Return",
      ...booked(addDays(day, 7), "afternoon", sam),
      visitNumber: 2,
      partNeeded: "Defrost heater",
    });
    await handle.db.insert(requestVisits).values({
      requestId: returned,
      number: 1,
      date: day,
      window: "afternoon",
      technicianId: alex.id,
      technician: alex.name,
      fieldStatus: "needs-part",
      detail: "Defrost heater",
    });
    const waiting = await request({
      name: "Wes Waiting",
      ...booked(addDays(day, -3), "evening", sam),
      fieldStatus: "needs-part",
      partNeeded: "Igniter",
    });

    const shown = await board(day);

    const alexRow = shown.technicians.find((technician) => technician.id === alex.id)!;
    expect(alexRow.visits.morning).toMatchObject([
      { id: completed, status: "Completed", movable: false },
    ]);
    expect(alexRow.visits.afternoon).toMatchObject([
      { key: `${returned}:1`, id: returned, status: "Needs a part", movable: false },
    ]);
    // The return visit is on its own day, not here.
    expect(shown.unassigned).toEqual([]);
    expect(shown.waitingForPart).toContainEqual(
      expect.objectContaining({ id: waiting, part: "Igniter", technicianId: sam.id }),
    );
    const samRow = (await board(addDays(day, -3))).technicians.find(
      (technician) => technician.id === sam.id,
    )!;
    expect(samRow.visits.evening).toMatchObject([
      { id: waiting, status: "Needs a part", movable: false },
    ]);
  });

  test("each window's places: the office's weekday capacity (an owner's, else the default), none on a Sunday or closed day, and those held", async () => {
    // Monday, July 21, 2031: an owner set Monday afternoons to 2; three morning places are held.
    const monday = "2031-07-21";
    await handle.db
      .insert(windowCapacities)
      .values({ office: "texas", weekday: 1, window: "afternoon", capacity: 2 });
    await handle.db
      .insert(windowPlaces)
      .values({ office: "texas", date: monday, window: "morning", taken: 3 });
    const places = (day: string) =>
      board(day).then((shown) =>
        shown.windows.map(({ id, capacity, held }) => ({ id, capacity, held })),
      );

    expect(await places(monday)).toEqual([
      { id: "morning", capacity: 4, held: 3 },
      { id: "afternoon", capacity: 2, held: 0 },
      { id: "evening", capacity: 4, held: 0 },
    ]);
    // The owner's Monday is not Florida's.
    expect(
      (await board(monday, olive, "florida")).windows.map((window) => window.capacity),
    ).toEqual([4, 4, 4]);
    const sunday = "2031-07-20";
    expect((await places(sunday)).map((window) => window.capacity)).toEqual([0, 0, 0]);
    const closed = "2031-07-22";
    await handle.db
      .insert(officeClosedDays)
      .values({ office: "texas", date: closed, label: "Closed" });
    expect((await places(closed)).map((window) => window.capacity)).toEqual([0, 0, 0]);
  });

  test("the day's neighbours, its title and the person's offices", async () => {
    const shown = await board("2031-08-01", olive);
    expect(shown).toMatchObject({
      office: { slug: "texas", name: "Texas" },
      offices: [
        { slug: "texas", name: "Texas" },
        { slug: "florida", name: "Florida" },
      ],
      day: "2031-08-01",
      previousDay: "2031-07-31",
      nextDay: "2031-08-02",
    });
    expect(shown.dayTitle).toMatch(/Aug.* 1/);
  });
});

describe("the board's words: where each visit is, its window by name, and a closed day", () => {
  test("each visit shows its town and its address with the zip; its window by its whole name", async () => {
    const day = "2031-07-23";
    const houston = await request({
      name: "Hal Houston",
      ...booked(day, "morning", alex),
      address: "1200 Main St, Apt 4, Houston, TX",
      zipCode: "77002",
    });
    const streetOnly = await request({
      name: "Sol Street",
      preferredDate: day,
      preferredTime: "afternoon",
      address: "12 Bayou St",
      zipCode: "77004",
    });
    const noWindow = await request({
      name: "Nia No Window",
      preferredDate: day,
      preferredTime: "",
      address: "4 Elm Ct, Katy",
      zipCode: "77494",
    });
    const waiting = await request({
      name: "Wyn Waiting",
      ...booked(addDays(day, -2), "evening", sam),
      fieldStatus: "needs-part",
      partNeeded: "Igniter",
      address: "9 Oak Ln, Sugar Land, TX 77478",
      zipCode: "77478",
    });

    const shown = await board(day);

    const alexRow = shown.technicians.find((technician) => technician.id === alex.id)!;
    expect(alexRow.visits.morning).toMatchObject([
      {
        id: houston,
        windowName: "Morning, 8:00 AM - 12:00 PM",
        // The unit is no town; the state is none either.
        place: { town: "Houston", address: "1200 Main St, Apt 4, Houston, TX 77002" },
      },
    ]);
    expect(
      shown.unassigned.map(({ id, windowName, place }) => ({ id, windowName, place })),
    ).toEqual([
      {
        id: streetOnly,
        windowName: "Afternoon, 12:00 PM - 4:00 PM",
        // No town in the address as typed: the address as stored, and its zip.
        place: { town: null, address: "12 Bayou St, 77004" },
      },
      {
        id: noWindow,
        windowName: "No window asked for",
        place: { town: "Katy", address: "4 Elm Ct, Katy, 77494" },
      },
    ]);
    // A zip already at the end of the address is not written twice.
    expect(shown.waitingForPart).toContainEqual(
      expect.objectContaining({
        id: waiting,
        place: { town: "Sugar Land", address: "9 Oak Ln, Sugar Land, TX 77478" },
      }),
    );
  });

  test("a federal holiday, a Sunday and an owner's closed day say Closed; a holiday the owner opened again and a working day do not", async () => {
    // The federal holidays as the server writes them at start: 2031's from today on, and 2032's.
    await closeFederalHolidays(handle.db, now);
    const closedOn = async (day: string) =>
      (await dispatchBoard(handle.db, dana, { office: "texas", day }, defaultCapacity, now)).closed;

    expect(await closedOn("2031-11-27")).toBe("Closed: Thanksgiving Day");
    expect(await closedOn("2031-12-25")).toBe("Closed: Christmas Day");
    expect(await closedOn("2031-07-27")).toBe("Closed: Sunday");
    await handle.db.insert(officeClosedDays).values([
      { office: "texas", date: "2031-08-05", label: "Staff training" },
      { office: "texas", date: "2031-08-06", label: "Closed" },
    ]);
    expect(await closedOn("2031-08-05")).toBe("Closed: Staff training");
    expect(await closedOn("2031-08-06")).toBe("Closed");
    // The owner opened Labor Day again on /office/windows: the board is open, as the booking is.
    await handle.db
      .delete(officeClosedDays)
      .where(and(eq(officeClosedDays.office, "texas"), eq(officeClosedDays.date, "2031-09-01")));
    expect(await closedOn("2031-09-01")).toBeNull();
    expect(await closedOn("2031-11-26")).toBeNull();
    // Texas's closed day is not Florida's.
    expect(
      (await dispatchBoard(handle.db, olive, { office: "florida", day: "2031-08-05" }, 4, now))
        .closed,
    ).toBeNull();
  });

  test("the board knows the office's today, by the server's clock", async () => {
    const shown = await dispatchBoard(
      handle.db,
      dana,
      { office: "texas", day: "2031-08-01" },
      defaultCapacity,
      now,
    );
    expect(shown.today).toBe(today);
  });
});

describe("assignVisit", () => {
  test("assigns a requested visit through the door: booked on the day, the window and the technician, the homeowner told, the desk's channel too", async () => {
    const id = await request({ name: "Amy Assigned" });
    const heardOnDesk: string[] = [];
    const heardOnPage: string[] = [];
    const stopDesk = await handle.listen(newLeadsChannel, (office) => heardOnDesk.push(office));
    const stopPage = await handle.listen(requestChangesChannel, (request) =>
      heardOnPage.push(request),
    );
    try {
      expect(
        await assign({ requestId: id, version: "0", window: "afternoon", technicianId: alex.id }),
      ).toEqual({ ok: true });
      await waitUntil(() => heardOnDesk.includes("texas") && heardOnPage.includes(id));
    } finally {
      await stopDesk();
      await stopPage();
    }

    expect(await rowOf(id)).toMatchObject({
      status: "scheduled",
      scheduledDate: today,
      scheduledWindow: "afternoon",
      technician: "Alex Rivera",
      technicianId: alex.id,
      version: 1,
    });
    expect(await timelineOf(id)).toMatchObject([
      {
        kind: "status",
        actorId: dana.id,
        actorName: "Dana Dispatch",
        fromStatus: "new",
        toStatus: "scheduled",
        detail: expect.stringContaining("technician Alex Rivera"),
      },
    ]);
    expect((await emailsAbout(id)).length).toBeGreaterThan(0);
    const shown = await board(today);
    const alexRow = shown.technicians.find((technician) => technician.id === alex.id)!;
    expect(alexRow.visits.afternoon?.map((visit) => visit.id)).toContain(id);
  });

  test("moves a booked visit to another technician and window of the day shown", async () => {
    const day = "2031-07-23";
    const id = await request({ ...booked(day, "morning", alex), preferredDate: day });
    expect(
      await assign(
        { requestId: id, version: "0", window: "evening", technicianId: sam.id },
        { day },
      ),
    ).toEqual({ ok: true });
    expect(await rowOf(id)).toMatchObject({
      scheduledDate: day,
      scheduledWindow: "evening",
      technicianId: sam.id,
      version: 1,
    });
  });

  test("a visit of another office, an unknown one or no request is 404, and nothing changes", async () => {
    const florida = await request({ office: "florida", name: "Fran Florida" });
    const refused = {
      ok: false,
      status: 404,
      message: "That visit is not on this board.",
    };
    expect(
      await assign({ requestId: florida, version: "0", window: "morning", technicianId: alex.id }),
    ).toEqual(refused);
    expect(
      await assign({
        requestId: randomUUID(),
        version: "0",
        window: "morning",
        technicianId: alex.id,
      }),
    ).toEqual(refused);
    expect(
      await assign({
        requestId: "not-an-id",
        version: "0",
        window: "morning",
        technicianId: alex.id,
      }),
    ).toEqual(refused);
    // A technician reads no board, even their own office's.
    const texan = await request();
    expect(
      await assign(
        { requestId: texan, version: "0", window: "morning", technicianId: alex.id },
        { staff: alex },
      ),
    ).toEqual(refused);
    for (const untouched of [florida, texan]) {
      expect(await rowOf(untouched)).toMatchObject({ status: "new", version: 0 });
      expect(await timelineOf(untouched)).toEqual([]);
    }
  });

  test("a technician of another office, a disabled one, none or a window that is none is 400", async () => {
    const id = await request();
    const gone = staffMember("technician", "Gus Gone", ["texas"]);
    await handle.db.insert(staffUsers).values({
      id: gone.id,
      email: gone.email,
      name: gone.name,
      role: gone.role,
      offices: gone.offices,
      disabledAt: now,
    });
    const refused = { ok: false, status: 400, message: "Choose a technician and a window." };
    for (const fields of [
      { window: "morning", technicianId: flo.id },
      { window: "morning", technicianId: gone.id },
      { window: "morning", technicianId: dana.id },
      { window: "morning", technicianId: "" },
      { window: "night", technicianId: alex.id },
      { window: "", technicianId: alex.id },
    ]) {
      expect(await assign({ requestId: id, version: "0", ...fields })).toEqual(refused);
    }
    expect(await rowOf(id)).toMatchObject({ status: "new", version: 0 });
    expect(await timelineOf(id)).toEqual([]);
  });

  test("a stale version is 409, saying who changed the visit meanwhile, and changes nothing", async () => {
    const id = await request({ name: "Stan Stale" });
    expect(
      await assign({ requestId: id, version: "0", window: "morning", technicianId: alex.id }),
    ).toEqual({ ok: true });
    const emails = (await emailsAbout(id)).length;

    for (const version of ["0", "", "one"]) {
      const outcome = await assign({
        requestId: id,
        version,
        window: "evening",
        technicianId: sam.id,
      });
      expect(outcome).toMatchObject({ ok: false, status: 409 });
      expect(outcome.ok ? "" : outcome.message).toMatch(
        /^Dana Dispatch changed this lead at .* while you had it open\. Nothing of yours was saved/,
      );
    }
    expect(await rowOf(id)).toMatchObject({
      scheduledWindow: "morning",
      technicianId: alex.id,
      version: 1,
    });
    expect(await timelineOf(id)).toHaveLength(1);
    expect(await emailsAbout(id)).toHaveLength(emails);
  });

  test("a completed visit cannot be booked again from the board: 400", async () => {
    const id = await request({ ...booked(today, "morning", alex), status: "completed" });
    expect(
      await assign({ requestId: id, version: "0", window: "evening", technicianId: alex.id }),
    ).toEqual({
      ok: false,
      status: 400,
      message: "A completed lead cannot become scheduled.",
    });
    expect(await rowOf(id)).toMatchObject({ status: "completed", version: 0 });
  });

  test("a day before today, 91 days ahead or in the year 9999 is 400 and changes nothing; today and the 90th day book", async () => {
    const id = await request({ name: "Dee Dates" });
    for (const day of [addDays(today, -1), addDays(today, 91), "9999-01-01"]) {
      expect(
        await assign(
          { requestId: id, version: "0", window: "morning", technicianId: alex.id },
          { day },
        ),
      ).toEqual({ ok: false, status: 400, message: "Choose a day from today to 90 days ahead." });
    }
    expect(await rowOf(id)).toMatchObject({ status: "new", version: 0, scheduledDate: null });
    expect(await timelineOf(id)).toEqual([]);
    expect(await emailsAbout(id)).toEqual([]);

    expect(
      await assign(
        { requestId: id, version: "0", window: "morning", technicianId: alex.id },
        { day: addDays(today, 90) },
      ),
    ).toEqual({ ok: true });
    expect(
      await assign(
        { requestId: id, version: "1", window: "morning", technicianId: alex.id },
        { day: today },
      ),
    ).toEqual({ ok: true });
    expect(await rowOf(id)).toMatchObject({ scheduledDate: today, version: 2 });
  });
});
