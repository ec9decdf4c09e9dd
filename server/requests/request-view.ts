/**
 * What the homeowner's private page shows of their request (`RequestPageView`): the visit in
 * the office's time zone, the steps with their times, what may still be changed and the open
 * windows to move to. Read only; the changes are `HomeownerRequests`' (homeowner-requests.ts).
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";

import { isoDateIn } from "~/lib/dates";
import { localizedHref } from "~/lib/locale";
import { withRegion } from "~/lib/region";
import { stateBySlug } from "~/content/states";
import { formatPhone, profileForState, type CompanyProfile } from "~/content/company";
import { officeName } from "~/content/navigation";
import { applianceName } from "~/domain/appliances";
import type { OpenWindow } from "~/domain/availability";
import { firstName } from "~/domain/names";
import { maxPhotos } from "~/domain/photos";
import { formatOfficeTime } from "~/domain/office-time";
import type { RequestPageView, RequestStep } from "~/domain/request-page";
import { requestPageWords } from "~/domain/request-page-words";
import { formatVisit } from "~/domain/visit";
import { serviceCallTerms } from "~/domain/prices";
import type { Locale } from "~/lib/locale";

import type { Database } from "../db/database";
import { leadEvents, requestPhotos } from "../db/schema";
import { spanishAppliance, spanishHours } from "../mail/spanish-words";
import { serviceCallFor } from "../prices/price-policy";
import { afterCantFix, serviceCallOwed } from "../field/service-call";
import { holdsNoPlace, visitOf, type ServiceRequestRow } from "./visit-changes";
import { availability } from "./windows";
import { currentVisitLabel, earlierVisitRecord, earlierVisitsOf } from "./visit-history";

/** The summary's service-call fee: the one the booking was shown (server/prices/price-policy.ts). */
async function serviceCallTermsOf(db: Database, row: ServiceRequestRow) {
  const serviceCall = await serviceCallFor(db, row);
  // After Can't fix there is no repair to waive it for: what is owed, paid or not charged.
  if (afterCantFix(row)) return serviceCallOwed(row, serviceCall?.serviceCallCents ?? null);
  if (!serviceCall) return null;
  return serviceCallTerms(serviceCall, row.language);
}

/**
 * Why the page no longer moves, cancels or takes photos after Can't fix: the visit is over and
 * the office calls about what comes next (the server refuses those posts with it).
 */
export function cantFixChangeMessage(office: CompanyProfile, locale: Locale = "en"): string {
  return requestPageWords[locale].cantFixChange(formatPhone(office.phone));
}

/** How far ahead the private page offers windows to move the visit to. */
export const rescheduleDays = 21;

/** A request in one of these may no longer be changed. */
export const closedStatuses = ["cancelled", "spam", "completed"] as const;

export function officeOf(row: ServiceRequestRow): CompanyProfile {
  return profileForState(row.office);
}

function stepOf(status: ServiceRequestRow["status"]): RequestStep {
  switch (status) {
    case "scheduled":
      return "confirmed";
    case "completed":
      return "completed";
    case "cancelled":
    case "spam":
      return "cancelled";
    default:
      return "received";
  }
}

export async function requestPageView(
  db: Database,
  row: ServiceRequestRow,
  { now, tooLate, defaultCapacity }: { now: Date; tooLate: boolean; defaultCapacity: number },
): Promise<
  Omit<RequestPageView, "warranty" | "afterTheJob" | "review" | "balance" | "depositPaid">
> {
  const office = officeOf(row);
  const locale = row.language;
  const words = requestPageWords[locale];
  const [events, photos, earlier] = await Promise.all([
    db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, row.id), inArray(leadEvents.kind, ["status", "field"])))
      .orderBy(desc(leadEvents.at)),
    db
      .select({ id: requestPhotos.id, width: requestPhotos.width, height: requestPhotos.height })
      .from(requestPhotos)
      .where(eq(requestPhotos.requestId, row.id))
      .orderBy(asc(requestPhotos.createdAt)),
    earlierVisitsOf(db, row),
  ]);
  const when = (instant: Date) =>
    formatOfficeTime(instant, office.timeZone, office.timeZoneLabel, "day-and-clock", locale);
  const visitText = (date: string, window: string) =>
    formatVisit(date, window, office.timeZoneLabel, { spanish: locale === "es" });
  const lastTo = (status: ServiceRequestRow["status"]) =>
    events.find((event) => event.toStatus === status)?.at;
  const step = stepOf(row.status);
  const visit = visitOf(row);
  // After Can't fix the visit is over and the office calls: nothing to move, cancel or show.
  const open =
    !closedStatuses.includes(row.status as (typeof closedStatuses)[number]) && !afterCantFix(row);
  // Waiting for a part, the visit that was booked is over: the office books the next one.
  const movable = open && !tooLate && row.fieldStatus !== "needs-part";
  const rescheduleOptions = movable
    ? await openWindowsToMoveTo(db, row, office, { now, defaultCapacity, locale })
    : [];
  const appliance =
    locale === "es"
      ? spanishAppliance(row.selectedAppliance)
      : applianceName(row.selectedAppliance);
  const scheduledAt = lastTo("scheduled");
  const completedAt = lastTo("completed");
  const cancelledAt = lastTo("cancelled") ?? lastTo("spam");
  return {
    locale,
    appliance,
    reference: row.reference,
    field: fieldNews(row, office, completedAt ? when(completedAt) : null),
    earlierVisits: earlier.map((visit) => earlierVisitRecord(visit, office.timeZoneLabel, locale)),
    serviceCall: await serviceCallTermsOf(db, row),
    currentVisitLabel: currentVisitLabel(row, locale),
    bookAgainHref: withRegion(
      localizedHref(`/modals/schedule?appliance=${row.selectedAppliance}`, locale),
      stateBySlug(row.office)?.name,
    ),
    name: row.name,
    address: [row.address, row.zipCode].filter(Boolean).join(", "),
    office: {
      name: officeName(office, locale),
      phone: formatPhone(office.phone),
      phoneForCall: office.phoneForCall,
      hours: locale === "es" ? spanishHours : office.hours,
    },
    step,
    visit: visit
      ? {
          date: visit.date,
          window: visit.window,
          text: visitText(visit.date, visit.window),
          state:
            row.status === "completed"
              ? "done"
              : row.status === "scheduled"
                ? "confirmed"
                : "requested",
          placeHeld: !holdsNoPlace(row),
        }
      : null,
    timeline: [
      { step: "received", label: words.received, at: when(row.createdAt) },
      ...(step === "cancelled"
        ? [
            {
              step: "cancelled" as const,
              label: words.cancelled,
              at: cancelledAt ? when(cancelledAt) : null,
            },
          ]
        : [
            {
              step: "confirmed" as const,
              label:
                visit && row.status !== "new" && row.status !== "contacted"
                  ? words.confirmedFor(visitText(visit.date, visit.window))
                  : words.confirmed,
              at:
                step === "confirmed" || step === "completed"
                  ? scheduledAt
                    ? when(scheduledAt)
                    : null
                  : null,
            },
            {
              step: "completed" as const,
              label: words.completed,
              at: step === "completed" && completedAt ? when(completedAt) : null,
            },
          ]),
    ],
    canCancel: open && !tooLate,
    canReschedule: movable,
    tooLateToChange: open && tooLate,
    rescheduleOptions,
    photos: {
      stored: photos.length,
      max: maxPhotos,
      items: photos.map((photo) => ({ id: photo.id, width: photo.width, height: photo.height })),
    },
    canAddPhotos: row.status !== "cancelled" && row.status !== "spam" && !afterCantFix(row),
    texts:
      row.textConsentAt && row.textConsentPhone
        ? { on: row.textsOffAt === null, phone: maskedPhone(row.textConsentPhone) }
        : null,
  };
}

/** What the technician's taps tell the homeowner: only the first name, and the arrival time. */
function fieldNews(
  row: ServiceRequestRow,
  office: CompanyProfile,
  completedAt: string | null,
): RequestPageView["field"] {
  // Only while the visit is booked or done: a cancelled or reopened request says nothing of it.
  if (row.status !== "scheduled" && row.status !== "completed") return null;
  const words = requestPageWords[row.language];
  const technician = firstName(row.technician) || words.yourTechnician;
  switch (row.fieldStatus) {
    case "on-the-way": {
      if (!row.arrivingAt) return { state: "on-the-way", text: words.onTheWay(technician) };
      const about = formatOfficeTime(row.arrivingAt, office.timeZone, null, "clock", row.language);
      return { state: "on-the-way", text: words.onTheWayAbout(technician, about) };
    }
    case "arrived":
      return { state: "arrived", text: words.arrived(technician) };
    case "done":
      return { state: "done", text: words.done(technician, completedAt) };
    case "needs-part":
      return { state: "needs-part", text: words.needsPart(technician, row.partNeeded) };
    case "cant-fix":
      return { state: "cant-fix", text: words.cantFix(technician) };
    default:
      return null;
  }
}

/** Open windows to move the visit to, over the next three weeks, its own window left out. */
async function openWindowsToMoveTo(
  db: Database,
  row: ServiceRequestRow,
  office: CompanyProfile,
  { now, defaultCapacity, locale }: { now: Date; defaultCapacity: number; locale: Locale },
): Promise<OpenWindow[]> {
  const current = visitOf(row);
  const days = await availability(db, office, {
    from: isoDateIn(now, office.timeZone),
    days: rescheduleDays,
    now,
    defaultCapacity: defaultCapacity,
  });
  return days.flatMap((day) =>
    day.windows.flatMap((window) =>
      window.state === "open" && !(current?.date === day.date && current.window === window.id)
        ? [
            {
              date: day.date,
              window: window.id,
              label: formatVisit(day.date, window.id, office.timeZoneLabel, {
                spanish: locale === "es",
              }),
            },
          ]
        : [],
    ),
  );
}

/** "(•••) •••-0188": enough for the homeowner to know which phone, nothing for anyone else. */
function maskedPhone(e164: string): string {
  return `(•••) •••-${e164.slice(-4)}`;
}
