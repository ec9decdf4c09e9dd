/**
 * Arranging a request's state directly in the database, for tests that start from a state no
 * journey reaches quickly (an old booking, a visit waiting for a part). The app itself changes a
 * request only through the door; these write the request's row, its current visit's, its
 * current job's and the ledger's row that settled it as the door does
 * (server/requests/request-rows.ts, server/requests/ledger.ts), so what the test reads back is what
 * the app reads.
 */
import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { PaymentFor, PaymentMethod } from "~/domain/after-the-job";

import type { Database, Transaction } from "../db/database";
import { serviceRequests } from "../db/schema";
import { writeLedger } from "../requests/ledger";
import {
  readRequest,
  splitColumns,
  writeJob,
  writeVisit,
  type RequestColumns,
  type ServiceRequestRow,
} from "../requests/request-rows";
import { earlierVisitsOf } from "../requests/visit-history";

type NewRequest = typeof serviceRequests.$inferInsert;

/**
 * The payment that settled the request's current job (a repair) or visit (a service call), as
 * the technician records one: a paid ledger row marked as settling it.
 */
export interface ArrangedPayment {
  method: PaymentMethod;
  cents: number;
  at: Date;
  for?: PaymentFor;
}

/** A request's columns, and the payment that settled it. */
export type ArrangedColumns = RequestColumns & { paid?: ArrangedPayment };

async function writePaid(
  tx: Transaction,
  id: string,
  current: { jobNumber: number; visitNumber: number },
  paid: ArrangedPayment,
): Promise<void> {
  await writeLedger(
    tx,
    id,
    current,
    [
      {
        add: {
          kind: "balance",
          paymentFor: paid.for ?? "repair",
          method: paid.method,
          amountCents: paid.cents,
          state: "paid",
          staffName: "Alex Rivera",
          idempotencyKey: `arranged:${randomUUID()}`,
          settles: true,
          settledAt: paid.at,
        },
      },
    ],
    paid.at,
  );
}

/** Stores a request with its current visit (`values` may hold both rows' columns). */
export async function insertRequest(
  db: Database,
  {
    paid,
    ...values
  }: Omit<NewRequest, keyof RequestColumns> & Pick<NewRequest, "id"> & ArrangedColumns,
): Promise<void> {
  const { request, visit, job } = splitColumns(values);
  await db.transaction(async (tx) => {
    await tx.insert(serviceRequests).values(request as NewRequest);
    const number = typeof request.visitNumber === "number" ? request.visitNumber : 1;
    await writeVisit(tx, values.id, number, visit);
    const jobNumber = typeof request.jobNumber === "number" ? request.jobNumber : 1;
    await writeJob(tx, values.id, jobNumber, job);
    if (paid) await writePaid(tx, values.id, { jobNumber, visitNumber: number }, paid);
  });
}

/** Writes `set` on the request `id` and its current visit, outside the door (no version, no news). */
export async function setRequest(
  db: Database,
  id: string,
  { paid, ...set }: ArrangedColumns,
): Promise<void> {
  const { request, visit, job } = splitColumns(set);
  await db.transaction(async (tx) => {
    if (Object.keys(request).length > 0) {
      await tx.update(serviceRequests).set(request).where(eq(serviceRequests.id, id));
    }
    const [row] = await tx
      .select({ visitNumber: serviceRequests.visitNumber, jobNumber: serviceRequests.jobNumber })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id));
    if (!row) throw new Error(`No service request ${id}`);
    await writeVisit(tx, id, row.visitNumber, visit);
    await writeJob(tx, id, row.jobNumber, job);
    if (paid) await writePaid(tx, id, row, paid);
  });
}

/** The request `id` as the app reads it (with its current visit); throws when there is none. */
export async function requestRow(db: Database, id: string): Promise<ServiceRequestRow> {
  const row = await readRequest(db, id);
  if (!row) throw new Error(`No service request ${id}`);
  return row;
}

/** The request's visits before its current one, oldest first. */
export async function earlierVisitRows(db: Database, id: string) {
  return earlierVisitsOf(db, await requestRow(db, id));
}
