import { DayPicker, type Matcher } from "react-day-picker";
import { es } from "react-day-picker/locale";
import "react-day-picker/style.css";

import { isoFromDate } from "~/lib/dates";
import type { Locale } from "~/lib/locale";

import { firstOfferedDay } from "./first-offered-day";

/** The month grid of the date picker; loaded when the visitor opens it. */
export default function Calendar({
  selected,
  earliest,
  isDayOffered,
  onPick,
  locale,
}: {
  /** The page's language: month and day names in Spanish on a Spanish page. */
  locale: Locale;
  selected: Date | undefined;
  earliest: Date | undefined;
  /** False for a day the office takes no visit (closed, or every window gone). */
  isDayOffered?: (iso: string) => boolean;
  onPick: (iso: string) => void;
}) {
  const disabled: Matcher[] = [];
  if (earliest) disabled.push({ before: earliest });
  if (isDayOffered) disabled.push((date: Date) => !isDayOffered(isoFromDate(date)));
  return (
    <DayPicker
      mode="single"
      {...(locale === "es" ? { locale: es } : {})}
      selected={selected}
      defaultMonth={
        selected ?? (earliest && isDayOffered ? firstOfferedDay(earliest, isDayOffered) : earliest)
      }
      startMonth={earliest}
      disabled={disabled}
      onSelect={(date) => {
        if (date) onPick(isoFromDate(date));
      }}
      style={
        {
          "--rdp-accent-color": "#1e40af",
          "--rdp-accent-background-color": "#dbeafe",
        } as React.CSSProperties
      }
    />
  );
}
