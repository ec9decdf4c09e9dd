import { expect, test } from "vitest";

import { parseTap, type TapFacts } from "./field-taps.server";

// 10:00 AM in Houston (Central, daylight time).
const now = new Date("2031-07-15T15:00:00Z");
const facts: TapFacts = {
  row: {
    office: "texas",
    status: "scheduled",
    fieldStatus: null,
    arrivingAt: null,
    depositCents: null,
  },
  staff: { id: "tech-1", name: "Alex  Rivera" },
  now,
  key: "tap-key-0001",
  onTheWayToldThisVisit: 0,
};

function changeOf(action: Parameters<typeof parseTap>[0], fields: unknown, tap = facts) {
  const parsed = parseTap(action, fields);
  if (!parsed.ok) throw new Error(`refused: ${JSON.stringify(parsed.fieldErrors)}`);
  return parsed.changeFor(tap);
}

function errorsOf(action: Parameters<typeof parseTap>[0], fields: unknown) {
  const parsed = parseTap(action, fields);
  return parsed.ok ? null : parsed.fieldErrors;
}

test("On my way sets the arrival, says it in the office's time, and tells the homeowner the first name", () => {
  const change = changeOf("on-my-way", { minutes: "25" });
  expect(change.set).toEqual({
    fieldStatus: "on-the-way",
    arrivingAt: new Date("2031-07-15T15:25:00Z"),
  });
  expect(change.event).toEqual({
    kind: "field",
    detail: "On my way, arriving about 10:25 AM Central",
  });
  expect(change.news).toMatchObject({
    kind: "on-the-way",
    arrivingAbout: "10:25 AM",
    technician: "Alex",
  });
});

test("On my way again: told when the arrival moves 30 minutes; otherwise, or past 3 on the visit, only the timeline has it, saying so", () => {
  const onTheWay = {
    ...facts,
    row: {
      ...facts.row,
      fieldStatus: "on-the-way" as const,
      arrivingAt: new Date("2031-07-15T15:25:00Z"),
    },
    onTheWayToldThisVisit: 1,
  };
  const moved = changeOf("on-my-way", { minutes: "55" }, onTheWay);
  expect(moved.set).toEqual({
    fieldStatus: "on-the-way",
    arrivingAt: new Date("2031-07-15T15:55:00Z"),
  });
  expect(moved.event.detail).toBe("On my way, arriving about 10:55 AM Central");
  expect(moved.news).toMatchObject({ kind: "on-the-way", arrivingAbout: "10:55 AM" });

  const close = changeOf("on-my-way", { minutes: "40" }, onTheWay);
  expect(close.set).toEqual({
    fieldStatus: "on-the-way",
    arrivingAt: new Date("2031-07-15T15:40:00Z"),
  });
  expect(close.event.detail).toBe(
    "On my way, arriving about 10:40 AM Central (not sent to the customer: the arrival moved less than 30 minutes)",
  );
  expect(close.news).toBeUndefined();

  const spent = changeOf(
    "on-my-way",
    { minutes: "180" },
    { ...onTheWay, onTheWayToldThisVisit: 3 },
  );
  expect(spent.set).toEqual({
    fieldStatus: "on-the-way",
    arrivingAt: new Date("2031-07-15T18:00:00Z"),
  });
  expect(spent.event.detail).toBe(
    "On my way, arriving about 1:00 PM Central (not sent to the customer: told 3 times on this visit already)",
  );
  expect(spent.news).toBeUndefined();
});

test("On my way's tap id is the key's, hashed: the same for a replay, another for another key, never the key", () => {
  const tapIdOf = (key: string) => {
    const news = changeOf("on-my-way", { minutes: "10" }, { ...facts, key }).news;
    return news?.kind === "on-the-way" ? news.tapId : null;
  };
  expect(tapIdOf("tap-key-0001")).toMatch(/^[0-9a-f]{16}$/);
  expect(tapIdOf("tap-key-0001")).toBe(tapIdOf("tap-key-0001"));
  expect(tapIdOf("tap-key-0002")).not.toBe(tapIdOf("tap-key-0001"));
  expect(tapIdOf("tap-key-0001")).not.toContain("tap-key");
});

test("On my way takes whole minutes, 1 to 240", () => {
  expect(errorsOf("on-my-way", { minutes: "0" })).toEqual({
    minutes: "Enter the minutes, 1 to 240",
  });
  expect(errorsOf("on-my-way", { minutes: "241" })).toEqual({
    minutes: "Enter the minutes, 1 to 240",
  });
  expect(errorsOf("on-my-way", { minutes: "12.5" })).toEqual({ minutes: "Enter whole minutes" });
  expect(errorsOf("on-my-way", { minutes: "240" })).toBeNull();
});

test("Arrived sets where the visit stands and tells the homeowner nothing", () => {
  expect(changeOf("arrived", { anything: "ignored" })).toEqual({
    set: { fieldStatus: "arrived" },
    event: { kind: "field", detail: "Arrived" },
  });
});

test("Done completes the request with the data plate and the amount, and has the repair-done news", () => {
  const change = changeOf("done", {
    workDone: "Replaced the drain pump",
    model: "WTW5000",
    serialNumber: "C1234567",
    partsUsed: "Drain pump",
    amount: "$1,200.5",
  });
  expect(change.set).toEqual({
    fieldStatus: "done",
    status: "completed",
    doneAt: now,
    workDone: "Replaced the drain pump",
    model: "WTW5000",
    serialNumber: "C1234567",
    partsUsed: "Drain pump",
    amountChargedCents: 120050,
  });
  expect(change.event).toEqual({
    kind: "field",
    detail:
      "Done: Replaced the drain pump. Model WTW5000, serial C1234567. Parts: Drain pump. Charged $1,200.50.",
    fromStatus: "scheduled",
    toStatus: "completed",
  });
  expect(change.news).toEqual({
    kind: "repair-done",
    technician: { id: "tech-1", name: "Alex  Rivera" },
    doneAt: now,
  });
});

test("Done with No charge charges nothing; without an amount every missing field says so at once", () => {
  const free = changeOf("done", {
    workDone: "Levelled the washer",
    model: "WTW5000",
    serialNumber: "C1234567",
    noCharge: "on",
  });
  expect(free.set?.amountChargedCents).toBeNull();
  expect(free.event.detail).toBe(
    "Done: Levelled the washer. Model WTW5000, serial C1234567. Parts: none. Charged no charge.",
  );
  expect(errorsOf("done", { workDone: " ", model: "", serialNumber: "", amount: "lots" })).toEqual({
    workDone: "Say what was done",
    model: "Enter the model from the data plate, or tick Plate unreadable",
    serialNumber: "Enter the serial number from the data plate, or tick Plate unreadable",
    amount: "Enter the amount charged (like 189.50), or tick No charge",
  });
});

test('Done with Plate unreadable: model and serial may stay empty and are stored as "Plate unreadable"; what could be read is kept', () => {
  const done = { workDone: "Cleaned the condenser coils", amount: "120" };
  // Not ticked: both are required.
  expect(errorsOf("done", { ...done, model: " ", serialNumber: "" })).toEqual({
    model: "Enter the model from the data plate, or tick Plate unreadable",
    serialNumber: "Enter the serial number from the data plate, or tick Plate unreadable",
  });
  expect(errorsOf("done", done)).toEqual({
    model: "Enter the model from the data plate, or tick Plate unreadable",
    serialNumber: "Enter the serial number from the data plate, or tick Plate unreadable",
  });

  const unreadable = changeOf("done", {
    ...done,
    model: "",
    serialNumber: "  ",
    plateUnreadable: "yes",
  });
  expect(unreadable.set).toMatchObject({
    model: "Plate unreadable",
    serialNumber: "Plate unreadable",
    amountChargedCents: 12000,
  });
  expect(unreadable.event.detail).toBe(
    "Done: Cleaned the condenser coils. Data plate unreadable. Parts: none. Charged $120.00.",
  );

  // Half the plate readable: the model typed is kept, the serial says the plate could not be read.
  const half = changeOf("done", {
    ...done,
    model: "GTS18GTHWW",
    serialNumber: "",
    plateUnreadable: "yes",
  });
  expect(half.set).toMatchObject({ model: "GTS18GTHWW", serialNumber: "Plate unreadable" });
  expect(half.event.detail).toBe(
    "Done: Cleaned the condenser coils. Model GTS18GTHWW, serial Plate unreadable. Parts: none. Charged $120.00.",
  );
  // The other checks still hold with the box ticked.
  expect(
    errorsOf("done", { workDone: "", amount: "", plateUnreadable: "yes", model: "x".repeat(101) }),
  ).toEqual({
    workDone: "Say what was done",
    model: "Use at most 100 characters",
    amount: "Enter the amount charged (like 189.50), or tick No charge",
  });
});

test("Needs a part names the part, required, and has the part-needed news", () => {
  const change = changeOf("needs-part", { part: " W10348269 " });
  expect(change.set).toEqual({ fieldStatus: "needs-part", partNeeded: "W10348269" });
  expect(change.event).toEqual({ kind: "field", detail: "Needs a part: W10348269" });
  expect(change.news).toMatchObject({ kind: "part-needed", part: "W10348269", technician: "Alex" });
  expect(errorsOf("needs-part", { part: "" })).toEqual({
    part: "Enter the part needed (a name or a part number)",
  });
});

test("Needs a part may give the part's price and ask a deposit of it, added to what the job asked", () => {
  const change = changeOf("needs-part", { part: "Igniter", partPrice: "275", deposit: "138.00" });
  expect(change.set).toEqual({
    fieldStatus: "needs-part",
    partNeeded: "Igniter",
    partPriceCents: 27_500,
    depositCents: 13_800,
  });
  expect(change.event).toEqual({
    kind: "field",
    detail: "Needs a part: Igniter ($275.00, deposit $138.00 asked)",
  });
  expect(change.news).toMatchObject({ price: "$275.00", deposit: 13_800 });
  const second = changeOf(
    "needs-part",
    { part: "Door switch", partPrice: "60", deposit: "30" },
    { ...facts, row: { ...facts.row, depositCents: 13_800 } },
  );
  expect(second.set).toMatchObject({ partPriceCents: 6_000, depositCents: 16_800 });
  expect(errorsOf("needs-part", { part: "Igniter", partPrice: "100", deposit: "138" })).toEqual({
    deposit: "The deposit cannot be more than the part's price",
  });
  expect(errorsOf("needs-part", { part: "Igniter", deposit: "138" })).toEqual({
    partPrice: "Enter the part's price: the deposit is part of it",
  });
  expect(errorsOf("needs-part", { part: "Igniter", partPrice: "lots", deposit: "0" })).toEqual({
    partPrice: "Enter the part's price (like 275.00), or leave it empty",
    deposit: "Enter the deposit (like 138.00), or leave it empty",
  });
});

test("Can't fix says why, required, flags the call the office owes, and has the cant-fix news", () => {
  expect(changeOf("cant-fix", { reason: "Control board discontinued" })).toEqual({
    set: {
      fieldStatus: "cant-fix",
      cantFixReason: "Control board discontinued",
      cantFixCallRecordedAt: null,
    },
    event: { kind: "field", detail: "Can't fix: Control board discontinued" },
    // The office's email names the technician as the office knows them.
    news: { kind: "cant-fix", reason: "Control board discontinued", technician: "Alex  Rivera" },
  });
  expect(errorsOf("cant-fix", { reason: "" })).toEqual({ reason: "Say why" });
});
