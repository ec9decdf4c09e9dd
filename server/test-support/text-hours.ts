// A clock for tests that send texts: texts wait out quiet hours, so on real time such tests
// failed every night.

/** The hour in Houston at an instant. */
export function houstonHour(instant: number) {
  return Number(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      hour: "numeric",
      hourCycle: "h23",
    }).format(new Date(instant)),
  );
}

/**
 * How far ahead the app's clock runs: nothing within Houston's text hours (8:00 to 20:00, with an
 * hour to spare before 21:00), else to the next 9:00 there. Texts wait out quiet hours, so on
 * real time these tests failed every night; ahead, never behind, what the database stamps with
 * its own now() is already due.
 */
export const daytimeShiftMs = (() => {
  const now = Date.now();
  if (houstonHour(now) >= 8 && houstonHour(now) < 20) return 0;
  let nine = now - (now % (60 * 60 * 1000));
  while (houstonHour(nine) !== 9) nine += 60 * 60 * 1000;
  return nine - now;
})();
