/**
 * The Technicians table of the owner's numbers: what each technician's visits did, by the
 * definitions printed under it (`technicianDefinitions`). The requests any of whose visits or
 * jobs fall in the range are read with all their visits, jobs, payments and review, and counted
 * here: which job a visit belongs to, who shares a job and whether a callback followed depend on
 * the request's whole history, not on one row.
 */
import { sql } from "drizzle-orm";

import type { StateSlug } from "~/content/states";
import type { NumbersRange, TechnicianRow } from "~/domain/numbers";

import type { Database } from "../db/database";
import { netPaid } from "../requests/ledger";
import { jobSettlement } from "../requests/request-rows";
import { addDays } from "../requests/windows";
import { officeDayOf, officeList, rowsOf } from "./queries";

/** The field states of a visit the technician worked (came to the house). */
const worked = new Set(["arrived", "done", "needs-part", "cant-fix"]);

interface Visit {
  number: number;
  technicianId: string | null;
  technician: string;
  fieldStatus: string | null;
  doneAt: Date | null;
  /** Done's day in the request's office ("2031-03-21"). */
  doneDay: string | null;
  date: string | null;
  warrantyCallback: boolean;
}

interface Job {
  number: number;
  firstVisit: number;
  paidAt: Date | null;
  paidDay: string | null;
  paymentCents: number;
  /** Cents: its payments less its refunds. */
  revenueCents: number;
  estimateDecision: string | null;
  decidedDay: string | null;
}

interface RequestHistory {
  office: StateSlug;
  visits: Visit[];
  jobs: Job[];
  review: { technicianId: string | null; rating: number } | null;
}

interface Tally {
  name: string;
  completed: number;
  revenueCents: number;
  /** Paid jobs, a shared one counted as the technician's share of it. */
  paidJobs: number;
  estimatesDecided: number;
  estimatesApproved: number;
  firstVisits: number;
  firstVisitFixes: number;
  /** Repairs done (callbacks left out), credited to the job's first technician. */
  repairs: number;
  callbacks: number;
  /** Repairs the technician did themselves: the review rate's whole. */
  repairsDone: number;
  reviews: number;
  ratingTotal: number;
  doneToPaidMinutes: number[];
}

/** Each technician's row over `range` in `offices` (see `technicianDefinitions`). */
export async function techniciansOf(
  db: Database,
  offices: readonly StateSlug[],
  range: NumbersRange,
): Promise<TechnicianRow[]> {
  if (offices.length === 0) return [];
  const histories = await historiesOf(db, offices, range);
  const tallies = new Map<string, Tally>();
  const tallyOf = (id: string, name: string) => {
    let tally = tallies.get(id);
    if (!tally) {
      tally = {
        name,
        completed: 0,
        revenueCents: 0,
        paidJobs: 0,
        estimatesDecided: 0,
        estimatesApproved: 0,
        firstVisits: 0,
        firstVisitFixes: 0,
        repairs: 0,
        callbacks: 0,
        repairsDone: 0,
        reviews: 0,
        ratingTotal: 0,
        doneToPaidMinutes: [],
      };
      tallies.set(id, tally);
    }
    return tally;
  };

  for (const history of histories) {
    // A request never estimated or paid has no job row: its visits are its first job's.
    if (history.jobs.length === 0) history.jobs.push(unpaidFirstJob);
    const inRange = (day: string | null) => day !== null && day >= range.from && day <= range.to;
    const jobOf = (visit: Visit) =>
      history.jobs.findLast((job) => job.firstVisit <= visit.number) ?? null;
    const visitsOf = (job: Job) => history.visits.filter((visit) => jobOf(visit) === job);
    const named = (visit: Visit | undefined) =>
      visit?.technicianId ? tallyOf(visit.technicianId, visit.technician) : null;
    // Each warranty callback is on the repair Done last before it, and on no other.
    const calledBack = new Set<number>();
    for (const callback of history.visits.filter((visit) => visit.warrantyCallback)) {
      const repair = history.visits.findLast(
        (visit) =>
          visit.number < callback.number && visit.fieldStatus === "done" && !visit.warrantyCallback,
      );
      if (repair) calledBack.add(repair.number);
    }
    // The request's one review, about its technician: counted once, on their first repair Done.
    const reviewed = history.visits.find(
      (visit) =>
        visit.fieldStatus === "done" &&
        !visit.warrantyCallback &&
        visit.technicianId !== null &&
        visit.technicianId === history.review?.technicianId,
    );

    for (const visit of history.visits) {
      const tally = named(visit);
      if (!tally || visit.fieldStatus !== "done" || !inRange(visit.doneDay)) continue;
      tally.completed += 1;
      if (visit.warrantyCallback) continue;
      const job = jobOf(visit);
      // A repair: callbacks after it are the first technician's of its job; its review and the
      // wait for its payment are the technician's who did it.
      const first = named(job ? visitsOf(job).find((candidate) => candidate.technicianId) : visit);
      if (first) {
        first.repairs += 1;
        if (calledBack.has(visit.number)) first.callbacks += 1;
      }
      tally.repairsDone += 1;
      if (history.review && reviewed === visit) {
        tally.reviews += 1;
        tally.ratingTotal += history.review.rating;
      }
      if (job?.paidAt && visit.doneAt && job.paidAt >= visit.doneAt) {
        tally.doneToPaidMinutes.push((job.paidAt.getTime() - visit.doneAt.getTime()) / 60_000);
      }
    }

    for (const job of history.jobs) {
      const visits = visitsOf(job);
      const firstVisit = visits.find((visit) => visit.technicianId);
      // Paid revenue, split evenly between the technicians who worked the job's visits (a free
      // callback on it is no share of it).
      if (job.paidAt && job.paymentCents > 0 && job.revenueCents > 0 && inRange(job.paidDay)) {
        const sharing = new Map<string, string>();
        for (const visit of visits) {
          if (
            visit.technicianId &&
            worked.has(visit.fieldStatus ?? "") &&
            !(visit.warrantyCallback && visit.number !== job.firstVisit)
          ) {
            sharing.set(visit.technicianId, visit.technician);
          }
        }
        for (const [id, name] of sharing) {
          const tally = tallyOf(id, name);
          tally.revenueCents += job.revenueCents / sharing.size;
          tally.paidJobs += 1 / sharing.size;
        }
      }
      // The estimate, the first visit's technician's; decided in the range.
      const estimator = named(firstVisit);
      if (estimator && job.estimateDecision && inRange(job.decidedDay)) {
        estimator.estimatesDecided += 1;
        if (job.estimateDecision === "approved") estimator.estimatesApproved += 1;
      }
      // The job's first visit: fixed there, or not (a part, can't fix, a callback after).
      const first = firstVisit && worked.has(firstVisit.fieldStatus ?? "") ? firstVisit : null;
      const firstTally = named(first ?? undefined);
      if (first && firstTally && !first.warrantyCallback) {
        const ended =
          first.fieldStatus === "done"
            ? inRange(first.doneDay)
            : first.fieldStatus !== "arrived" &&
              first.date !== null &&
              first.date >= range.from &&
              first.date <= range.to;
        if (ended) {
          firstTally.firstVisits += 1;
          if (first.fieldStatus === "done" && !calledBack.has(first.number)) {
            firstTally.firstVisitFixes += 1;
          }
        }
      }
    }
  }

  return [...tallies.values()]
    .filter(
      (tally) =>
        tally.completed > 0 ||
        tally.paidJobs > 0 ||
        tally.estimatesDecided > 0 ||
        tally.firstVisits > 0 ||
        tally.repairs > 0,
    )
    .map((tally) => ({
      technician: tally.name,
      completed: tally.completed,
      revenueCents: Math.round(tally.revenueCents),
      averageTicketCents:
        tally.paidJobs > 0 ? Math.round(tally.revenueCents / tally.paidJobs) : null,
      estimates: { approved: tally.estimatesApproved, decided: tally.estimatesDecided },
      firstVisitFix: { fixed: tally.firstVisitFixes, of: tally.firstVisits },
      callbacks: { callbacks: tally.callbacks, of: tally.repairs },
      reviews: {
        reviews: tally.reviews,
        of: tally.repairsDone,
        averageRating: tally.reviews > 0 ? tally.ratingTotal / tally.reviews : null,
      },
      medianDoneToPaidMinutes: median(tally.doneToPaidMinutes),
    }))
    .sort((a, b) => b.completed - a.completed || a.technician.localeCompare(b.technician));
}

const unpaidFirstJob: Job = {
  number: 1,
  firstVisit: 1,
  paidAt: null,
  paidDay: null,
  paymentCents: 0,
  revenueCents: 0,
  estimateDecision: null,
  decidedDay: null,
};

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value);
}

/**
 * The requests of `offices` with a visit done or booked, a job paid or an estimate decided
 * within a day of the range (the office's own day decides later), each with its whole history.
 */
async function historiesOf(
  db: Database,
  offices: readonly StateSlug[],
  range: NumbersRange,
): Promise<RequestHistory[]> {
  const after = `${addDays(range.from, -1)}T00:00:00Z`;
  const before = `${addDays(range.to, 2)}T00:00:00Z`;
  const picked = rowsOf(
    await db.execute(sql`
      select sr.id, sr.office from service_requests sr
      where sr.office in (${officeList(offices)}) and sr.status <> 'spam'
        and sr.id in (
          select v.request_id from request_visits v
          where (v.done_at >= ${after}::timestamptz and v.done_at < ${before}::timestamptz)
            or v.date between ${range.from}::date and ${range.to}::date
          union
          select p.request_id from payments p
          where p.settles and p.settled_at >= ${after}::timestamptz and p.settled_at < ${before}::timestamptz
          union
          select j.request_id from request_jobs j
          where (j.estimate_decided_at >= ${after}::timestamptz
              and j.estimate_decided_at < ${before}::timestamptz)
        )
    `),
  );
  if (picked.length === 0) return [];
  // One parameter, an array of uuids: a year's requests would be thousands of parameters.
  const ids = sql`any(${`{${picked.map((row) => row.id as string).join(",")}}`}::uuid[])`;
  const [visits, jobs, reviews] = await Promise.all([
    db.execute(sql`
      select v.request_id, v.number, v.technician_id,
        coalesce(s.name, v.technician, '') as technician,
        v.field_status, v.done_at, ${officeDayOf(sql`v.done_at`, offices)}::text as done_day,
        v.date::text as date, v.warranty_callback
      from request_visits v
      join service_requests sr on sr.id = v.request_id
      left join staff_users s on s.id = v.technician_id
      where v.request_id = ${ids}
      order by v.request_id, v.number
    `),
    db.execute(sql`
      select j.request_id, j.number, coalesce(j.started_on_visit, 1) as first_visit,
        paid.paid_at, ${officeDayOf(sql`paid.paid_at`, offices)}::text as paid_day,
        coalesce(paid.cents, 0) as payment_cents,
        j.estimate_decision, ${officeDayOf(sql`j.estimate_decided_at`, offices)}::text as decided_day,
        ${netPaid(sql`p.request_id = j.request_id and p.job_number = j.number`)} as revenue
      from request_jobs j
      join service_requests sr on sr.id = j.request_id
      left join lateral ${jobSettlement(sql`j.request_id`, sql`j.number`, "paid")} on true
      where j.request_id = ${ids}
      order by j.request_id, j.number
    `),
    db.execute(sql`
      select r.request_id, r.technician_id, r.rating
      from reviews r where r.request_id = ${ids}
    `),
  ]);
  const officeOf = new Map(picked.map((row) => [row.id as string, row.office as StateSlug]));
  const histories = new Map<string, RequestHistory>();
  for (const row of rowsOf(visits)) {
    const id = row.request_id as string;
    let history = histories.get(id);
    if (!history) {
      history = {
        office: officeOf.get(id)!,
        visits: [],
        jobs: [],
        review: null,
      };
      histories.set(id, history);
    }
    history.visits.push({
      number: Number(row.number),
      technicianId: (row.technician_id as string | null) ?? null,
      technician: String(row.technician),
      fieldStatus: (row.field_status as string | null) ?? null,
      doneAt: row.done_at ? new Date(row.done_at as string) : null,
      doneDay: (row.done_day as string | null) ?? null,
      date: row.date ? String(row.date).slice(0, 10) : null,
      warrantyCallback: row.warranty_callback === true,
    });
  }
  for (const row of rowsOf(jobs)) {
    histories.get(row.request_id as string)?.jobs.push({
      number: Number(row.number),
      firstVisit: Number(row.first_visit),
      paidAt: row.paid_at ? new Date(row.paid_at as string) : null,
      paidDay: (row.paid_day as string | null) ?? null,
      paymentCents: Number(row.payment_cents),
      revenueCents: Number(row.revenue),
      estimateDecision: (row.estimate_decision as string | null) ?? null,
      decidedDay: (row.decided_day as string | null) ?? null,
    });
  }
  for (const row of rowsOf(reviews)) {
    const history = histories.get(row.request_id as string);
    if (history) {
      history.review = {
        technicianId: (row.technician_id as string | null) ?? null,
        rating: Number(row.rating),
      };
    }
  }
  return [...histories.values()];
}
