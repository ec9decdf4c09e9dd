import { randomUUID } from "node:crypto";
import path from "node:path";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { capacityField, pastClosedDayMessage } from "~/domain/windows";

import { openDatabase, type DatabaseHandle } from "../db/database";
import { officeClosedDays, windowCapacities } from "../db/schema";
import { testDatabases } from "../test-support/databases";
import type { TestDatabaseInstance } from "../test-support/databases";
import { addStaff, type StaffMember } from "./staff-accounts.server";
import { authSecret, createStaffAuth } from "./staff-auth";
import {
  addClosedDay,
  closedDayText,
  removeClosedDay,
  saveWindowCapacities,
  windowSettings,
  WindowSettingsRefusal,
} from "./window-settings.server";

const password = "a long staff password";
const databases = await testDatabases();
/** Noon in Houston on Wednesday, November 4, 2026. */
const now = new Date("2026-11-04T18:00:00Z");

/** Every capacity field of the form at `capacity`, as a browser posts them. */
function capacityForm(capacity: number, changes: Record<string, string> = {}) {
  const fields: Record<string, string> = {};
  for (const weekday of [1, 2, 3, 4, 5, 6]) {
    for (const window of ["morning", "afternoon", "evening"] as const) {
      fields[capacityField(weekday, window)] = String(capacity);
    }
  }
  return { ...fields, ...changes };
}

for (const database of databases) {
  describe.skipIf(!database.available)(`Arrival window settings on ${database.label}`, () => {
    let instance: TestDatabaseInstance;
    let handle: DatabaseHandle;
    let owner: StaffMember;
    let dispatcher: StaffMember;

    beforeAll(async () => {
      instance = await database.create();
      handle = await openDatabase({
        databaseUrl: instance.env.DATABASE_URL,
        pgliteDir: path.join(instance.env.DATA_DIR!, "db"),
      });
      const auth = createStaffAuth({
        db: handle.db,
        siteUrl: "https://repair.example.test",
        secret: await authSecret(handle.db),
      });
      owner = await addStaff(handle.db, auth, {
        email: `owner-${randomUUID()}@example.com`,
        role: "owner",
        offices: [],
        password,
      });
      dispatcher = await addStaff(handle.db, auth, {
        email: `dispatcher-${randomUUID()}@example.com`,
        role: "dispatcher",
        offices: ["texas"],
        password,
      });
    });
    afterAll(async () => {
      await handle?.close();
      await instance?.drop();
    });

    test("an office nobody set shows the default in every window, Monday to Saturday", async () => {
      const settings = await windowSettings(handle.db, owner, "virginia", 4, now);
      expect(settings.weekdays.map((day) => day.label)).toEqual([
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
      ]);
      for (const day of settings.weekdays) {
        expect(day.capacities).toEqual({ morning: 4, afternoon: 4, evening: 4 });
      }
      expect(settings.closedDays).toEqual([]);
      expect(settings.today).toBe("2026-11-04");
    });

    test("saved capacities are shown, kept per office, and saved again in place", async () => {
      const first = await saveWindowCapacities(
        handle.db,
        owner,
        "texas",
        capacityForm(4, { "2-morning": "2", "6-evening": "0" }),
      );
      expect(first).toEqual({ success: true });
      const texas = await windowSettings(handle.db, owner, "texas", 4, now);
      expect(texas.weekdays[1]!.capacities).toEqual({ morning: 2, afternoon: 4, evening: 4 });
      expect(texas.weekdays[5]!.capacities).toEqual({ morning: 4, afternoon: 4, evening: 0 });
      // A saved window no longer follows the default.
      const withAnotherDefault = await windowSettings(handle.db, owner, "texas", 9, now);
      expect(withAnotherDefault.weekdays[1]!.capacities.morning).toBe(2);
      expect(withAnotherDefault.weekdays[0]!.capacities.morning).toBe(4);
      // Another office is untouched.
      const florida = await windowSettings(handle.db, owner, "florida", 9, now);
      expect(florida.weekdays[1]!.capacities.morning).toBe(9);

      await saveWindowCapacities(handle.db, owner, "texas", capacityForm(4, { "2-morning": "7" }));
      const rows = await handle.db
        .select()
        .from(windowCapacities)
        .where(eq(windowCapacities.office, "texas"));
      expect(rows).toHaveLength(18);
      expect(rows.some((row) => row.weekday === 0)).toBe(false);
      expect(rows.find((row) => row.weekday === 2 && row.window === "morning")?.capacity).toBe(7);
    });

    test("a capacity outside 0 to 1000, or missing, is a field error and nothing is saved", async () => {
      const refused = await saveWindowCapacities(
        handle.db,
        owner,
        "massachusetts",
        capacityForm(3, { "1-morning": "1001", "3-afternoon": "-1", "4-evening": "2.5" }),
      );
      expect(refused).toEqual({
        success: false,
        fieldErrors: {
          "1-morning": ["Enter a whole number from 0 to 1000"],
          "3-afternoon": ["Enter a whole number from 0 to 1000"],
          "4-evening": ["Enter a whole number from 0 to 1000"],
        },
      });
      const missingOne: Record<string, string> = capacityForm(3);
      delete missingOne["5-morning"];
      const missing = await saveWindowCapacities(handle.db, owner, "massachusetts", missingOne);
      expect(missing.success).toBe(false);
      const rows = await handle.db
        .select()
        .from(windowCapacities)
        .where(eq(windowCapacities.office, "massachusetts"));
      expect(rows).toEqual([]);
    });

    test("a holiday is added, relabelled when added again, listed, and removed", async () => {
      const added = await addClosedDay(
        handle.db,
        owner,
        "texas",
        { date: "2026-11-26", label: " Thanksgiving " },
        now,
      );
      expect(added).toEqual({
        success: true,
        date: "2026-11-26",
        dateText: "Thu, Nov 26, 2026",
        relabelled: false,
      });
      const again = await addClosedDay(
        handle.db,
        owner,
        "texas",
        { date: "2026-11-26", label: "Thanksgiving Day" },
        now,
      );
      expect(again).toMatchObject({ success: true, relabelled: true });
      await addClosedDay(
        handle.db,
        owner,
        "texas",
        { date: "2026-12-25", label: "Christmas" },
        now,
      );
      const settings = await windowSettings(handle.db, owner, "texas", 4, now);
      expect(settings.closedDays).toEqual([
        { date: "2026-11-26", label: "Thanksgiving Day", dateText: "Thu, Nov 26, 2026" },
        { date: "2026-12-25", label: "Christmas", dateText: "Fri, Dec 25, 2026" },
      ]);
      // Only Texas closes.
      expect((await windowSettings(handle.db, owner, "florida", 4, now)).closedDays).toEqual([]);

      expect(await removeClosedDay(handle.db, owner, "texas", "2026-11-26")).toEqual({
        date: "2026-11-26",
        label: "Thanksgiving Day",
        dateText: "Thu, Nov 26, 2026",
      });
      expect(await removeClosedDay(handle.db, owner, "texas", "2026-11-26")).toBeNull();
      expect(await removeClosedDay(handle.db, owner, "texas", "not a date")).toBeNull();
      const left = await handle.db
        .select({ date: officeClosedDays.date })
        .from(officeClosedDays)
        .where(eq(officeClosedDays.office, "texas"));
      expect(left).toEqual([{ date: "2026-12-25" }]);
    });

    test("a past day, a missing or long label and an impossible date are field errors", async () => {
      // 23:30 on November 4 in Houston is already November 5 in UTC: today is still the 4th there.
      const lateEvening = new Date("2026-11-05T05:30:00Z");
      const today = await addClosedDay(
        handle.db,
        owner,
        "texas",
        { date: "2026-11-04", label: "Inventory" },
        lateEvening,
      );
      expect(today.success).toBe(true);
      const past = await addClosedDay(
        handle.db,
        owner,
        "texas",
        { date: "2026-11-03", label: "Election Day" },
        lateEvening,
      );
      expect(past).toEqual({ success: false, fieldErrors: { date: [pastClosedDayMessage] } });
      const blank = await addClosedDay(
        handle.db,
        owner,
        "texas",
        { date: "2027-02-30", label: "  " },
        now,
      );
      expect(blank).toEqual({
        success: false,
        fieldErrors: {
          date: ["Choose a date"],
          label: ["Name the day, for example Thanksgiving"],
        },
      });
      const long = await addClosedDay(
        handle.db,
        owner,
        "texas",
        { date: "2027-01-01", label: "x".repeat(81) },
        now,
      );
      expect(long).toEqual({
        success: false,
        fieldErrors: { label: ["Use at most 80 characters"] },
      });
      const stored = await handle.db
        .select()
        .from(officeClosedDays)
        .where(and(eq(officeClosedDays.office, "texas"), eq(officeClosedDays.date, "2026-11-03")));
      expect(stored).toEqual([]);
    });

    test("a dispatcher, even of the office, and an unknown office are refused", async () => {
      await expect(windowSettings(handle.db, dispatcher, "texas", 4, now)).rejects.toThrow(
        WindowSettingsRefusal,
      );
      await expect(
        saveWindowCapacities(handle.db, dispatcher, "texas", capacityForm(1)),
      ).rejects.toThrow(WindowSettingsRefusal);
      await expect(
        addClosedDay(handle.db, dispatcher, "texas", { date: "2026-12-31", label: "Eve" }, now),
      ).rejects.toThrow(WindowSettingsRefusal);
      await expect(removeClosedDay(handle.db, dispatcher, "texas", "2026-12-25")).rejects.toThrow(
        WindowSettingsRefusal,
      );
      await expect(windowSettings(handle.db, owner, "ohio", 4, now)).rejects.toThrow(
        WindowSettingsRefusal,
      );
      // Nothing the dispatcher tried was stored.
      const [christmas] = await handle.db
        .select()
        .from(officeClosedDays)
        .where(and(eq(officeClosedDays.office, "texas"), eq(officeClosedDays.date, "2026-12-25")));
      expect(christmas?.label).toBe("Christmas");
    });

    test("dates read as the calendar shows them", () => {
      expect(closedDayText("2026-11-26")).toBe("Thu, Nov 26, 2026");
      expect(closedDayText("2027-01-01")).toBe("Fri, Jan 1, 2027");
    });
  });
}
