/**
 * New work found on a warranty visit: the repair it follows is paid and guaranteed, and the
 * technician finds something else wrong (not the repair's fault). Writing its estimate begins the
 * request's next job (`request_jobs`, ../requests/request-rows.ts), estimated, answered and paid on
 * its own, with its own receipt and warranty; the paid repair keeps its receipt and its warranty
 * holds meanwhile. The visit itself stays free: declined, the new work owes nothing (no service
 * call), and its technician records no payment.
 */
import type { ServiceRequestRow as Row } from "../requests/visit-changes";

/** The request's current job was begun on a warranty visit (its number 2 or more). */
export function beganOnWarrantyVisit(row: Pick<Row, "jobStartedOnVisit">): boolean {
  return row.jobStartedOnVisit !== null;
}

/**
 * The current visit is a warranty visit and the current job is one it follows, closed (the paid
 * repair, or new work declined on an earlier warranty visit): an estimate written now is new work,
 * the next job's.
 */
export function servesPaidRepair(
  row: Pick<
    Row,
    | "warrantyCallback"
    | "visitNumber"
    | "jobStartedOnVisit"
    | "paidAt"
    | "paymentFor"
    | "estimateDecision"
  >,
): boolean {
  if (!row.warrantyCallback || (row.jobStartedOnVisit ?? 0) >= row.visitNumber) return false;
  return row.paidAt !== null ? row.paymentFor !== "service-call" : newWorkDeclined(row);
}

/** New work estimated on a warranty visit and declined: nothing is owed for it. */
export function newWorkDeclined(row: Pick<Row, "jobStartedOnVisit" | "estimateDecision">): boolean {
  return beganOnWarrantyVisit(row) && row.estimateDecision === "declined";
}

/**
 * The service call a declined estimate of the current job costs: the office's fee for the repair's
 * job; none for new work on a warranty visit, which was free.
 */
export function serviceCallOfJob(
  row: Pick<Row, "jobStartedOnVisit">,
  serviceCallCents: number | null,
): number | null {
  return beganOnWarrantyVisit(row) ? null : serviceCallCents;
}
