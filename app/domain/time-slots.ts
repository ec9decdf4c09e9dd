/** spec section 9: the three appointment windows, in the office's time zone. */
export const timeSlots = [
  { id: "morning", label: "Morning", window: "8:00 AM - 12:00 PM", start: "08:00", end: "12:00" },
  {
    id: "afternoon",
    label: "Afternoon",
    window: "12:00 PM - 4:00 PM",
    start: "12:00",
    end: "16:00",
  },
  { id: "evening", label: "Evening", window: "4:00 PM - 6:00 PM", start: "16:00", end: "18:00" },
] as const;

export type TimeSlotId = (typeof timeSlots)[number]["id"];
