/** The offices' time zones: a journey that books "today" must not straddle their midnight. */
const officeTimeZones = ["America/New_York", "America/Chicago"];
const midnightMargin = 3 * 60_000;

/**
 * How long until the nearest office midnight, when it is less than `midnightMargin` away
 * (a journey takes up to about a minute; one that booked "today" at 11:59 PM and read it back
 * at 12:00 AM would be refused a window in the past, rightly). Null otherwise.
 */
export function untilOfficeMidnight(now: Date): number | null {
  let nearest: number | null = null;
  for (const timeZone of officeTimeZones) {
    const clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    }).formatToParts(now);
    const part = (type: string) => Number(clock.find((item) => item.type === type)?.value ?? 0);
    const sinceMidnight = ((part("hour") * 60 + part("minute")) * 60 + part("second")) * 1000;
    const until = 24 * 60 * 60_000 - sinceMidnight - now.getMilliseconds();
    if (until <= midnightMargin && (nearest === null || until < nearest)) nearest = until;
  }
  return nearest;
}
