import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";

import { isoFromDate } from "~/lib/dates";

/** The month grid of the date picker; loaded when the visitor opens it. */
export default function Calendar({
  selected,
  earliest,
  onPick,
}: {
  selected: Date | undefined;
  earliest: Date | undefined;
  onPick: (iso: string) => void;
}) {
  return (
    <DayPicker
      mode="single"
      selected={selected}
      defaultMonth={selected ?? earliest}
      startMonth={earliest}
      disabled={earliest ? { before: earliest } : undefined}
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
