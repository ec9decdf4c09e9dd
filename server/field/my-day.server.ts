/**
 * A technician's My day (`/office/day`): the visits assigned to them, today's then tomorrow's,
 * each day in the office's own time zone, in window order. Only their own: the query names them.
 */
import { randomUUID } from "node:crypto";

import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { applianceName } from "~/domain/appliances";
import type { StateSlug } from "~/content/states";
import {
  fieldStatusLabels,
  isUnfinished,
  nextTaps,
  type FieldVisit,
  type MyDay,
} from "~/domain/field";
import type { VisitAfterTheJob } from "~/domain/estimate";
import { formatMoney } from "~/domain/money";
import { formatOfficeTime } from "~/domain/office-time";
import { safetyConcerns, safetyLabels } from "~/domain/safety";
import { timeSlots } from "~/domain/time-slots";
import { formatVisitDay } from "~/domain/visit";
import { callbackPending, warrantyCallbackLabel } from "~/domain/warranty";
import { isoDateIn } from "~/lib/dates";

import type { Database } from "../db/database";
import { requestPhotos, requestVisits, serviceRequests } from "../db/schema";
import { fromRequests, type ServiceRequestRow } from "../requests/request-rows";
import type { StaffMember } from "../desk/staff-accounts.server";
import type { Balance, CardPayments } from "../payments/card-payments.server";
import { pricePolicyFor } from "../prices/price-policy";
import { depositsPaidOf, ledgerOf } from "../requests/ledger";
import { textsAllowed } from "../texts/enqueue";
import { doneAmountOf, repairPaidCents, visitAfterTheJob } from "./estimates.server";
import { servesPaidRepair } from "./warranty-work";
import { undoOffers } from "./undo-taps.server";

type Row = ServiceRequestRow;

function nextDay(isoDate: string): string {
  const day = new Date(`${isoDate}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Today and tomorrow in each office's time zone. */
function daysOf(offices: readonly StateSlug[], now: Date) {
  return offices.map((office) => {
    const today = isoDateIn(now, profileForState(office).timeZone);
    return { office, today, tomorrow: nextDay(today) };
  });
}

const windowOrder = new Map<string, number>(timeSlots.map((slot, index) => [slot.id, index]));

/** My day's order: by day, then window, then the order the requests came in. */
function visitOrder(a: Row, b: Row): number {
  return (
    (a.scheduledDate ?? "").localeCompare(b.scheduledDate ?? "") ||
    (windowOrder.get(a.scheduledWindow ?? "") ?? 9) -
      (windowOrder.get(b.scheduledWindow ?? "") ?? 9) ||
    a.createdAt.getTime() - b.createdAt.getTime()
  );
}

/**
 * The first visit of the same day, before `row` in My day's order, still unfinished: the one the
 * technician would skip by heading to `row` now. `sameDay` holds the technician's visits of the day.
 */
export function visitAhead(sameDay: readonly Row[], row: Row): Row | undefined {
  return [...sameDay]
    .sort(visitOrder)
    .find(
      (other) =>
        other.id !== row.id &&
        other.status === "scheduled" &&
        isUnfinished(other.fieldStatus) &&
        visitOrder(other, row) < 0,
    );
}

/** "Jane Doe, Morning": the visit named as On my way's question names it. */
export function visitAheadName(row: Row): string {
  const slot = timeSlots.find((candidate) => candidate.id === row.scheduledWindow);
  return slot ? `${row.name}, ${slot.label}` : row.name;
}

function cardOf(
  row: Row,
  photoIds: readonly string[],
  serviceCallCents: number | null,
  day: { onItsDay: boolean; ahead: Row | undefined; undo: FieldVisit["undo"] },
  money: {
    balance: Balance | null;
    cardLast4: string | null;
    /** The part deposits paid on the job. */
    depositCents: number;
    /** Paid toward the repair before its payment is recorded (deposits, a part by card). */
    paidBeforeCents: number;
    takesDeposits: boolean;
  },
): FieldVisit {
  const office = profileForState(row.office);
  const slot = timeSlots.find((candidate) => candidate.id === row.scheduledWindow);
  const address = [row.address, row.zipCode].filter(Boolean).join(", ");
  const afterTheJob = visitAfterTheJob(row, serviceCallCents, money.cardLast4, {
    beforeCents: money.paidBeforeCents,
    depositCents: money.depositCents,
  });
  const { balance } = money;
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    phone: row.phone,
    phoneDigits: row.phone.replace(/[^\d+]/g, ""),
    address,
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`,
    appliance: applianceName(row.selectedAppliance),
    brand: row.brand,
    model: row.model,
    serialNumber: row.serialNumber,
    problem: row.description,
    notes: row.notes,
    photos: photoIds
      .filter((id) => id !== row.callbackPhotoId)
      .map((id) => ({ id, url: photoUrl(row.id, id) })),
    callbackProblem: callbackProblemOf(row, photoIds),
    safety: safetyConcerns(row.description).map((concern) => ({
      concern,
      label: safetyLabels[concern],
    })),
    prefersSpanish: row.language === "es",
    window: slot ? `${slot.label}, ${slot.window} ${office.timeZoneLabel}` : "No window set",
    windowLabel: slot?.label ?? "No window",
    // A warranty callback is free: the card says so before the technician taps Done (new work
    // estimated on it is not: ./warranty-work.ts).
    status: `${callbackPending(row) ? `${warrantyCallbackLabel}, ${servesPaidRepair(row) ? "no charge" : "new work"}: ` : ""}${fieldStatusLabels[row.fieldStatus ?? "booked"]}`,
    fieldStatus: row.fieldStatus,
    statusDetail:
      row.fieldStatus === "on-the-way" && row.arrivingAt
        ? `Arriving about ${formatOfficeTime(row.arrivingAt, office.timeZone, office.timeZoneLabel, "clock")}`
        : row.fieldStatus === "cant-fix"
          ? row.cantFixReason
          : row.fieldStatus === "needs-part"
            ? `Part needed: ${row.partNeeded ?? ""}${depositLine(row, money.depositCents)}`
            : row.fieldStatus === null && row.visitNumber > 1 && row.partNeeded
              ? `Return visit: bring ${row.partNeeded}`
              : null,
    // A fresh key per form and render: the same form sent twice is one tap.
    taps: nextTaps(row.fieldStatus, day.onItsDay).map((action) => ({
      action,
      key: randomUUID(),
    })),
    onItsDay: day.onItsDay,
    undo: day.undo,
    goesBefore: day.ahead ? visitAheadName(day.ahead) : null,
    afterTheJob,
    takesDeposits: money.takesDeposits,
    cardPay:
      balance && (afterTheJob.paymentKey !== null || balance.kind === "deposit")
        ? {
            what: balance.kind === "deposit" ? "Part deposit" : "Card payment",
            due: formatMoney(balance.dueCents, { cents: "always" }),
            canText: textsAllowed(row),
            canEmail: row.email !== "",
          }
        : null,
    doneAmount: doneAmountOf(row, serviceCallCents),
    // A part deposit still owed keeps the card open: the customer may pay it before they leave.
    finished: finishedVisit(row, afterTheJob) && balance?.kind !== "deposit",
  };
}

/** ". Deposit $138.00 paid": what a part's deposit stands at, after its part; "" when none was asked. */
function depositLine(row: Row, paidCents: number): string {
  if (!row.depositCents) return "";
  const asked = formatMoney(row.depositCents, { cents: "always" });
  return paidCents >= row.depositCents ? `. Deposit ${asked} paid` : `. Deposit ${asked} asked`;
}

/** A request's photo, through the desk's route (a technician of the visit may read it). */
function photoUrl(requestId: string, photoId: string): string {
  return `/office/leads/${requestId}/photos/${photoId}`;
}

/** A warranty callback's words, and its photo while the request still holds it. */
function callbackProblemOf(row: Row, photoIds: readonly string[]): FieldVisit["callbackProblem"] {
  if (!row.warrantyCallback || !row.callbackProblem) return null;
  const photoId = photoIds.find((id) => id === row.callbackPhotoId);
  return {
    words: row.callbackProblem,
    photo: photoId ? { id: photoId, url: photoUrl(row.id, photoId) } : null,
  };
}

/**
 * Nothing left for the technician to do on the visit: Done and paid (or done at no charge),
 * waiting for a part, or Can't fix with the service call recorded; an estimate still waiting for
 * the customer's answer keeps it open.
 */
function finishedVisit(row: Row, afterTheJob: VisitAfterTheJob): boolean {
  if (isUnfinished(row.fieldStatus) || afterTheJob.decisionKey !== null) return false;
  if (afterTheJob.paymentKey === null) return true;
  return row.fieldStatus === "done" && row.amountChargedCents === null;
}

export async function myDay(
  db: Database,
  staff: StaffMember,
  now: Date,
  cards?: CardPayments,
): Promise<MyDay> {
  if (staff.role !== "technician" || staff.offices.length === 0) return { days: [] };
  const days = daysOf(staff.offices, now);
  const rows = await fromRequests(db).where(
    and(
      eq(requestVisits.technicianId, staff.id),
      inArray(serviceRequests.office, staff.offices),
      or(
        eq(serviceRequests.status, "scheduled"),
        and(eq(serviceRequests.status, "completed"), eq(requestVisits.fieldStatus, "done")),
      ),
      isNull(serviceRequests.erasedAt),
      or(
        ...days.map(({ office, today, tomorrow }) =>
          and(eq(serviceRequests.office, office), inArray(requestVisits.date, [today, tomorrow])),
        ),
      ),
    ),
  );
  const photos =
    rows.length === 0
      ? []
      : await db
          .select({ id: requestPhotos.id, requestId: requestPhotos.requestId })
          .from(requestPhotos)
          .where(
            inArray(
              requestPhotos.requestId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(requestPhotos.createdAt));
  const fees = new Map(
    await Promise.all(
      staff.offices.map(
        async (office) =>
          [office, (await pricePolicyFor(db, office))?.serviceCallCents ?? null] as const,
      ),
    ),
  );
  const undo = await undoOffers(
    db,
    staff,
    new Map(rows.map((row) => [row.id, row.visitNumber])),
    now,
  );
  // What is owed by card, for the visits a payment may now be taken on (cards taken at all).
  const balances = new Map(
    cards?.enabled
      ? await Promise.all(
          rows
            .filter(
              (row) =>
                row.fieldStatus === "done" ||
                row.fieldStatus === "cant-fix" ||
                row.fieldStatus === "needs-part",
            )
            .map(async (row) => [row.id, await cards.balanceOf(db, row)] as const),
        )
      : [],
  );
  // The card a paid job was paid with through Stripe: "Paid $245.00 by card ····4242".
  const cardsPaid = new Map(
    await Promise.all(
      rows
        .filter((row) => row.paidAt && row.paymentMethod === "card")
        .map(async (row) => {
          const paid = (await ledgerOf(db, row.id, row.jobNumber)).findLast(
            (entry) => entry.kind === "balance" && entry.cardLast4 !== null,
          );
          return [row.id, paid?.cardLast4 ?? null] as const;
        }),
    ),
  );
  // A part deposit paid toward the repair: Done's payment asks only the rest.
  const deposits = await depositsPaidOf(
    db,
    rows.filter((row) => row.depositCents !== null),
  );
  // Paid toward the repair before Done's payment (deposits, part by card): it asks the rest.
  const paidBefore = new Map(
    await Promise.all(
      rows
        .filter((row) => row.fieldStatus === "done" && row.paidAt === null)
        .map(async (row) => [row.id, await repairPaidCents(db, row)] as const),
    ),
  );
  const photosOf = (id: string) =>
    photos.filter((photo) => photo.requestId === id).map((photo) => photo.id);
  const sorted = [...rows].sort(visitOrder);
  const todayOf = new Map(days.map((day) => [day.office, day.today]));
  const [first] = days;
  const title = (key: "today" | "tomorrow", date: string) =>
    `${key === "today" ? "Today" : "Tomorrow"}, ${formatVisitDay(date)}`;
  return {
    days: (["today", "tomorrow"] as const).map((key) => {
      const visits = sorted.filter(
        (row) => (row.scheduledDate === todayOf.get(row.office)) === (key === "today"),
      );
      return {
        key,
        title: title(key, key === "today" ? first!.today : first!.tomorrow),
        visits: visits.map((row) =>
          cardOf(
            row,
            photosOf(row.id),
            row.quotedServiceCallCents ?? fees.get(row.office) ?? null,
            {
              onItsDay: key === "today",
              ahead:
                key === "today" && row.status === "scheduled" ? visitAhead(visits, row) : undefined,
              undo: undo.get(row.id) ?? null,
            },
            {
              balance: balances.get(row.id) ?? null,
              cardLast4: cardsPaid.get(row.id) ?? null,
              depositCents: deposits.get(row.id) ?? 0,
              paidBeforeCents: paidBefore.get(row.id) ?? 0,
              takesDeposits: cards?.enabled ?? false,
            },
          ),
        ),
      };
    }),
  };
}
