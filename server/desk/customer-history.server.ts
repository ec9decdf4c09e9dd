/**
 * The customer behind a request, as the lead page shows them: the same customer's other requests
 * in the desk's offices (a request joins its customer when it is stored: server/customers/).
 * "Returning customer" when there is an earlier one, "Customer since Mar 2026", and each earlier
 * request with its appliance (brand, model and serial as Done recorded them), the work done, what
 * was paid and the warranty. A read of the desk's own requests: the web's visitor is shown nothing
 * of it (issue 37, point 3).
 */
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";

import { profileForState } from "~/content/company";
import type { CustomerView } from "~/domain/lead-view";

import { customerRequestOf } from "../customers/customers.server";
import type { Database } from "../db/database";
import { serviceRequests } from "../db/schema";
import { fromRequests, type ServiceRequestRow } from "../requests/request-rows";
import { leadOffices, type StaffMember } from "./staff-accounts.server";

/** The most earlier requests the lead page lists (the newest). */
const customerHistoryLimit = 20;

/** The same customer's requests in `staff`'s offices, other than `row`, and the first one's day. */
export async function customerOf(
  db: Database,
  staff: StaffMember,
  row: ServiceRequestRow,
  now: Date,
): Promise<CustomerView | null> {
  const offices = leadOffices(staff);
  // An erased request belongs to nobody any more.
  if (offices.length === 0 || !row.customerId || row.erasedAt) return null;
  const theirs = and(
    eq(serviceRequests.customerId, row.customerId),
    inArray(serviceRequests.office, offices),
    // Spam carries anyone's number: it is no history of theirs.
    ne(serviceRequests.status, "spam"),
  );
  const [others, [first]] = await Promise.all([
    fromRequests(db)
      .where(and(theirs, ne(serviceRequests.id, row.id)))
      .orderBy(desc(serviceRequests.createdAt))
      .limit(customerHistoryLimit),
    db
      .select({ createdAt: serviceRequests.createdAt })
      .from(serviceRequests)
      .where(theirs)
      .orderBy(asc(serviceRequests.createdAt))
      .limit(1),
  ]);
  const since = first && first.createdAt < row.createdAt ? first.createdAt : row.createdAt;
  const timeZone = profileForState(row.office).timeZone;
  return {
    id: row.customerId,
    returning: others.some((other) => other.createdAt < row.createdAt),
    since: new Intl.DateTimeFormat("en-US", { timeZone, month: "short", year: "numeric" }).format(
      since,
    ),
    requests: others.map((other) => customerRequestOf(other, now)),
  };
}
