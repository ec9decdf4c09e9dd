import { z } from "zod";

import { timeSlots, type TimeSlotId } from "./time-slots";

/** The weekdays an owner sets (0 = Sunday, as `Date.getUTCDay`); Sunday is always closed. */
export const openWeekdays = [
  { weekday: 1, label: "Monday" },
  { weekday: 2, label: "Tuesday" },
  { weekday: 3, label: "Wednesday" },
  { weekday: 4, label: "Thursday" },
  { weekday: 5, label: "Friday" },
  { weekday: 6, label: "Saturday" },
] as const;

export const closedWeekday = { weekday: 0, label: "Sunday" } as const;

export const maxWindowCapacity = 1000;
export const maxClosedDayLabel = 80;

/** A capacity's field in the form: "2-morning" is Tuesday morning. */
export function capacityField(weekday: number, window: TimeSlotId): string {
  return `${weekday}-${window}`;
}

const capacityMessage = `Enter a whole number from 0 to ${maxWindowCapacity}`;

const capacitySchema = z
  .string(capacityMessage)
  .trim()
  .regex(/^\d{1,4}$/, capacityMessage)
  .transform(Number)
  .refine((capacity) => capacity <= maxWindowCapacity, capacityMessage);

/** The capacities form: one field per open weekday and window, read as a list of rows. */
export const windowCapacitiesSchema = z
  .object(
    Object.fromEntries(
      openWeekdays.flatMap(({ weekday }) =>
        timeSlots.map((slot) => [capacityField(weekday, slot.id), capacitySchema]),
      ),
    ),
  )
  .transform((fields) =>
    openWeekdays.flatMap(({ weekday }) =>
      timeSlots.map((slot) => ({
        weekday,
        window: slot.id,
        capacity: fields[capacityField(weekday, slot.id)] ?? 0,
      })),
    ),
  );

/** A yyyy-mm-dd that names a real day (a date input sends that form). */
const calendarDateSchema = z
  .string("Choose a date")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date")
  .refine((date) => {
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    const parsed = new Date(Date.UTC(year, month - 1, day));
    return (
      year >= 2000 &&
      parsed.getUTCFullYear() === year &&
      parsed.getUTCMonth() === month - 1 &&
      parsed.getUTCDate() === day
    );
  }, "Choose a date");

export const closedDaySchema = z.object({
  date: calendarDateSchema,
  label: z
    .string("Name the day, for example Thanksgiving")
    .trim()
    .min(1, "Name the day, for example Thanksgiving")
    .max(maxClosedDayLabel, `Use at most ${maxClosedDayLabel} characters`),
});

/** The server's rule on top of `closedDaySchema`: in the office's time zone, not before today. */
export const pastClosedDayMessage = "Choose today or a later date";
