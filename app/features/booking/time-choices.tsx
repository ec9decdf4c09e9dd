import { useEffect, useRef } from "react";

import { Button } from "~/components/ui/button";
import type { OpenWindow, WindowState } from "~/domain/availability";
import { timeSlots, type TimeSlotId } from "~/domain/time-slots";
import { displayDate } from "~/lib/dates";
import { useHydrated } from "~/lib/use-hydrated";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

import type { TimeChoice } from "./schedule-state";
import { slotWords } from "./slot-words";
import type { Availability } from "./use-availability";

/** What a window's state adds to its label: the words say it, not only the colour. */
const windowStateLabels = {
  full: m.booking_window_full,
  past: m.booking_window_past,
  closed: m.booking_window_closed,
} satisfies Record<Exclude<WindowState, "open">, unknown>;

/**
 * Step 2's Preferred Time: the three windows of the chosen date, each marked with what the
 * office has left (unknown: offered). A window that filled up while the visitor typed comes
 * back from the server with its message and the next open windows, offered as buttons that
 * set the date and the time (a plain list before and without JavaScript).
 */
export function TimeChoices({
  date,
  time,
  onTimeChange,
  availability,
  error,
  openWindows,
  onPickOpenWindow,
  droppedWindow,
}: {
  date: string;
  time: TimeChoice;
  onTimeChange: (time: TimeSlotId) => void;
  availability: Availability;
  error: string | undefined;
  openWindows: OpenWindow[] | undefined;
  onPickOpenWindow: (window: OpenWindow) => void;
  /** The window the visitor had chosen and that is no longer open (unchecked). */
  droppedWindow: TimeSlotId | undefined;
}) {
  const hydrated = useHydrated();
  const locale = useLocale();
  const errorId = "preferred-time-error";
  const closedDay = date !== "" && availability.day(date)?.closed === true;
  const droppedLabel = droppedWindow ? slotWords(droppedWindow, locale).label : undefined;
  // The answer of a window that filled up: the alternatives come into view with the focus on
  // the first (or on the words, when none is open), so one tap books another.
  const alternatives = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = alternatives.current?.querySelector("button") ?? alternatives.current;
    target?.scrollIntoView({ block: "center" });
    target?.focus({ preventScroll: true });
  }, [openWindows]);
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-slate-900">
        {m.booking_time({}, { locale })}
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {timeSlots.map((slot) => {
          const state = date === "" ? undefined : availability.windowState(date, slot.id);
          const unavailable = state !== undefined && state !== "open";
          return (
            <label
              key={slot.id}
              data-state={state}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:border-dashed has-disabled:bg-slate-50"
            >
              <input
                type="radio"
                name="preferredTime"
                value={slot.id}
                checked={time === slot.id}
                onChange={() => onTimeChange(slot.id)}
                disabled={unavailable}
                className="size-4 accent-brand-700"
              />
              <span>
                <span className="block font-semibold text-slate-900">
                  {slotWords(slot.id, locale).label}
                </span>
                <span className="text-slate-700">{slotWords(slot.id, locale).window}</span>
                {unavailable ? (
                  <span className="mt-1 block font-semibold text-red-800">
                    {windowStateLabels[state]({}, { locale })}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      <div aria-live="polite" className="text-sm text-slate-700">
        {closedDay ? (
          <p>{m.booking_closed_day({ date: displayDate(date, locale) }, { locale })}</p>
        ) : droppedLabel && !error ? (
          <p>
            {m.booking_window_dropped(
              { window: droppedLabel.toLowerCase(), date: displayDate(date, locale) },
              { locale },
            )}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      {openWindows ? (
        <div ref={alternatives} tabIndex={-1} className="grid gap-2 outline-none">
          {openWindows.length === 0 ? (
            <p className="text-sm text-slate-800">{m.booking_no_window({}, { locale })}</p>
          ) : null}
          {openWindows.length > 0 ? (
            <div className="grid gap-2">
              <p id="open-windows-title" className="text-sm text-slate-800">
                {hydrated
                  ? m.booking_open_windows({}, { locale })
                  : m.booking_open_windows_no_js({}, { locale })}
              </p>
              <ul aria-labelledby="open-windows-title" className="flex flex-wrap gap-2">
                {openWindows.map((window) => (
                  <li key={`${window.date}/${window.window}`}>
                    {hydrated ? (
                      <Button variant="outline" size="sm" onClick={() => onPickOpenWindow(window)}>
                        {window.label}
                      </Button>
                    ) : (
                      <span className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm">
                        {window.label}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
