import { and, between, eq, gte, lte, sql } from "drizzle-orm";

import { isoDateIn } from "~/lib/dates";
import type { Locale } from "~/lib/locale";
import { profileForState, type CompanyProfile } from "~/content/company";
import type { StateSlug } from "~/content/states";
import { timeSlots, type TimeSlotId } from "~/domain/time-slots";
import type { DayAvailability, OpenWindow, WindowState } from "~/domain/availability";
import { formatVisit } from "~/domain/visit";

import type { Database, Transaction } from "../db/database";
import { returnedRows } from "../db/json-rows";
import { officeClosedDays, windowCapacities, windowPlaces } from "../db/schema";
import { wallTimeToInstant } from "../mail/time-zone";

type Query = Database | Transaction;

/** A window can be booked, or moved into, until this long before it starts. */
export const bookingLeadMs = 2 * 60 * 60 * 1000;

export interface Place {
  office: StateSlug;
  /** yyyy-mm-dd in the office's time zone. */
  date: string;
  window: TimeSlotId;
}

/** 0 = Sunday, from the date alone (no time zone can move it). */
export function weekdayOf(isoDate: string): number {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function slotOf(window: TimeSlotId) {
  return timeSlots.find((slot) => slot.id === window)!;
}

/** When the window begins, as an instant. */
export function windowStart(office: CompanyProfile, date: string, window: TimeSlotId): Date {
  return wallTimeToInstant(date, slotOf(window).start, office.timeZone);
}

/** Whether the window still takes bookings at `now`: it starts more than two hours later. */
export function isBookableInTime(place: Place, now: Date): boolean {
  const office = profileForState(place.office);
  return windowStart(office, place.date, place.window).getTime() - now.getTime() > bookingLeadMs;
}

/**
 * The places of one window: 0 on Sundays and the office's closed days, else what an owner set
 * for the weekday, else the configured default.
 */
export async function capacityOf(q: Query, place: Place, defaultCapacity: number): Promise<number> {
  const weekday = weekdayOf(place.date);
  if (weekday === 0) return 0;
  const [closed] = await q
    .select({ date: officeClosedDays.date })
    .from(officeClosedDays)
    .where(and(eq(officeClosedDays.office, place.office), eq(officeClosedDays.date, place.date)));
  if (closed) return 0;
  const [set] = await q
    .select({ capacity: windowCapacities.capacity })
    .from(windowCapacities)
    .where(
      and(
        eq(windowCapacities.office, place.office),
        eq(windowCapacities.weekday, weekday),
        eq(windowCapacities.window, place.window),
      ),
    );
  return set?.capacity ?? defaultCapacity;
}

/**
 * Takes one place of the window if one is left. A single `INSERT … ON CONFLICT DO UPDATE …
 * WHERE taken < capacity`: PostgreSQL locks the window's row and re-checks the condition on its
 * latest version, so of any number of concurrent takers (in any number of processes) exactly as
 * many succeed as there were places.
 */
export async function takePlace(tx: Transaction, place: Place, capacity: number): Promise<boolean> {
  if (capacity <= 0) return false;
  const taken = returnedRows<{ taken: number }>(
    await tx.execute(sql`
      insert into ${windowPlaces} (office, date, "window", taken)
      values (${place.office}, ${place.date}, ${place.window}, 1)
      on conflict (office, date, "window") do update set taken = ${windowPlaces}.taken + 1
      where ${windowPlaces}.taken < ${capacity}
      returning taken`),
  );
  return taken.length > 0;
}

/** Takes a place whatever the capacity: the office booking a visit itself may overbook. */
export async function forcePlace(tx: Transaction, place: Place): Promise<void> {
  await tx.execute(sql`
    insert into ${windowPlaces} (office, date, "window", taken)
    values (${place.office}, ${place.date}, ${place.window}, 1)
    on conflict (office, date, "window") do update set taken = ${windowPlaces}.taken + 1`);
}

/** Gives a place back (a cancelled or moved visit). */
export async function releasePlace(tx: Transaction, place: Place): Promise<void> {
  await tx
    .update(windowPlaces)
    .set({ taken: sql`greatest(${windowPlaces.taken} - 1, 0)` })
    .where(
      and(
        eq(windowPlaces.office, place.office),
        eq(windowPlaces.date, place.date),
        eq(windowPlaces.window, place.window),
      ),
    );
}

export function isTimeSlotId(value: unknown): value is TimeSlotId {
  return timeSlots.some((slot) => slot.id === value);
}

/**
 * Every window of `days` days from `from` in one office: three small queries whatever the range,
 * so the dialog can ask on every date change.
 */
export async function availability(
  db: Query,
  office: CompanyProfile,
  {
    from,
    days,
    now,
    defaultCapacity,
  }: { from: string; days: number; now: Date; defaultCapacity: number },
): Promise<DayAvailability[]> {
  const to = addDays(from, days - 1);
  const slug = office.stateSlug;
  const [capacities, closedDays, places] = await Promise.all([
    db.select().from(windowCapacities).where(eq(windowCapacities.office, slug)),
    db
      .select({ date: officeClosedDays.date })
      .from(officeClosedDays)
      .where(and(eq(officeClosedDays.office, slug), between(officeClosedDays.date, from, to))),
    db
      .select()
      .from(windowPlaces)
      .where(
        and(
          eq(windowPlaces.office, slug),
          gte(windowPlaces.date, from),
          lte(windowPlaces.date, to),
        ),
      ),
  ]);
  const closed = new Set(closedDays.map((day) => day.date));
  const capacityBy = new Map(
    capacities.map((row) => [`${row.weekday}/${row.window}`, row.capacity] as const),
  );
  const takenBy = new Map(places.map((row) => [`${row.date}/${row.window}`, row.taken] as const));
  const today = isoDateIn(now, office.timeZone);
  const result: DayAvailability[] = [];
  for (let index = 0; index < days; index += 1) {
    const date = addDays(from, index);
    const weekday = weekdayOf(date);
    const dayClosed = weekday === 0 || closed.has(date);
    result.push({
      date,
      closed: dayClosed,
      windows: timeSlots.map((slot) => {
        let state: WindowState;
        if (dayClosed) state = "closed";
        else if (
          date < today ||
          windowStart(office, date, slot.id).getTime() - now.getTime() <= bookingLeadMs
        ) {
          state = "past";
        } else {
          const capacity = capacityBy.get(`${weekday}/${slot.id}`) ?? defaultCapacity;
          state = (takenBy.get(`${date}/${slot.id}`) ?? 0) < capacity ? "open" : "full";
        }
        return { id: slot.id, state };
      }),
    });
  }
  return result;
}

/** The first open windows from `from` on (three by default), to offer instead of a full one. */
export async function nextOpenWindows(
  db: Query,
  office: CompanyProfile,
  {
    from,
    now,
    defaultCapacity,
    count = 3,
    locale = "en",
  }: {
    from: string;
    now: Date;
    defaultCapacity: number;
    count?: number;
    /** The labels' language: the homeowner's (issue 39). */
    locale?: Locale;
  },
): Promise<OpenWindow[]> {
  const today = isoDateIn(now, office.timeZone);
  const start = from < today ? today : from;
  const days = await availability(db, office, { from: start, days: 28, now, defaultCapacity });
  const open: OpenWindow[] = [];
  for (const day of days) {
    for (const window of day.windows) {
      if (window.state !== "open") continue;
      open.push({
        date: day.date,
        window: window.id,
        label: formatVisit(day.date, window.id, office.timeZoneLabel, {
          spanish: locale === "es",
        }),
      });
      if (open.length === count) return open;
    }
  }
  return open;
}
