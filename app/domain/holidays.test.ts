import { describe, expect, test } from "vitest";

import { federalHolidays } from "./holidays";

describe("federalHolidays", () => {
  test("2026, as the Office of Personnel Management lists it", () => {
    expect(federalHolidays(2026).map((holiday) => holiday.date)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03", // July 4 is a Saturday
      "2026-09-07",
      "2026-10-12",
      "2026-11-11",
      "2026-11-26",
      "2026-12-25",
    ]);
  });

  test("2027: a Saturday's holiday moves to the Friday, a Sunday's to the Monday", () => {
    const byLabel = Object.fromEntries(
      federalHolidays(2027).map((holiday) => [holiday.label, holiday.date]),
    );
    expect(byLabel["New Year's Day"]).toBe("2027-01-01");
    expect(byLabel["Juneteenth"]).toBe("2027-06-18"); // Saturday the 19th
    expect(byLabel["Independence Day"]).toBe("2027-07-05"); // Sunday the 4th
    expect(byLabel["Thanksgiving Day"]).toBe("2027-11-25");
    expect(byLabel["Christmas Day"]).toBe("2027-12-24"); // Saturday the 25th
    expect(byLabel["Memorial Day"]).toBe("2027-05-31");
  });
});
