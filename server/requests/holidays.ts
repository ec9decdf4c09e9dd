import { stateSlugs } from "~/content/states";
import { federalHolidays } from "~/domain/holidays";

import type { Database } from "../db/database";
import { officeClosedDays, officeHolidayYears } from "../db/schema";

/**
 * Federal holidays, Thanksgiving and Christmas among them, are closed days of every office by
 * default: each year's (this one and the next) are written into an office's closed days once,
 * from today on, and the year is marked. A holiday an owner opened again on /office/windows
 * stays open, one they renamed keeps its name, and two processes starting at once write once.
 */
export async function closeFederalHolidays(db: Database, now: Date): Promise<void> {
  // Yesterday in UTC: no office's today has passed it yet.
  const from = new Date(now.getTime() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  const year = now.getUTCFullYear();
  for (const holidayYear of [year, year + 1]) {
    await db.transaction(async (tx) => {
      const marked = await tx
        .insert(officeHolidayYears)
        .values(stateSlugs.map((office) => ({ office, year: holidayYear })))
        .onConflictDoNothing()
        .returning({ office: officeHolidayYears.office });
      const days = federalHolidays(holidayYear).filter((day) => day.date >= from);
      if (marked.length === 0 || days.length === 0) return;
      await tx
        .insert(officeClosedDays)
        .values(marked.flatMap(({ office }) => days.map((day) => ({ office, ...day }))))
        .onConflictDoNothing();
    });
  }
}
