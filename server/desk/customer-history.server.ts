/**
 * The customer behind a request, as the lead page shows them: the same person's other requests in
 * the desk's offices, found by the phone's last ten digits, then by the email (lower-cased; an
 * empty email finds nobody). "Returning customer" when there is an earlier one, "Customer since
 * Mar 2026", and each earlier request with its appliance (brand, model and serial as Done recorded
 * them), the work done, what was paid and the warranty. A read of the desk's own requests: the
 * web's visitor is shown nothing of it (issue 37, point 3).
 */
import { and, asc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { formatCalendarDate } from "~/domain/after-the-job";
import { applianceName } from "~/domain/appliances";
import { formatMoney } from "~/domain/money";
import type { CustomerView } from "~/domain/lead-view";
import { isoDateIn } from "~/lib/dates";

import type { Database } from "../db/database";
import { serviceRequests } from "../db/schema";
import { fromRequests, type ServiceRequestRow } from "../requests/request-rows";
import { leadOffices, type StaffMember } from "./staff-accounts.server";

/** The most earlier requests the lead page lists (the newest). */
const customerHistoryLimit = 20;

/** A phone's last ten digits, as the index on `service_requests` keys it (migration 0035). */
const phoneKey: SQL<string> = sql`right(regexp_replace(${serviceRequests.phone}, '[^0-9]', '', 'g'), 10)`;

/** The same person's requests in `staff`'s offices, other than `row`, and the first one's day. */
export async function customerOf(
  db: Database,
  staff: StaffMember,
  row: ServiceRequestRow,
  now: Date,
): Promise<CustomerView | null> {
  const offices = leadOffices(staff);
  const digits = row.phone.replace(/\D/g, "").slice(-10);
  const email = row.email.trim().toLowerCase();
  const samePerson = or(
    digits.length === 10 ? eq(phoneKey, digits) : undefined,
    email !== "" ? eq(sql`lower(${serviceRequests.email})`, email) : undefined,
  );
  if (offices.length === 0 || !samePerson) return null;
  const [others, [first]] = await Promise.all([
    fromRequests(db)
      .where(
        and(
          inArray(serviceRequests.office, offices),
          ne(serviceRequests.id, row.id),
          // Spam carries anyone's number: it is no history of theirs.
          ne(serviceRequests.status, "spam"),
          samePerson,
        ),
      )
      .orderBy(sql`${serviceRequests.createdAt} desc`)
      .limit(customerHistoryLimit),
    db
      .select({ createdAt: serviceRequests.createdAt })
      .from(serviceRequests)
      .where(
        and(
          inArray(serviceRequests.office, offices),
          ne(serviceRequests.status, "spam"),
          samePerson,
        ),
      )
      .orderBy(asc(serviceRequests.createdAt))
      .limit(1),
  ]);
  if (others.length === 0) return null;
  const since = first && first.createdAt < row.createdAt ? first.createdAt : row.createdAt;
  const timeZone = profileForState(row.office).timeZone;
  return {
    returning: others.some((other) => other.createdAt < row.createdAt),
    since: new Intl.DateTimeFormat("en-US", { timeZone, month: "short", year: "numeric" }).format(
      since,
    ),
    requests: others.map((other) => earlierRequest(other, now)),
  };
}

function earlierRequest(row: ServiceRequestRow, now: Date): CustomerView["requests"][number] {
  const timeZone = profileForState(row.office).timeZone;
  const plate = [row.brand, row.model, row.serialNumber ? `serial ${row.serialNumber}` : ""]
    .filter((part) => part && part !== "")
    .join(" ");
  const today = isoDateIn(now, timeZone);
  const warranty = row.warrantyEnds
    ? today <= row.warrantyEnds
      ? `in warranty until ${formatCalendarDate(row.warrantyEnds)}`
      : `warranty ended ${formatCalendarDate(row.warrantyEnds)}`
    : null;
  const paid =
    row.paidAt && row.paymentCents !== null && row.paymentMethod
      ? `paid ${formatMoney(row.paymentCents, { cents: "always" })}`
      : null;
  return {
    id: row.id,
    date: formatCalendarDate(isoDateIn(row.createdAt, timeZone)),
    appliance: `${applianceName(row.selectedAppliance)}${plate ? `, ${plate}` : ""}`,
    status: row.status,
    workDone: row.workDone ?? null,
    paid,
    warranty,
  };
}
