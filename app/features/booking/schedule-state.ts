import type { ApplianceTypeId } from "~/content/appliances";
import type { OpenWindow } from "~/domain/availability";
import { timeSlots, type TimeSlotId } from "~/domain/time-slots";
import { parseTypedDate } from "~/lib/dates";
import type { LeadFormResult } from "~/lib/form-result";

/** The schedule dialog's steps: 1 picks the appliance, 2 is the contact form. */
export const stepTitles = { 1: "Select Appliances", 2: "Contact Information" } as const;
export const totalSteps = 2;

export type TimeChoice = TimeSlotId | "";

export function timeChoiceOf(value: string | undefined): TimeChoice {
  return timeSlots.find((slot) => slot.id === value)?.id ?? "";
}

/** The windows offered when the chosen one filled up: none when the answer is another. */
export function openWindowsAfter(result: LeadFormResult | undefined): OpenWindow[] | undefined {
  // The server's words may be Spanish: its open windows are what says the window filled up.
  return result?.status === "invalid" ? result.openWindows : undefined;
}

/**
 * What the dialog holds between renders. The date, time and description are the form's fields,
 * held here because availability and the safety notice read them as the visitor types.
 */
export interface ScheduleState {
  step: 1 | 2;
  selectedAppliance: ApplianceTypeId | undefined;
  booked: boolean;
  /** How many answers came back: each asks availability again (places may have gone). */
  answers: number;
  preferredDate: string;
  preferredTime: TimeChoice;
  /** The window the visitor had chosen and that is no longer open (unchecked). */
  droppedWindow: TimeSlotId | undefined;
  /** The windows offered instead of one that filled up (a 409), with or without JavaScript. */
  openWindows: OpenWindow[] | undefined;
  description: string;
}

export type ScheduleEvent =
  | { type: "appliance-picked"; appliance: ApplianceTypeId }
  | { type: "back" }
  | { type: "answered"; result: LeadFormResult }
  | { type: "date-chosen"; date: string }
  | { type: "time-chosen"; time: TimeSlotId }
  | { type: "open-window-picked"; window: OpenWindow }
  /** The chosen window is no longer open (availability said so): unchecked, and named. */
  | { type: "window-closed" }
  | { type: "described"; text: string }
  /** A draft of an earlier opening came back (schedule-draft.ts): its date, window, problem. */
  | { type: "draft-restored"; fields: Record<string, string> };

/** The dialog's first state: from the page's own answer (no JavaScript) or the address. */
export function initialScheduleState({
  values,
  pageResult,
  appliance,
}: {
  values: Record<string, string | undefined>;
  pageResult: LeadFormResult | undefined;
  appliance: ApplianceTypeId | undefined;
}): ScheduleState {
  const given = values.preferredDate ?? "";
  return {
    step: appliance ? 2 : 1,
    selectedAppliance: appliance,
    booked: false,
    answers: 0,
    preferredDate: parseTypedDate(given) ?? given,
    preferredTime: timeChoiceOf(values.preferredTime),
    droppedWindow: undefined,
    openWindows: openWindowsAfter(pageResult),
    description: values.description ?? "",
  };
}

export function scheduleReducer(state: ScheduleState, event: ScheduleEvent): ScheduleState {
  switch (event.type) {
    case "appliance-picked":
      return { ...state, selectedAppliance: event.appliance, step: 2 };
    case "back":
      return { ...state, step: 1 };
    case "answered":
      return {
        ...state,
        answers: state.answers + 1,
        booked: state.booked || event.result.status === "success",
        openWindows: openWindowsAfter(event.result),
      };
    case "date-chosen":
      return { ...state, preferredDate: event.date, droppedWindow: undefined };
    case "time-chosen":
      return {
        ...state,
        preferredTime: event.time,
        droppedWindow: undefined,
        openWindows: undefined,
      };
    case "open-window-picked":
      return {
        ...state,
        preferredDate: event.window.date,
        preferredTime: event.window.window,
        droppedWindow: undefined,
        openWindows: undefined,
      };
    case "window-closed":
      return state.preferredTime
        ? { ...state, preferredTime: "", droppedWindow: state.preferredTime }
        : state;
    case "described":
      return { ...state, description: event.text };
    case "draft-restored": {
      const { preferredDate = "", preferredTime, description = "" } = event.fields;
      return {
        ...state,
        preferredDate: parseTypedDate(preferredDate) ?? preferredDate,
        preferredTime: timeChoiceOf(preferredTime),
        description,
      };
    }
  }
}

/** The progress bar: 0 on step 1, half on step 2, full while sending and once booked. */
export function completedSteps(state: ScheduleState, sending: boolean): number {
  if (state.booked) return totalSteps;
  if (state.step === 1) return 0;
  return sending ? 2 : 1;
}
