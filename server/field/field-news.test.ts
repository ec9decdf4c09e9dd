import { expect, test } from "vitest";

import { onTheWayTelling, onTheWayToldPerVisit } from "./field-news";

const at = (time: string) => new Date(`2031-07-15T${time}:00Z`);

test("the first On my way of a visit is told, whatever was before it", () => {
  expect(
    onTheWayTelling({ fieldStatus: null, arrivingAt: null, toldThisVisit: 0 }, at("15:25")),
  ).toEqual({ tell: true });
  expect(
    onTheWayTelling({ fieldStatus: null, arrivingAt: at("15:25"), toldThisVisit: 0 }, at("15:25")),
  ).toEqual({ tell: true });
  // Nothing reached the homeowner yet (no email, texts off until now): the next one may.
  expect(
    onTheWayTelling(
      { fieldStatus: "on-the-way", arrivingAt: at("15:25"), toldThisVisit: 0 },
      at("15:25"),
    ),
  ).toEqual({ tell: true });
});

test("another On my way is told only when it moves the arrival by 30 minutes, either way", () => {
  const onTheWay = {
    fieldStatus: "on-the-way" as const,
    arrivingAt: at("15:25"),
    toldThisVisit: 1,
  };
  const notMoved = {
    tell: false,
    why: "the arrival moved less than 30 minutes",
  };
  expect(onTheWayTelling(onTheWay, at("15:25"))).toEqual(notMoved);
  expect(onTheWayTelling(onTheWay, at("15:40"))).toEqual(notMoved);
  expect(onTheWayTelling(onTheWay, at("15:54"))).toEqual(notMoved);
  expect(onTheWayTelling(onTheWay, at("14:56"))).toEqual(notMoved);
  expect(onTheWayTelling(onTheWay, at("15:55"))).toEqual({ tell: true });
  expect(onTheWayTelling(onTheWay, at("14:55"))).toEqual({ tell: true });
});

test("a visit's homeowner is told On my way 3 times at most, however far the time moves", () => {
  expect(onTheWayToldPerVisit).toBe(3);
  const told = (toldThisVisit: number) =>
    onTheWayTelling(
      { fieldStatus: "on-the-way", arrivingAt: at("15:25"), toldThisVisit },
      at("18:00"),
    );
  expect(told(2)).toEqual({ tell: true });
  expect(told(3)).toEqual({ tell: false, why: "told 3 times on this visit already" });
  expect(told(7)).toEqual({ tell: false, why: "told 3 times on this visit already" });
  // Even a visit booked again (its field state blank) stays within the visit's 3.
  expect(
    onTheWayTelling({ fieldStatus: null, arrivingAt: null, toldThisVisit: 3 }, at("15:25")),
  ).toEqual({ tell: false, why: "told 3 times on this visit already" });
});
