/**
 * The dispatch board (`/office/dispatch`): one office's day, its technicians by window with
 * their visits, the visits nobody has yet (booked without a technician, or asked for that day and
 * not confirmed), and each window's places. Owners and dispatchers of the office only.
 */
import { and, asc, eq, inArray, isNull, lt, or } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import { stateBySlug, type StateSlug } from "~/content/states";
import {
  visitPlaceOf,
  windowName,
  type DispatchBoard,
  type DispatchVisit,
} from "~/domain/dispatch";
import { fieldStatusLabels } from "~/domain/field";
import { formatMoney } from "~/domain/money";
import { isValidIsoDate } from "~/domain/service-request";
import { timeSlots, type TimeSlotId } from "~/domain/time-slots";
import { formatVisitDay } from "~/domain/visit";
import { callbackPending, warrantyCallbackLabel } from "~/domain/warranty";
import { isoDateIn } from "~/lib/dates";

import type { PostedForm } from "~/lib/bounded-body.server";

import type { Database } from "../db/database";
import { changeLeadStatus } from "../desk/lead-changes.server";
import { findLead } from "../desk/leads.server";
import { fromRequests, type ServiceRequestRow } from "../requests/request-rows";
import { depositsPaidOf } from "../requests/ledger";
import type { VisitContext } from "../requests/visit-changes";
import { officeClosedDays, requestVisits, serviceRequests, windowPlaces } from "../db/schema";
import { leadOffices, type StaffMember } from "../desk/staff-accounts.server";
import { addDays, capacityOf, isTimeSlotId, weekdayOf } from "../requests/windows";
import { officeTechnicians } from "./technicians";

type Row = ServiceRequestRow;

function visitOf(row: Row): DispatchVisit {
  const booked = row.status === "scheduled" || row.status === "completed";
  const window = booked ? row.scheduledWindow : row.preferredTime;
  const slot = isTimeSlotId(window) ? window : null;
  return {
    key: `${row.id}:${row.visitNumber}`,
    id: row.id,
    version: row.version,
    name: row.name,
    appliance: applianceName(row.selectedAppliance),
    window: slot,
    windowName: windowName(slot),
    place: visitPlaceOf(row.address, row.zipCode),
    technicianId: booked ? row.technicianId : null,
    status: booked
      ? row.status === "completed"
        ? "Completed"
        : callbackPending(row)
          ? `${warrantyCallbackLabel}: ${fieldStatusLabels[row.fieldStatus ?? "booked"]}`
          : fieldStatusLabels[row.fieldStatus ?? "booked"]
      : callbackPending(row)
        ? `${warrantyCallbackLabel}: Requested`
        : "Requested",
    safety: row.safetyConcerns,
    movable: row.status !== "completed" && row.fieldStatus !== "needs-part",
  };
}

/** An earlier visit of a request (before its return visit): on the board of its day, over. */
function earlierVisitOf(
  visit: typeof requestVisits.$inferSelect,
  row: Pick<
    Row,
    "id" | "version" | "name" | "selectedAppliance" | "safetyConcerns" | "address" | "zipCode"
  >,
): DispatchVisit {
  const slot = isTimeSlotId(visit.window) ? visit.window : null;
  return {
    key: `${row.id}:${visit.number}`,
    id: row.id,
    version: row.version,
    name: row.name,
    appliance: applianceName(row.selectedAppliance),
    window: slot,
    windowName: windowName(slot),
    place: visitPlaceOf(row.address, row.zipCode),
    technicianId: visit.technicianId,
    status: visit.fieldStatus ? fieldStatusLabels[visit.fieldStatus] : "Done",
    safety: row.safetyConcerns,
    movable: false,
  };
}

/** The office and day the board shows: one of the person's offices, a real date; else null. */
export function boardChoice(
  staff: StaffMember,
  office: string | null,
  day: string | null,
  now: Date,
): { office: StateSlug; day: string } | null {
  const offices = leadOffices(staff);
  const slug = (office ?? offices[0]) as StateSlug | undefined;
  if (!slug || !offices.includes(slug)) return null;
  const today = isoDateIn(now, profileForState(slug).timeZone);
  const chosen = day ?? today;
  if (!isValidIsoDate(chosen)) return null;
  return { office: slug, day: chosen };
}

/**
 * Why the office is closed on `day`, as the booking windows decide it (`capacityOf`): every
 * Sunday, and the office's closed days (the federal holidays written by `closeFederalHolidays`
 * and the owner's own, on /office/windows); null on an open day.
 */
async function closedReason(db: Database, office: StateSlug, day: string): Promise<string | null> {
  if (weekdayOf(day) === 0) return "Closed: Sunday";
  const [closed] = await db
    .select({ label: officeClosedDays.label })
    .from(officeClosedDays)
    .where(and(eq(officeClosedDays.office, office), eq(officeClosedDays.date, day)));
  if (!closed) return null;
  const label = closed.label.trim();
  return !label || label.toLowerCase() === "closed" ? "Closed" : `Closed: ${label}`;
}

/** One office's day on the board; `now` (the server's clock) gives the office's today. */
export async function dispatchBoard(
  db: Database,
  staff: StaffMember,
  { office, day }: { office: StateSlug; day: string },
  defaultCapacity: number,
  now: Date = new Date(),
): Promise<DispatchBoard> {
  const [technicians, rows, earlier, waiting, held, capacities, closed] = await Promise.all([
    officeTechnicians(db, office),
    fromRequests(db).where(
      and(
        eq(serviceRequests.office, office),
        isNull(serviceRequests.erasedAt),
        or(
          and(
            inArray(serviceRequests.status, ["scheduled", "completed"]),
            eq(requestVisits.date, day),
          ),
          and(
            inArray(serviceRequests.status, ["new", "contacted"]),
            eq(serviceRequests.preferredDate, day),
          ),
        ),
      ),
    ),
    db
      .select({ visit: requestVisits, request: serviceRequests })
      .from(requestVisits)
      .innerJoin(serviceRequests, eq(serviceRequests.id, requestVisits.requestId))
      .where(
        and(
          eq(serviceRequests.office, office),
          isNull(serviceRequests.erasedAt),
          eq(requestVisits.date, day),
          lt(requestVisits.number, serviceRequests.visitNumber),
        ),
      ),
    fromRequests(db)
      .where(
        and(
          eq(serviceRequests.office, office),
          isNull(serviceRequests.erasedAt),
          eq(serviceRequests.status, "scheduled"),
          eq(requestVisits.fieldStatus, "needs-part"),
        ),
      )
      .orderBy(asc(serviceRequests.createdAt))
      .limit(200),
    db
      .select()
      .from(windowPlaces)
      .where(and(eq(windowPlaces.office, office), eq(windowPlaces.date, day))),
    Promise.all(
      timeSlots.map((slot) =>
        capacityOf(db, { office, date: day, window: slot.id }, defaultCapacity),
      ),
    ),
    closedReason(db, office, day),
  ]);
  const depositsPaid = await depositsPaidOf(
    db,
    waiting.filter((row) => row.depositCents !== null),
  );
  const visits = [
    ...rows.map(visitOf),
    ...earlier.map(({ visit, request }) => earlierVisitOf(visit, request)),
  ].sort((a, b) => order(a.window) - order(b.window) || a.name.localeCompare(b.name));
  const known = new Set(technicians.map((technician) => technician.id));
  return {
    office: { slug: office, name: stateBySlug(office)?.name ?? office },
    offices: leadOffices(staff).map((slug) => ({ slug, name: stateBySlug(slug)?.name ?? slug })),
    day,
    dayTitle: formatVisitDay(day),
    previousDay: addDays(day, -1),
    nextDay: addDays(day, 1),
    today: isoDateIn(now, profileForState(office).timeZone),
    closed,
    windows: timeSlots.map((slot, index) => ({
      id: slot.id,
      label: `${slot.label} (${slot.window})`,
      capacity: capacities[index] ?? 0,
      held: held.find((place) => place.window === slot.id)?.taken ?? 0,
    })),
    technicians: technicians.map((technician) => ({
      ...technician,
      visits: Object.fromEntries(
        timeSlots.map((slot) => [
          slot.id,
          visits.filter(
            (visit) => visit.technicianId === technician.id && visit.window === slot.id,
          ),
        ]),
      ),
    })),
    unassigned: visits.filter(
      (visit) => visit.technicianId === null || !known.has(visit.technicianId),
    ),
    waitingForPart: waiting.map((row) => ({
      id: row.id,
      version: row.version,
      name: row.name,
      appliance: applianceName(row.selectedAppliance),
      place: visitPlaceOf(row.address, row.zipCode),
      part: row.partNeeded ?? "",
      deposit: depositStanding(row.depositCents, depositsPaid.get(row.id) ?? 0),
      technicianId: row.technicianId,
      safety: row.safetyConcerns,
    })),
  };
}

/** "Deposit paid", or "Deposit $138.00 not paid yet"; null when none was asked. */
function depositStanding(askedCents: number | null, paidCents: number): string | null {
  if (!askedCents) return null;
  return paidCents >= askedCents
    ? "Deposit paid"
    : `Deposit ${formatMoney(askedCents - paidCents, { cents: "always" })} not paid yet`;
}

const windowIndex = new Map<string, number>(timeSlots.map((slot, index) => [slot.id, index]));
function order(window: TimeSlotId | null): number {
  return windowIndex.get(window ?? "") ?? timeSlots.length;
}

export type AssignOutcome = { ok: true } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Assigns or moves a visit on the board: the day shown, a window and a technician of the office.
 * The lead page's booking (its version checked, its calendar update and reminder), with the
 * technician's account.
 */
export async function assignVisit(
  db: Database,
  staff: StaffMember,
  form: PostedForm,
  day: string,
  visits: VisitContext,
): Promise<AssignOutcome> {
  const lead = await findLead(db, staff, form.text("requestId"));
  if (!lead || lead.kind !== "service-request") {
    return { ok: false, status: 404, message: "That visit is not on this board." };
  }
  const technician = (await officeTechnicians(db, lead.row.office)).find(
    (candidate) => candidate.id === form.text("technicianId"),
  );
  const window = form.text("window");
  if (!technician || !isTimeSlotId(window)) {
    return { ok: false, status: 400, message: "Choose a technician and a window." };
  }
  const version = Number(form.text("version"));
  const outcome = await changeLeadStatus(
    db,
    staff,
    lead.row.id,
    {
      version: Number.isInteger(version) ? version : -1,
      status: "scheduled",
      scheduledDate: day,
      scheduledWindow: window,
      technician: technician.name,
      technicianId: technician.id,
    },
    visits,
  );
  if (outcome.ok) return { ok: true };
  if (outcome.reason === "not-found") {
    return { ok: false, status: 404, message: "That visit is not on this board." };
  }
  return { ok: false, status: outcome.reason === "conflict" ? 409 : 400, message: outcome.message };
}
