// Arrival windows: the places per window an owner set, the days closed, and the places held.
import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

import type { StateSlug } from "../../../app/content/states";

import { createdAt, updatedAt } from "./columns";

export const arrivalWindows = ["morning", "afternoon", "evening"] as const;
export type ArrivalWindow = (typeof arrivalWindows)[number];

/** Places per arrival window per weekday (0 = Sunday) an owner set; unset: WINDOW_CAPACITY. */
export const windowCapacities = pgTable(
  "window_capacities",
  {
    office: text("office").$type<StateSlug>().notNull(),
    weekday: integer("weekday").notNull(),
    window: text("window", { enum: arrivalWindows }).notNull(),
    capacity: integer("capacity").notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.office, table.weekday, table.window] }),
    check("window_capacities_weekday", sql`${table.weekday} between 0 and 6`),
    check("window_capacities_capacity", sql`${table.capacity} between 0 and 1000`),
  ],
);

/** Holidays and other days an office takes no visits (Sundays are always closed). */
export const officeClosedDays = pgTable(
  "office_closed_days",
  {
    office: text("office").$type<StateSlug>().notNull(),
    date: date("date", { mode: "string" }).notNull(),
    label: text("label").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.office, table.date] })],
);

/**
 * The years whose federal holidays were written into `office_closed_days` for an office: once
 * a year is here, a holiday an owner opened stays open.
 */
export const officeHolidayYears = pgTable(
  "office_holiday_years",
  {
    office: text("office").$type<StateSlug>().notNull(),
    year: integer("year").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.office, table.year] })],
);

/**
 * How many places of a window are held, one row per office, day and window. A request takes a
 * place with one `INSERT … ON CONFLICT DO UPDATE … WHERE taken < capacity`, which PostgreSQL
 * runs atomically on the row: concurrent requests never take more places than there are.
 */
export const windowPlaces = pgTable(
  "window_places",
  {
    office: text("office").$type<StateSlug>().notNull(),
    date: date("date", { mode: "string" }).notNull(),
    window: text("window", { enum: arrivalWindows }).notNull(),
    taken: integer("taken").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.office, table.date, table.window] }),
    check("window_places_taken", sql`${table.taken} >= 0`),
  ],
);
