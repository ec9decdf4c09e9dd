import { useEffect, useState } from "react";

import {
  availabilityPath,
  maxAvailabilityDays,
  type AvailabilityAnswer,
  type DayAvailability,
  type WindowState,
} from "~/domain/availability";

import { timeSlots, type TimeSlotId } from "~/domain/time-slots";

const windowStates: readonly WindowState[] = ["open", "full", "past", "closed"];

function isDay(value: unknown): value is DayAvailability {
  if (typeof value !== "object" || value === null) return false;
  const day = value as Record<string, unknown>;
  return (
    typeof day.date === "string" &&
    typeof day.closed === "boolean" &&
    Array.isArray(day.windows) &&
    day.windows.every((window: unknown) => {
      if (typeof window !== "object" || window === null) return false;
      const { id, state } = window as Record<string, unknown>;
      return (
        timeSlots.some((slot) => slot.id === id) && windowStates.includes(state as WindowState)
      );
    })
  );
}

/** The reply is checked, not trusted: anything else counts as no answer. */
function daysOf(body: unknown, office: string): DayAvailability[] | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const answer = body as Partial<Record<keyof AvailabilityAnswer, unknown>>;
  if (answer.office !== office || !Array.isArray(answer.days)) return undefined;
  return answer.days.every(isDay) ? answer.days : undefined;
}

function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export interface Availability {
  /** The day's windows, or undefined while unknown (not asked yet, or no answer). */
  day: (isoDate: string) => DayAvailability | undefined;
  /** A window's state, or undefined while unknown: an unknown window is offered. */
  windowState: (isoDate: string, window: TimeSlotId) => WindowState | undefined;
  /** False only for a day known to be closed or to have no open window left. */
  isDayOffered: (isoDate: string) => boolean;
}

/**
 * Which arrival windows the office still has, from `GET /api/availability`: asked when
 * `enabled` turns true and again whenever `chosenDate` or `refresh` changes (the places change
 * by the minute), the stale request cancelled. From today for two months, or from the chosen date
 * when it lies further out. Without an answer (no such endpoint yet, offline, an error)
 * nothing is known and every window stays offered: availability never blocks a booking.
 */
export function useAvailability({
  office,
  today,
  chosenDate,
  refresh,
  enabled,
}: {
  office: string;
  today: string;
  chosenDate: string;
  /** A new value asks again (after the server answered a submission, say). */
  refresh: number;
  enabled: boolean;
}): Availability {
  const [known, setKnown] = useState<{ office: string; days: Map<string, DayAvailability> }>({
    office,
    days: new Map(),
  });
  const lastDay = addDays(today, maxAvailabilityDays - 1);
  const from = chosenDate > lastDay ? chosenDate : today;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ office, from, days: String(maxAvailabilityDays) });
    fetch(`${availabilityPath}?${query}`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then(async (response) => (response.ok ? daysOf(await response.json(), office) : undefined))
      .then((days) => {
        if (!days) return;
        setKnown((previous) => ({
          office,
          days: new Map([
            ...(previous.office === office ? previous.days : []),
            ...days.map((day) => [day.date, day] as const),
          ]),
        }));
      })
      .catch(() => {
        // Cancelled, offline or unreadable: keep offering every window (see above).
      });
    return () => controller.abort();
    // `chosenDate` and `refresh` ask again even when `from` stays today.
  }, [enabled, office, from, chosenDate, refresh]);

  const days = known.office === office ? known.days : new Map<string, DayAvailability>();
  const day = (isoDate: string) => days.get(isoDate);
  const windowState = (isoDate: string, window: TimeSlotId) => {
    const found = day(isoDate);
    if (!found) return undefined;
    if (found.closed) return "closed";
    return found.windows.find((candidate) => candidate.id === window)?.state;
  };
  return {
    day,
    windowState,
    isDayOffered: (isoDate) => {
      const found = day(isoDate);
      return !found || (!found.closed && found.windows.some((window) => window.state === "open"));
    },
  };
}
