import { describe, expect, test } from "vitest";

import { windowFilledMessage, type OpenWindow } from "~/domain/availability";

import {
  completedSteps,
  initialScheduleState,
  scheduleReducer,
  type ScheduleEvent,
  type ScheduleState,
} from "./schedule-state";

const start = (appliance?: "washer") =>
  initialScheduleState({ values: {}, pageResult: undefined, appliance });

const run = (state: ScheduleState, ...events: ScheduleEvent[]) =>
  events.reduce(scheduleReducer, state);

const nextOpen: OpenWindow = {
  date: "2031-07-16",
  window: "afternoon",
  label: "Wed, Jul 16, 12:00 PM - 4:00 PM",
};

describe("the schedule dialog's state", () => {
  test("step 1 until an appliance is picked (or named by the address); Back keeps what was typed", () => {
    expect(start().step).toBe(1);
    expect(start("washer").step).toBe(2);
    const typed = run(
      start(),
      { type: "appliance-picked", appliance: "washer" },
      { type: "date-chosen", date: "2031-07-15" },
      { type: "time-chosen", time: "morning" },
      { type: "back" },
    );
    expect(typed).toMatchObject({
      step: 1,
      selectedAppliance: "washer",
      preferredDate: "2031-07-15",
      preferredTime: "morning",
    });
  });

  test("a window that closes is unchecked and named, until another is chosen", () => {
    const closed = run(
      start("washer"),
      { type: "date-chosen", date: "2031-07-15" },
      { type: "time-chosen", time: "morning" },
      { type: "window-closed" },
    );
    expect(closed).toMatchObject({ preferredTime: "", droppedWindow: "morning" });
    expect(run(closed, { type: "window-closed" })).toBe(closed);
    expect(run(closed, { type: "time-chosen", time: "evening" }).droppedWindow).toBeUndefined();
  });

  test("a window that filled up offers the next open ones; picking one sets date and time", () => {
    const refused = run(start("washer"), {
      type: "answered",
      result: {
        form: "serviceRequest",
        values: {},
        status: "invalid",
        fieldErrors: { preferredTime: windowFilledMessage },
        openWindows: [nextOpen],
      },
    });
    expect(refused).toMatchObject({ answers: 1, booked: false, openWindows: [nextOpen] });
    expect(run(refused, { type: "open-window-picked", window: nextOpen })).toMatchObject({
      preferredDate: "2031-07-16",
      preferredTime: "afternoon",
      openWindows: undefined,
    });
  });

  test("the progress bar: none on step 1, half on step 2, full while sending and once booked", () => {
    const second = start("washer");
    expect(completedSteps(start(), false)).toBe(0);
    expect(completedSteps(second, false)).toBe(1);
    expect(completedSteps(second, true)).toBe(2);
    const booked = run(second, {
      type: "answered",
      result: { form: "serviceRequest", values: {}, status: "success" },
    });
    expect(booked.booked).toBe(true);
    expect(completedSteps(booked, false)).toBe(2);
  });
});
