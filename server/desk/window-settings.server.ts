import { and, asc, eq, gte, sql } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { stateSlugs, type StateSlug } from "~/content/states";
import { timeSlots, type TimeSlotId } from "~/domain/time-slots";
import {
  closedDaySchema,
  openWeekdays,
  pastClosedDayMessage,
  windowCapacitiesSchema,
} from "~/domain/windows";
import { isoDateIn } from "~/lib/dates";
import { messagesByField } from "~/lib/field-errors";

import type { Database } from "../db/database";
import { officeClosedDays, windowCapacities } from "../db/schema";
import type { StaffMember } from "./staff-accounts.server";

/** An office's arrival windows as an owner sees and sets them in the desk. */
export interface WindowSettings {
  office: StateSlug;
  /** `WINDOW_CAPACITY`: the places of a window nobody set. */
  defaultCapacity: number;
  /** Monday to Saturday: each window's places, set by an owner or the default. */
  weekdays: { weekday: number; label: string; capacities: Record<TimeSlotId, number> }[];
  /** The closed days from today on, soonest first. */
  closedDays: ClosedDay[];
  /** yyyy-mm-dd in the office's time zone: the earliest day that can be closed. */
  today: string;
}

export interface ClosedDay {
  /** yyyy-mm-dd */
  date: string;
  label: string;
  /** "Thu, Nov 26, 2026" */
  dateText: string;
}

export type WindowSettingsOutcome =
  { success: true } | { success: false; fieldErrors: Record<string, string[] | undefined> };

export type ClosedDayOutcome =
  | { success: true; date: string; dateText: string; relabelled: boolean }
  | { success: false; fieldErrors: Record<string, string[] | undefined> };

/** Thrown when someone who is not an owner, or an office nobody knows, reaches these functions. */
export class WindowSettingsRefusal extends Error {}

export function isOfficeSlug(office: string): office is StateSlug {
  return (stateSlugs as readonly string[]).includes(office);
}

/** Only an active owner changes the windows (the routes check it too: this is the last word). */
function ownersOffice(staff: StaffMember, office: string): StateSlug {
  if (staff.role !== "owner" || staff.disabledAt) {
    throw new WindowSettingsRefusal("Only an owner sets the arrival windows");
  }
  if (!isOfficeSlug(office)) throw new WindowSettingsRefusal(`No office is called ${office}`);
  return office;
}

const dateTextFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Thu, Nov 26, 2026" for 2026-11-26 (the calendar date itself: no time zone can move it). */
export function closedDayText(date: string): string {
  return dateTextFormat.format(new Date(`${date}T00:00:00Z`));
}

function todayAt(office: StateSlug, now: Date): string {
  return isoDateIn(now, profileForState(office).timeZone);
}

export async function windowSettings(
  db: Database,
  staff: StaffMember,
  office: string,
  defaultCapacity: number,
  now = new Date(),
): Promise<WindowSettings> {
  const slug = ownersOffice(staff, office);
  const today = todayAt(slug, now);
  const stored = await db.select().from(windowCapacities).where(eq(windowCapacities.office, slug));
  const closed = await db
    .select({ date: officeClosedDays.date, label: officeClosedDays.label })
    .from(officeClosedDays)
    .where(and(eq(officeClosedDays.office, slug), gte(officeClosedDays.date, today)))
    .orderBy(asc(officeClosedDays.date));
  const capacityOf = (weekday: number, window: TimeSlotId) =>
    stored.find((row) => row.weekday === weekday && row.window === window)?.capacity ??
    defaultCapacity;
  return {
    office: slug,
    defaultCapacity,
    weekdays: openWeekdays.map(({ weekday, label }) => ({
      weekday,
      label,
      capacities: Object.fromEntries(
        timeSlots.map((slot) => [slot.id, capacityOf(weekday, slot.id)]),
      ) as Record<TimeSlotId, number>,
    })),
    closedDays: closed.map((day) => ({ ...day, dateText: closedDayText(day.date) })),
    today,
  };
}

/**
 * Stores every window of Monday to Saturday as the form shows them (all 18, so what the owner saw
 * is what is kept, whatever the default becomes later). `fields` are the posted form's.
 */
export async function saveWindowCapacities(
  db: Database,
  staff: StaffMember,
  office: string,
  fields: Record<string, unknown>,
): Promise<WindowSettingsOutcome> {
  const slug = ownersOffice(staff, office);
  const parsed = windowCapacitiesSchema.safeParse(fields);
  if (!parsed.success) {
    return { success: false, fieldErrors: messagesByField(parsed.error) };
  }
  await db
    .insert(windowCapacities)
    .values(parsed.data.map((row) => ({ office: slug, ...row })))
    .onConflictDoUpdate({
      target: [windowCapacities.office, windowCapacities.weekday, windowCapacities.window],
      set: { capacity: sql`excluded.capacity`, updatedAt: sql`now()` },
    });
  return { success: true };
}

/**
 * Closes a day for the office; a day already closed keeps one row and takes the new label.
 * A day before today, in the office's time zone, is refused as a field error.
 */
export async function addClosedDay(
  db: Database,
  staff: StaffMember,
  office: string,
  fields: { date?: unknown; label?: unknown },
  now = new Date(),
): Promise<ClosedDayOutcome> {
  const slug = ownersOffice(staff, office);
  const today = todayAt(slug, now);
  const parsed = closedDaySchema
    .refine((day) => day.date >= today, { path: ["date"], message: pastClosedDayMessage })
    .safeParse(fields);
  if (!parsed.success) {
    return { success: false, fieldErrors: messagesByField(parsed.error) };
  }
  const [row] = await db
    .insert(officeClosedDays)
    .values({ office: slug, ...parsed.data })
    .onConflictDoUpdate({
      target: [officeClosedDays.office, officeClosedDays.date],
      set: { label: sql`excluded.label` },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return {
    success: true,
    date: parsed.data.date,
    dateText: closedDayText(parsed.data.date),
    relabelled: row?.inserted === false,
  };
}

/** Opens a closed day again: the day it was, or null when the office had no such closed day. */
export async function removeClosedDay(
  db: Database,
  staff: StaffMember,
  office: string,
  date: string,
): Promise<ClosedDay | null> {
  const slug = ownersOffice(staff, office);
  if (!closedDaySchema.shape.date.safeParse(date).success) return null;
  const [removed] = await db
    .delete(officeClosedDays)
    .where(and(eq(officeClosedDays.office, slug), eq(officeClosedDays.date, date)))
    .returning({ date: officeClosedDays.date, label: officeClosedDays.label });
  return removed ? { ...removed, dateText: closedDayText(removed.date) } : null;
}
