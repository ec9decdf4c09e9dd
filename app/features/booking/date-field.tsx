import { CalendarDays } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";

import { Input } from "~/components/ui/input";
import { dateFromIso, displayDate, isoFromDate, parseTypedDate } from "~/lib/dates";

export interface DateFieldProps {
  id?: string;
  value: string;
  /** The earliest date offered: today in the office's time zone ("yyyy-mm-dd"). */
  minDate: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * Shows the date as "MMMM d, yyyy", accepts a typed "MM/dd/yyyy", offers a calendar from
 * today on, and hands the form "yyyy-mm-dd".
 */
export function DateField({ id, value, minDate, onChange, onBlur, ...aria }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  const earliest = dateFromIso(minDate);
  const selected = dateFromIso(value);

  const commitTyped = () => {
    if (typed === null) return;
    const iso = typed.trim() === "" ? "" : parseTypedDate(typed);
    if (iso !== undefined) onChange(iso !== "" && iso < minDate ? minDate : iso);
    setTyped(null);
    onBlur?.();
  };

  return (
    <div className="flex gap-2">
      <Input
        id={id}
        value={typed ?? displayDate(value)}
        placeholder="MM/DD/YYYY"
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
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          className="grid size-10 shrink-0 place-items-center rounded-md border border-slate-300 bg-white text-slate-800 hover:border-brand-700"
          aria-label="Choose a date from the calendar"
        >
          <CalendarDays className="size-5" aria-hidden="true" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            className="z-[60] rounded-xl border border-slate-200 bg-white p-3 shadow-xl"
          >
            <DayPicker
              mode="single"
              selected={selected}
              defaultMonth={selected ?? earliest}
              startMonth={earliest}
              disabled={earliest ? { before: earliest } : undefined}
              onSelect={(date) => {
                if (date) onChange(isoFromDate(date));
                setOpen(false);
              }}
              style={
                {
                  "--rdp-accent-color": "#1e40af",
                  "--rdp-accent-background-color": "#dbeafe",
                } as React.CSSProperties
              }
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
