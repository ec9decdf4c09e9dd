/**
 * The Speed table of the owner's numbers: how soon the office acts on a web request. A web
 * request is one nobody took by phone; the office's first action is the first thing anyone
 * signed in did on it that the homeowner can feel (see `speedDefinitions`).
 */
import { sql } from "drizzle-orm";

import { stateBySlug, type StateSlug } from "~/content/states";
import type { NumbersRange, SpeedRow } from "~/domain/numbers";

import type { Database } from "../db/database";
import { officeList, rowsOf, withinRange } from "./queries";

/** The timeline's kinds that are the office acting on a request (not a merge, an erasure, a source). */
const actionKinds = [
  "status",
  "note",
  "email-resent",
  "text-resent",
  "field",
  "estimate",
  "payment",
];

/** Each office's row, then all of them together when there is more than one. */
export async function speedOf(
  db: Database,
  offices: readonly StateSlug[],
  range: NumbersRange,
): Promise<SpeedRow[]> {
  if (offices.length === 0) return [];
  const result = await db.execute(sql`
    with web as (
      select sr.office, sr.status,
        extract(epoch from (
          select min(e.at) from lead_events e
          where e.lead_id = sr.id
            and e.actor_id is not null
            and e.kind in (${sql.join(
              actionKinds.map((kind) => sql`${kind}`),
              sql`, `,
            )})
        ) - sr.created_at) / 60 as minutes
      from service_requests sr
      where sr.office in (${officeList(offices)})
        and sr.status <> 'spam'
        and sr.taken_by_id is null
        and ${withinRange(sql`sr.created_at`, offices, range)}
    )
    select office, grouping(office) as everyone,
      count(*)::int as requests,
      count(minutes)::int as answered,
      -- A request the homeowner cancelled before anyone acted waits for nobody.
      (count(*) filter (where minutes is null and status <> 'cancelled'))::int as waiting,
      percentile_cont(0.5) within group (order by minutes) as median
    from web
    group by grouping sets ((office), ())
  `);
  const rowOf = (row: Record<string, unknown>, office: string): SpeedRow => ({
    office,
    requests: Number(row.requests),
    answered: Number(row.answered),
    waiting: Number(row.waiting),
    medianMinutes: row.median === null ? null : Math.round(Number(row.median)),
  });
  const rows = rowsOf(result);
  const byOffice = rows
    .filter((row) => Number(row.everyone) === 0)
    .map((row) => rowOf(row, stateBySlug(row.office as StateSlug)?.name ?? String(row.office)))
    .sort((a, b) => a.office.localeCompare(b.office));
  const everyone = rows.find((row) => Number(row.everyone) === 1);
  return byOffice.length > 1 && everyone ? [...byOffice, rowOf(everyone, "All offices")] : byOffice;
}
