import type { TimeSlotId } from "~/domain/time-slots";
import type { Locale } from "~/lib/locale";
import * as m from "~/paraglide/messages/_index.js";

const slotMessages = {
  morning: [m.slot_morning, m.slot_morning_window],
  afternoon: [m.slot_afternoon, m.slot_afternoon_window],
  evening: [m.slot_evening, m.slot_evening_window],
} as const;

/** A window's name and hours in a language: "Morning", "8:00 AM - 12:00 PM". */
export function slotWords(slot: TimeSlotId, locale: Locale): { label: string; window: string } {
  const [label, window] = slotMessages[slot];
  return { label: label({}, { locale }), window: window({}, { locale }) };
}
