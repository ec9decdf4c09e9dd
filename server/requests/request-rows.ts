/**
 * A service request as the app reads it: the request's row with its current visit's (the row of
 * `request_visits` numbered the request's `visitNumber`), under the names the visit's columns had
 * when they were the request's (`scheduledDate`, `technicianId`, `fieldStatus`, ...), its current
 * job's (`request_jobs`, numbered its `jobNumber`: the estimate, the warranty), under theirs, and
 * its settlement, read from the ledger (`paymentMethod`, `paymentCents`, `paidAt`, `paymentFor`,
 * `noChargeReason`). Every reader selects `requestRowColumns` through `fromRequests`; only the
 * door (./request-door.ts) writes, and it splits a change between the rows with `splitColumns`.
 */
import { and, desc, eq, getTableColumns, lt, sql, type Column, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";

import type { PaymentFor, PaymentMethod } from "~/domain/after-the-job";

import type { Database, Transaction } from "../db/database";
import { payments, requestJobs, requestVisits, serviceRequests } from "../db/schema";
import { netPaid } from "./ledger";

/** Each of the current visit's columns, by the name a request row gives it. */
const visitColumnNames = {
  scheduledDate: "date",
  scheduledWindow: "window",
  technician: "technician",
  technicianId: "technicianId",
  fieldStatus: "fieldStatus",
  arrivingAt: "arrivingAt",
  partNeeded: "partNeeded",
  cantFixReason: "cantFixReason",
  cantFixCallRecordedAt: "cantFixCallRecordedAt",
  workDone: "workDone",
  partsUsed: "partsUsed",
  amountChargedCents: "amountChargedCents",
  doneAt: "doneAt",
  warrantyCallback: "warrantyCallback",
  callbackProblem: "callbackProblem",
  callbackPhotoId: "callbackPhotoId",
  visitNoChargeAt: "noChargeAt",
  visitNoChargeReason: "noChargeReason",
} as const satisfies Record<string, keyof typeof requestVisits.$inferSelect>;

/** Each of the current job's columns, by the name a request row gives it. */
const jobColumnNames = {
  jobStartedOnVisit: "startedOnVisit",
  estimateLines: "estimateLines",
  estimateAt: "estimateAt",
  estimateDecision: "estimateDecision",
  estimateDecidedBy: "estimateDecidedBy",
  estimateDecidedAt: "estimateDecidedAt",
  estimateDecidedOn: "estimateDecidedOn",
  partPriceCents: "partPriceCents",
  depositCents: "depositCents",
  warrantyDays: "warrantyDays",
  warrantyEnds: "warrantyEnds",
} as const satisfies Record<string, keyof typeof requestJobs.$inferSelect>;

type JobColumnNames = typeof jobColumnNames;
type JobField = keyof JobColumnNames;
type JobRow = typeof requestJobs.$inferSelect;
/** A job's own columns, as values (they are inserted when the job's row is new). */
type JobSet = Partial<Omit<typeof requestJobs.$inferInsert, "requestId" | "number">>;

type VisitColumnNames = typeof visitColumnNames;
export type VisitField = keyof VisitColumnNames;
type VisitRow = typeof requestVisits.$inferSelect;
/** A visit's own columns, as values (they are inserted when the visit's row is new). */
type VisitSet = Partial<Omit<typeof requestVisits.$inferInsert, "requestId" | "number">>;

/**
 * How the request's job (a repair) or its current visit (the service call after Can't fix) was
 * settled, read from the ledger: the payment that settled it (`payments.settles`), or the visit's
 * no charge. All null while it is not.
 */
export interface Settlement {
  /** Cash, check or card; null for no charge. */
  paymentMethod: PaymentMethod | null;
  /** What was paid in all by then (a repair's deposits and part payments included); 0 for no charge. */
  paymentCents: number | null;
  /** When it was settled. */
  paidAt: Date | null;
  paymentFor: PaymentFor | null;
  /** Why the service call was not charged ("" once erased); null when it was paid. */
  noChargeReason: string | null;
}

/** A request with its current visit: what every reader of a request gets. */
export type ServiceRequestRow = typeof serviceRequests.$inferSelect & {
  [Field in VisitField]: Field extends "warrantyCallback"
    ? boolean
    : VisitRow[VisitColumnNames[Field]] | null;
} & { [Field in JobField]: JobRow[JobColumnNames[Field]] | null } & Settlement;

/** The columns a change may write: the request's, its current visit's and its current job's; the version is the door's. */
export type RequestColumns = Omit<
  PgUpdateSetSource<typeof serviceRequests>,
  "id" | "version" | "createdAt"
> & { [Field in VisitField]?: VisitSet[VisitColumnNames[Field]] } & {
  [Field in JobField]?: JobSet[JobColumnNames[Field]];
};

/** The current visit's row beside its request (a request never booked may have none). */
export const currentVisit: SQL = and(
  eq(requestVisits.requestId, serviceRequests.id),
  eq(requestVisits.number, serviceRequests.visitNumber),
) as SQL;

/** The current job's row beside its request (none until something was estimated or paid). */
export const currentJob: SQL = and(
  eq(requestJobs.requestId, serviceRequests.id),
  eq(requestJobs.number, serviceRequests.jobNumber),
) as SQL;

/**
 * Every payment that settled a job (its repair) or a visit (its service call), as a table: its
 * request, job and visit, what it paid for, how, when (`paid_at`), and what was paid in all by
 * then (`cents`): the rows it covers (a repair's deposits and part payments on the job, the
 * visit's service call), refunds made by then taken off. A refund made later leaves it as it was
 * (the receipt lists the refund; the owner's numbers count it when it was made).
 */
export const settlements: SQL = sql`(
  select s.request_id, s.job_number, s.visit_number, s.payment_for, s.method,
    s.settled_at as paid_at,
    ${netPaid(sql`p.request_id = s.request_id
      and p.payment_for = s.payment_for
      and p.settled_at <= s.settled_at
      and case when s.payment_for = 'repair' then p.job_number = s.job_number
        else p.visit_number = s.visit_number end`)}::int as cents
  from ${payments} s
  where s.settles and s.state in ('paid', 'refunded'))`;

/**
 * The latest settlement of the job `jobNumber` of the request `requestId` (the outer query's
 * columns), its repair or a visit's service call, as a subquery named `alias` to join laterally
 * (`alias.method`, `.paid_at`, `.payment_for`, `.cents`): the owner's numbers and the earlier
 * jobs' receipts read a job paid from it.
 */
export function jobSettlement(
  requestId: SQL | Column,
  jobNumber: SQL | Column,
  alias: string,
): SQL {
  return sql`(
    select st.method, st.paid_at, st.payment_for, st.cents
    from ${settlements} st
    where st.request_id = ${requestId} and st.job_number = ${jobNumber}
    order by st.paid_at desc
    limit 1) ${sql.identifier(alias)}`;
}

/**
 * The latest settlement of the service call of visit `visitNumber` of the request `requestId`
 * (the outer query's columns), as a subquery named `alias` to join laterally (`alias.method`,
 * `.paid_at`, `.cents`): an ended visit's line in the history says it.
 */
export function visitServiceCall(
  requestId: SQL | Column,
  visitNumber: SQL | Column,
  alias: string,
): SQL {
  return sql`(
    select st.method, st.paid_at, st.cents
    from ${settlements} st
    where st.request_id = ${requestId} and st.payment_for = 'service-call'
      and st.visit_number = ${visitNumber}
    order by st.paid_at desc
    limit 1) ${sql.identifier(alias)}`;
}

/** Whether the repair of the job `jobNumber` of the request `requestId` was paid, as SQL. */
export function repairSettled(requestId: SQL | Column, jobNumber: SQL | Column): SQL {
  return sql`exists (
    select 1 from ${payments} s
    where s.request_id = ${requestId} and s.job_number = ${jobNumber}
      and s.payment_for = 'repair' and s.settles and s.state in ('paid', 'refunded'))`;
}

/**
 * The request's settlement (`settlement.method`, `.paid_at`, `.payment_for`, `.cents`): its
 * current job's repair paid, or its current visit's service call; the latest if both.
 */
const currentSettlement: SQL = sql`(
  select st.method, st.paid_at, st.payment_for, st.cents
  from ${settlements} st
  where st.request_id = ${serviceRequests.id}
    and ((st.payment_for = 'repair' and st.job_number = ${serviceRequests.jobNumber})
      or (st.payment_for = 'service-call' and st.visit_number = ${serviceRequests.visitNumber}))
  order by st.paid_at desc
  limit 1) settlement`;

/** The settlement's fields of a row joined with `currentSettlement` and its current visit. */
const settlementColumns = {
  paymentMethod: sql<PaymentMethod | null>`settlement.method`,
  paymentCents: sql<
    number | null
  >`coalesce(settlement.cents, case when ${requestVisits.noChargeAt} is not null then 0 end)`,
  paidAt: sql<Date | null>`coalesce(settlement.paid_at, ${requestVisits.noChargeAt})`.mapWith(
    payments.settledAt,
  ),
  paymentFor: sql<PaymentFor | null>`coalesce(settlement.payment_for,
    case when ${requestVisits.noChargeAt} is not null then 'service-call' end)`,
  noChargeReason: sql<
    string | null
  >`case when settlement.paid_at is null then ${requestVisits.noChargeReason} end`,
} satisfies Record<keyof Settlement, unknown>;

/** What a reader selects for a whole `ServiceRequestRow`. */
export const requestRowColumns = {
  ...getTableColumns(serviceRequests),
  scheduledDate: requestVisits.date,
  scheduledWindow: requestVisits.window,
  technician: requestVisits.technician,
  technicianId: requestVisits.technicianId,
  fieldStatus: requestVisits.fieldStatus,
  arrivingAt: requestVisits.arrivingAt,
  partNeeded: requestVisits.partNeeded,
  cantFixReason: requestVisits.cantFixReason,
  cantFixCallRecordedAt: requestVisits.cantFixCallRecordedAt,
  workDone: requestVisits.workDone,
  partsUsed: requestVisits.partsUsed,
  amountChargedCents: requestVisits.amountChargedCents,
  doneAt: requestVisits.doneAt,
  warrantyCallback: sql<boolean>`coalesce(${requestVisits.warrantyCallback}, false)`,
  callbackProblem: requestVisits.callbackProblem,
  callbackPhotoId: requestVisits.callbackPhotoId,
  visitNoChargeAt: requestVisits.noChargeAt,
  visitNoChargeReason: requestVisits.noChargeReason,
  jobStartedOnVisit: requestJobs.startedOnVisit,
  estimateLines: requestJobs.estimateLines,
  estimateAt: requestJobs.estimateAt,
  estimateDecision: requestJobs.estimateDecision,
  estimateDecidedBy: requestJobs.estimateDecidedBy,
  estimateDecidedAt: requestJobs.estimateDecidedAt,
  estimateDecidedOn: requestJobs.estimateDecidedOn,
  partPriceCents: requestJobs.partPriceCents,
  depositCents: requestJobs.depositCents,
  warrantyDays: requestJobs.warrantyDays,
  warrantyEnds: requestJobs.warrantyEnds,
  ...settlementColumns,
} satisfies Record<VisitField | JobField | keyof Settlement, unknown> & Record<string, unknown>;

/** Whole request rows (with their current visits and jobs), to be filtered with `where`. */
export function fromRequests(db: Database | Transaction) {
  return db
    .select(requestRowColumns)
    .from(serviceRequests)
    .leftJoin(requestVisits, currentVisit)
    .leftJoin(requestJobs, currentJob)
    .leftJoinLateral(currentSettlement, sql`true`)
    .$dynamic();
}

/** The request `id` with its current visit and job, or null. */
export async function readRequest(
  db: Database | Transaction,
  id: string,
): Promise<ServiceRequestRow | null> {
  const [row] = await fromRequests(db).where(eq(serviceRequests.id, id));
  return row ?? null;
}

/**
 * The request as it stood at each of its paid jobs before the current one, the latest first: the
 * request's row with that job's columns (and number) and its settlement, which is what its
 * receipt is made from. None while the request has one job.
 */
export async function earlierPaidJobsOf(
  db: Database | Transaction,
  row: ServiceRequestRow,
): Promise<ServiceRequestRow[]> {
  if (row.jobNumber <= 1) return [];
  const jobs = await db
    .select({
      job: requestJobs,
      paymentMethod: sql<PaymentMethod>`settlement.method`,
      paymentCents: sql<number>`settlement.cents`,
      paidAt: sql<Date>`settlement.paid_at`.mapWith(payments.settledAt),
      paymentFor: sql<PaymentFor>`settlement.payment_for`,
    })
    .from(requestJobs)
    .innerJoinLateral(
      jobSettlement(requestJobs.requestId, requestJobs.number, "settlement"),
      sql`true`,
    )
    .where(and(eq(requestJobs.requestId, row.id), lt(requestJobs.number, row.jobNumber)))
    .orderBy(desc(requestJobs.number));
  return jobs.map(({ job, ...settlement }) =>
    asOfJob(row, job, { ...settlement, noChargeReason: null }),
  );
}

/** `row` with `job`'s columns and `settlement` in place of its current job's. */
function asOfJob(row: ServiceRequestRow, job: JobRow, settlement: Settlement): ServiceRequestRow {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(jobColumnNames)) columns[field] = job[column];
  return {
    ...row,
    ...(columns as Pick<ServiceRequestRow, JobField>),
    ...settlement,
    jobNumber: job.number,
  };
}

/**
 * Locks the request `id` for the rest of the transaction and reads it with its current visit, or
 * null when there is none (or `where`, which may name the visit's columns, does not hold). The
 * read is a statement of its own, after the lock: a locking read that joined the visit would see
 * the request as the change it waited for left it, but the visit as it was before (PostgreSQL's
 * read committed), so a callback just booked would read as none.
 */
export async function lockRequestRow(
  tx: Transaction,
  id: string,
  where?: SQL,
): Promise<ServiceRequestRow | null> {
  const [locked] = await tx
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .for("update");
  if (!locked) return null;
  const [row] = await fromRequests(tx).where(and(eq(serviceRequests.id, id), where));
  return row ?? null;
}

/** A change's columns, split between the request's row, its current visit's and its current job's. */
export function splitColumns(set: RequestColumns): {
  request: RequestTableSet;
  visit: VisitSet;
  job: JobSet;
} {
  const request: Record<string, unknown> = {};
  const visit: Record<string, unknown> = {};
  const job: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(set)) {
    if (value === undefined) continue;
    if (Object.hasOwn(visitColumnNames, field)) {
      visit[visitColumnNames[field as VisitField]] = value;
    } else if (Object.hasOwn(jobColumnNames, field)) {
      job[jobColumnNames[field as JobField]] = value;
    } else {
      request[field] = value;
    }
  }
  return { request: request as RequestTableSet, visit: visit as VisitSet, job: job as JobSet };
}

type RequestTableSet = PgUpdateSetSource<typeof serviceRequests>;

/** Writes `job` on job `number` of request `requestId`, the row made at the job's first write. */
export async function writeJob(
  tx: Transaction,
  requestId: string,
  number: number,
  job: JobSet,
): Promise<void> {
  if (Object.keys(job).length === 0) return;
  await tx
    .insert(requestJobs)
    .values({ ...job, requestId, number })
    .onConflictDoUpdate({ target: [requestJobs.requestId, requestJobs.number], set: job });
}

/**
 * Writes `visit` on visit `number` of request `requestId`, the row made when it is the visit's
 * first write (the first booking, the next visit started).
 */
export async function writeVisit(
  tx: Transaction,
  requestId: string,
  number: number,
  visit: VisitSet,
): Promise<void> {
  const row = tx.insert(requestVisits).values({ ...visit, requestId, number });
  const target = [requestVisits.requestId, requestVisits.number];
  if (Object.keys(visit).length === 0) await row.onConflictDoNothing({ target });
  else await row.onConflictDoUpdate({ target, set: visit });
}
