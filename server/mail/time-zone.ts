const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export type WallClock = Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;

/**
 * The last answer per time zone, by whole second (the clock's resolution): every submission
 * asks what day it is in its office, and `formatToParts` is slow enough to show under load.
 */
const lastWallClock = new Map<string, { second: number; clock: WallClock }>();

/** What the clock on the wall says at `instant` in `timeZone` (hours 0-23). */
export function wallClockIn(instant: Date, timeZone: string): WallClock {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastWallClock.get(timeZone);
  if (last?.second === second) return last.clock;
  const clock = computeWallClock(instant, timeZone);
  lastWallClock.set(timeZone, { second, clock });
  return clock;
}

function computeWallClock(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function offsetMs(instant: Date, timeZone: string): number {
  const clock = wallClockIn(instant, timeZone);
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time ("08:00" on "2025-01-05") happens in `timeZone`. */
export function wallTimeToInstant(isoDate: string, time: string, timeZone: string): Date {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const firstOffset = offsetMs(new Date(guess), timeZone);
  const secondOffset = offsetMs(new Date(guess - firstOffset), timeZone);
  return new Date(guess - secondOffset);
}

/**
 * `instant` as the wall clock in `timeZone` with its offset from UTC: "2031-03-21 10:00:00-05:00"
 * (the form Google Ads reads a conversion's time in).
 */
export function wallTimeWithOffset(instant: Date, timeZone: string): string {
  const clock = wallClockIn(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, "0");
  const offsetMinutes = Math.round(offsetMs(instant, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const offset = `${sign}${two(Math.floor(Math.abs(offsetMinutes) / 60))}:${two(Math.abs(offsetMinutes) % 60)}`;
  return `${clock.year}-${two(clock.month)}-${two(clock.day)} ${two(clock.hour)}:${two(clock.minute)}:${two(clock.second)}${offset}`;
}
