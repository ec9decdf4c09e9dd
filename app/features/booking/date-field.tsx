import { CalendarDays } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";

import { Input } from "~/components/ui/input";
import { dateFromIso, displayDate, parseTypedDate } from "~/lib/dates";
import { useHydrated } from "~/lib/use-hydrated";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

const Calendar = lazy(() => import("./calendar"));

export interface DateFieldProps {
  id?: string;
  /** The form field's name: it carries "yyyy-mm-dd". */
  name: string;
  defaultValue?: string;
  /** The chosen date, when the form holds it ("yyyy-mm-dd", "" for none); else kept here. */
  value?: string;
  onValueChange?: (isoDate: string) => void;
  /** The earliest date offered: today in the office's time zone ("yyyy-mm-dd"). */
  minDate: string;
  /** Whether the calendar offers a day from `minDate` on (closed and fully booked days not). */
  isDayOffered?: (isoDate: string) => boolean;
  autoFocus?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * Shows the date as "MMMM d, yyyy", accepts a typed "MM/dd/yyyy", offers a calendar from
 * today on (loaded when first opened), and hands the form "yyyy-mm-dd" in a hidden field.
 * Before the page's scripts run, the text field itself carries what was typed (the server
 * reads "MM/dd/yyyy" too).
 */
export function DateField({
  id,
  name,
  defaultValue = "",
  value: givenValue,
  onValueChange,
  minDate,
  isDayOffered,
  ...aria
}: DateFieldProps) {
  const hydrated = useHydrated();
  const [ownValue, setOwnValue] = useState(defaultValue);
  const value = givenValue ?? ownValue;
  const setValue = (isoDate: string) => {
    setOwnValue(isoDate);
    onValueChange?.(isoDate);
  };
  const [open, setOpen] = useState(false);
  const locale = useLocale();
  const [typed, setTyped] = useState<string | null>(null);
  const calendarId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const earliest = dateFromIso(minDate);
  const selected = dateFromIso(value);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !triggerRef.current?.contains(target)) {
        setOpen(false);
      }
    };
    document.addEventListener("pointerdown", closeOnOutsideClick);
    return () => document.removeEventListener("pointerdown", closeOnOutsideClick);
  }, [open]);

  const commitTyped = () => {
    if (typed === null) return;
    const iso = typed.trim() === "" ? "" : parseTypedDate(typed);
    if (iso !== undefined) setValue(iso !== "" && iso < minDate ? minDate : iso);
    setTyped(null);
  };

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  return (
    <div className="relative">
      <div className="flex gap-2">
        <Input
          id={id}
          name={hydrated ? undefined : name}
          value={typed ?? displayDate(value, locale)}
          placeholder={m.booking_date_placeholder({}, { locale })}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
          onBlur={commitTyped}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commitTyped();
            }
          }}
          {...aria}
        />
        <button
          ref={triggerRef}
          type="button"
          className="grid size-10 shrink-0 place-items-center rounded-md border border-slate-300 bg-white text-slate-800 hover:border-brand-700"
          aria-label={m.booking_choose_date({}, { locale })}
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <CalendarDays className="size-5" aria-hidden="true" />
        </button>
      </div>
      {hydrated ? <input type="hidden" name={name} value={value} /> : null}
      {open ? (
        <div
          ref={panelRef}
          id={calendarId}
          role="group"
          aria-label={m.booking_calendar({}, { locale })}
          data-calendar
          className="absolute right-0 z-10 mt-2 rounded-xl border border-slate-200 bg-white p-3 shadow-xl"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              // Close the calendar, not the dialog around it.
              event.stopPropagation();
              close();
            }
          }}
        >
          <Suspense
            fallback={
              <p className="p-4 text-sm text-slate-700">
                {m.booking_loading_calendar({}, { locale })}
              </p>
            }
          >
            <Calendar
              locale={locale}
              selected={selected}
              earliest={earliest}
              isDayOffered={isDayOffered}
              onPick={(iso) => {
                setValue(iso);
                close();
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
