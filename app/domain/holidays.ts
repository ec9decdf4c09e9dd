/** A day every office is closed unless an owner opens it (routes/office.windows.tsx). */
export interface Holiday {
  /** yyyy-mm-dd, the day it is observed. */
  date: string;
  label: string;
}

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** The `nth` given weekday (0 Sunday … 6 Saturday) of a month; nth -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return iso(year, month, 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return iso(year, month, lastDay.getUTCDate() - back);
}

/** A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after. */
function observed(year: number, month: number, day: number): string {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return iso(year, month, weekday === 6 ? day - 1 : weekday === 0 ? day + 1 : day);
}

/** The eleven US federal holidays of a year (5 U.S.C. 6103), on their observed days. */
export function federalHolidays(year: number): Holiday[] {
  return [
    { date: observed(year, 1, 1), label: "New Year's Day" },
    { date: nthWeekday(year, 1, 1, 3), label: "Martin Luther King Jr. Day" },
    { date: nthWeekday(year, 2, 1, 3), label: "Washington's Birthday" },
    { date: nthWeekday(year, 5, 1, -1), label: "Memorial Day" },
    { date: observed(year, 6, 19), label: "Juneteenth" },
    { date: observed(year, 7, 4), label: "Independence Day" },
    { date: nthWeekday(year, 9, 1, 1), label: "Labor Day" },
    { date: nthWeekday(year, 10, 1, 2), label: "Columbus Day" },
    { date: observed(year, 11, 11), label: "Veterans Day" },
    { date: nthWeekday(year, 11, 4, 4), label: "Thanksgiving Day" },
    { date: observed(year, 12, 25), label: "Christmas Day" },
  ];
}

/** Whether a yyyy-mm-dd is a federal holiday (as observed) of its year or the next. */
export function isFederalHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return [year, year + 1].some((candidate) =>
    federalHolidays(candidate).some((holiday) => holiday.date === date),
  );
}
