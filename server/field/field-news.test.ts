import { expect, test } from "vitest";

import { arrivalWorthTelling } from "./field-news";

const at = (time: string) => new Date(`2031-07-15T${time}:00Z`);

test("the first On my way is news, whatever was before it", () => {
  expect(arrivalWorthTelling({ fieldStatus: null, arrivingAt: null }, at("15:25"))).toBe(true);
  expect(arrivalWorthTelling({ fieldStatus: null, arrivingAt: at("15:25") }, at("15:25"))).toBe(
    true,
  );
});

test("another On my way is news only when it moves the arrival by 15 minutes, either way", () => {
  const onTheWay = { fieldStatus: "on-the-way" as const, arrivingAt: at("15:25") };
  expect(arrivalWorthTelling(onTheWay, at("15:25"))).toBe(false);
  expect(arrivalWorthTelling(onTheWay, at("15:39"))).toBe(false);
  expect(arrivalWorthTelling(onTheWay, at("15:11"))).toBe(false);
  expect(arrivalWorthTelling(onTheWay, at("15:40"))).toBe(true);
  expect(arrivalWorthTelling(onTheWay, at("15:10"))).toBe(true);
});
