import { randomUUID } from "node:crypto";

import { and, asc, count, eq, inArray, ne } from "drizzle-orm";

import { profileForState } from "~/content/company";
import { stateBySlug, type StateSlug } from "~/content/states";
import { formatCalendarDate } from "~/domain/after-the-job";
import { fieldStatusLabels } from "~/domain/field";
import { textKindLabels, textStatusLabels } from "~/domain/texts";
import { leadStatusLabels, statusesAfter } from "~/domain/leads";
import { firstName } from "~/domain/names";
import { deskVisitStyle, formatVisit } from "~/domain/visit";
import { type LeadEmailView, type LeadField, type LeadView } from "~/domain/lead-view";
import {
  decisionSummary,
  estimateLineKindLabels,
  estimateSummary,
  paymentSummary,
  warrantyLine,
} from "~/domain/estimate";
import { formatMoney } from "~/domain/money";
import { formatOfficeTime } from "~/domain/office-time";
import { callbackPending, callbackProblemLabel } from "~/domain/warranty";

import type { Database, Transaction } from "../db/database";
import {
  contactMessages,
  leadEvents,
  outbox,
  requestVisits,
  serviceRequests,
  textOptOuts,
  texts,
} from "../db/schema";
import {
  currentVisit,
  earlierPaidJobsOf,
  fromRequests,
  type ServiceRequestRow,
} from "../requests/request-rows";
import { holdsNoPlace } from "../requests/visit-changes";
import { earlierVisitsOf } from "../requests/visit-history";
import { isTimeSlotId } from "../requests/windows";
import { photoBytes, photosOfRequest } from "../requests/photo-store";
import { officeTechnicians } from "../field/technicians";
import { afterCantFix, isServiceCallPayment, serviceCallSummary } from "../field/service-call";
import { beganOnWarrantyVisit } from "../field/warranty-work";
import { sourceText } from "~/domain/phone-booking";
import {
  channelOf,
  touchParams,
  type Touch,
  type TouchParam,
  type VisitSource,
} from "~/domain/visit-source";
import { customerOf } from "./customer-history.server";
import { offersOfficeCallback } from "../requests/warranty-callbacks";
import { ledgerOf, refundableCents, type LedgerRow } from "../requests/ledger";
import { leadOffices, type StaffMember } from "./staff-accounts.server";

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A photo a homeowner added to a request of the person's offices, or null. */
export async function leadPhoto(
  db: Database,
  staff: StaffMember,
  leadId: string,
  photoId: string,
): Promise<{ contentType: string; data: Buffer } | null> {
  if (!uuidPattern.test(leadId) || !uuidPattern.test(photoId)) return null;
  if (staff.role !== "technician") return photoBytes(db, leadId, photoId, leadOffices(staff));
  // A technician sees the photos of a visit assigned to them, and no other.
  const [assigned] = await db
    .select({ office: serviceRequests.office })
    .from(serviceRequests)
    .innerJoin(requestVisits, currentVisit)
    .where(
      and(
        eq(serviceRequests.id, leadId),
        eq(requestVisits.technicianId, staff.id),
        inArray(serviceRequests.office, staff.offices),
        inArray(serviceRequests.status, ["scheduled", "completed"]),
      ),
    );
  return assigned ? photoBytes(db, leadId, photoId, [assigned.office]) : null;
}

export type Query = Database | Transaction;

type FoundLead =
  | { kind: "service-request"; row: ServiceRequestRow }
  | { kind: "contact-message"; row: typeof contactMessages.$inferSelect };

/** A lead of one of the person's offices, or null: another office's lead does not exist for them. */
export async function findLead(
  db: Query,
  staff: StaffMember,
  id: string,
): Promise<FoundLead | null> {
  if (!uuidPattern.test(id) || leadOffices(staff).length === 0) return null;
  const [request] = await fromRequests(db).where(
    and(eq(serviceRequests.id, id), inArray(serviceRequests.office, leadOffices(staff))),
  );
  if (request) return { kind: "service-request", row: request };
  const [message] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.id, id), inArray(contactMessages.office, leadOffices(staff))));
  return message ? { kind: "contact-message", row: message } : null;
}

export function officeTime(office: StateSlug, instant: Date) {
  const profile = profileForState(office);
  return formatOfficeTime(instant, profile.timeZone, profile.timeZoneLabel, "date-and-clock");
}

/** A visit as the desk writes it: "July 15, 2031, morning (8:00 AM - 12:00 PM)". */
export function visitText(date: string | null, window: string | null) {
  return formatVisit(date, window, null, deskVisitStyle);
}

function fieldsOf(lead: FoundLead, earlierJobs: ServiceRequestRow[]): LeadField[] {
  if (lead.kind === "contact-message") {
    const { row } = lead;
    return [
      { label: "Name", value: `${row.name} ${row.lastName}` },
      { label: "Email", value: row.email },
      { label: "Phone", value: row.phone },
      { label: "Subject", value: row.subject },
      { label: "Message", value: row.message },
      ...visitSourceFields(row.office, row.visitSource),
    ];
  }
  const { row } = lead;
  return [
    ...(row.reference ? [{ label: "Reference", value: row.reference }] : []),
    {
      label: "Source",
      value: row.source ? sourceText(row.source, row.sourceDetail) : "Website",
    },
    ...visitSourceFields(row.office, row.visitSource),
    ...(row.takenBy ? [{ label: "Taken by phone by", value: row.takenBy }] : []),
    ...(row.overbookReason
      ? [{ label: "Full window booked anyway", value: row.overbookReason }]
      : []),
    { label: "Appliance", value: row.selectedAppliance },
    { label: "Name", value: row.name },
    { label: "Email", value: row.email },
    { label: "Phone", value: row.phone },
    { label: "Address", value: row.address },
    { label: "ZIP code", value: row.zipCode },
    {
      label: "Requested visit",
      value: `${visitText(row.preferredDate, row.preferredTime)}${holdsNoPlace(row) ? " (no place held: call to confirm a time)" : ""}`,
    },
    { label: "Brand", value: row.brand },
    { label: "Model", value: row.model },
    { label: "Serial number", value: row.serialNumber },
    { label: "Problem", value: row.description },
    { label: "Notes from the customer", value: row.notes },
    ...(row.scheduledDate
      ? [
          {
            label: callbackPending(row)
              ? "Booked warranty callback (no charge)"
              : row.visitNumber > 1
                ? "Booked return visit"
                : "Booked visit",
            value: `${visitText(row.scheduledDate, row.scheduledWindow)}, technician ${row.technician ?? ""}`,
          },
        ]
      : []),
    ...(row.warrantyCallback && row.callbackProblem
      ? [{ label: `${callbackProblemLabel} (warranty visit)`, value: row.callbackProblem }]
      : []),
    ...(row.fieldStatus ? [{ label: "In the field", value: fieldText(row) }] : []),
    ...earlierJobs.flatMap(earlierJobFields),
    ...afterTheJobFields(row),
  ];
}

/**
 * Where the sender came from on the web: "First visit from: Google Ads: utm_source=google,
 * gclid=Test-AbC_1; landed on /, Jul 15, 2031, 10:00 AM Central", and the last visit when it
 * was another. The values are as the address held them.
 */
function visitSourceFields(office: StateSlug, source: VisitSource | null): LeadField[] {
  if (!source) return [];
  const text = (touch: Touch) => {
    // In the list's order (a jsonb column keeps its keys shortest first).
    const params = (Object.keys(touchParams) as TouchParam[]).flatMap((name) =>
      touch.params[name] === undefined ? [] : [`${name}=${touch.params[name]}`],
    );
    const from = [...params, ...(touch.referrer ? [`from ${touch.referrer}`] : [])].join(", ");
    return `${channelOf(touch)}: ${from}; landed on ${touch.landing}, ${officeTime(office, new Date(touch.at))}`;
  };
  const same = JSON.stringify(source.first) === JSON.stringify(source.last);
  return [
    { label: "First visit from", value: text(source.first) },
    ...(same ? [] : [{ label: "Last visit from", value: text(source.last) }]),
  ];
}

/**
 * A job paid before new work began on a warranty visit (`row` as of that job): what it was paid
 * and the warranty it gave, which the new work's own payment does not end.
 */
function earlierJobFields(row: ServiceRequestRow): LeadField[] {
  if (!row.paymentMethod || row.paymentCents === null) return [];
  const warranty =
    row.warrantyEnds && row.warrantyDays !== null
      ? `; ${warrantyLine(row.warrantyDays, row.warrantyEnds)}`
      : "";
  return [
    {
      label: row.jobNumber === 1 ? "Repair paid" : `Job ${row.jobNumber} paid`,
      value: `${paymentSummary(row.paymentMethod, row.paymentCents)}${warranty}`,
    },
  ];
}

/** The estimate and its answer, the payment and the warranty, once there are any. */
function afterTheJobFields(row: ServiceRequestRow): LeadField[] {
  const fields: LeadField[] = [];
  if (row.estimateLines) {
    const lines = row.estimateLines
      .map(
        (line) =>
          `${estimateLineKindLabels[line.kind]}: ${line.description}, ${formatMoney(line.cents, { cents: "always" })}`,
      )
      .join("\n");
    const answer =
      row.estimateDecision && row.estimateDecidedOn
        ? decisionSummary(row.estimateDecision, row.estimateDecidedBy ?? "", row.estimateDecidedOn)
        : "Waiting for the customer's answer";
    fields.push({
      label: beganOnWarrantyVisit(row) ? "Estimate (new work, warranty visit)" : "Estimate",
      value: `${estimateSummary(row.estimateLines)}\n${lines}\n${answer}`,
    });
  }
  // The service call after Can't fix: paid, or no charge and why.
  const label = isServiceCallPayment(row) ? "Service call" : "Payment";
  if (row.paymentMethod && row.paymentCents !== null) {
    fields.push({ label, value: paymentSummary(row.paymentMethod, row.paymentCents) });
  } else if (isServiceCallPayment(row) && row.noChargeReason !== null) {
    fields.push({ label, value: `No charge: ${row.noChargeReason}` });
  }
  if (row.warrantyEnds && row.warrantyDays !== null) {
    fields.push({ label: "Warranty", value: warrantyLine(row.warrantyDays, row.warrantyEnds) });
  }
  return fields;
}

/** Where the visit stands in the field, with what the technician wrote. */
function fieldText(row: ServiceRequestRow): string {
  const label = row.fieldStatus ? fieldStatusLabels[row.fieldStatus] : "";
  switch (row.fieldStatus) {
    case "needs-part":
      return `Waiting for a part: ${row.partNeeded ?? ""}`;
    case "cant-fix":
      return `${label}: ${row.cantFixReason ?? ""}`;
    case "done":
      return `${label}: ${row.workDone ?? ""}`;
    default:
      return label;
  }
}

export function purposeOf(kind: string) {
  if (kind.endsWith(".company")) return "To the office";
  if (kind.endsWith(".customer") || kind.endsWith(".visitor")) return "To the customer";
  return kind;
}

function emailState(office: StateSlug, email: typeof outbox.$inferSelect): string {
  switch (email.status) {
    case "sent":
      return `Sent ${email.sentAt ? officeTime(office, email.sentAt) : ""}`.trim();
    case "cancelled":
      return email.lastError ?? "Not needed";
    case "held":
      return email.lastError ?? "Held";
    case "dead":
      return `Given up after ${email.attempts} attempt${email.attempts === 1 ? "" : "s"}`;
    case "sending":
      return "Sending";
    case "pending":
      return email.attempts === 0
        ? "Waiting"
        : `Failed ${email.attempts} time${email.attempts === 1 ? "" : "s"}; trying again ${officeTime(office, email.nextAttemptAt)}`;
  }
}

const ledgerStateLabels: Record<LedgerRow["state"], string> = {
  pending: "Pay link open",
  paid: "Paid",
  failed: "Failed",
  expired: "Pay link closed",
  refunded: "Refunded",
};

/** The ledger as the lead page lists it; an owner may refund what a paid row has left. */
function ledgerViewOf(
  rows: readonly LedgerRow[],
  staff: StaffMember,
  office: StateSlug,
): NonNullable<LeadView["ledger"]> {
  const zone = profileForState(office);
  return rows.map((row) => {
    const method = `${row.method}${row.cardLast4 ? ` ····${row.cardLast4}` : ""}`;
    const left = refundableCents(rows, row.id);
    return {
      id: row.id,
      what:
        row.kind === "refund"
          ? `Refund${row.reason ? `: ${row.reason}` : ""}`
          : `${row.kind === "deposit" ? "Deposit" : "Payment"}${row.paymentFor === "service-call" ? " (service call)" : ""}`,
      amount: `${row.kind === "refund" ? "−" : ""}${formatMoney(row.amountCents, { cents: "always" })} ${row.kind === "refund" && row.method === "card" ? "to" : "by"} ${method}`,
      state:
        row.kind === "refund" && row.state === "pending"
          ? "Asked of Stripe"
          : ledgerStateLabels[row.state],
      at: formatOfficeTime(
        row.settledAt ?? row.createdAt,
        zone.timeZone,
        zone.timeZoneLabel,
        "day-and-clock",
      ),
      by: row.staffName || (row.kind === "refund" ? "" : "Customer"),
      refund:
        staff.role === "owner" && left > 0 && (row.method !== "card" || row.stripePaymentIntentId)
          ? { max: formatMoney(left, { cents: "always", field: true }), key: randomUUID() }
          : null,
    };
  });
}

export async function leadView(
  db: Database,
  staff: StaffMember,
  id: string,
  now: Date = new Date(),
): Promise<LeadView | null> {
  const lead = await findLead(db, staff, id);
  if (!lead) return null;
  const { row } = lead;
  const [emails, events, photos, earlier, textRows, optOut, earlierJobs] = await Promise.all([
    db.select().from(outbox).where(eq(outbox.subjectId, row.id)).orderBy(asc(outbox.createdAt)),
    db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, row.id))
      .orderBy(asc(leadEvents.at), asc(leadEvents.id)),
    lead.kind === "service-request" ? photosOfRequest(db, row.id, leadOffices(staff)) : [],
    lead.kind === "service-request" ? earlierVisitsOf(db, lead.row) : [],
    lead.kind === "service-request"
      ? db.select().from(texts).where(eq(texts.requestId, row.id)).orderBy(asc(texts.createdAt))
      : [],
    lead.kind === "service-request" && lead.row.textConsentPhone
      ? db.select().from(textOptOuts).where(eq(textOptOuts.phone, lead.row.textConsentPhone))
      : [],
    lead.kind === "service-request" ? earlierPaidJobsOf(db, lead.row) : [],
  ]);
  const ledger = lead.kind === "service-request" ? await ledgerOf(db, row.id) : null;
  const emailViews: LeadEmailView[] = emails.map((email) => ({
    id: email.id,
    purpose: purposeOf(email.kind),
    to: email.message.to,
    subject: email.message.subject,
    state: emailState(row.office, email),
    lastError: email.status === "cancelled" || email.status === "held" ? null : email.lastError,
    canSendAgain: (email.status === "dead" || email.status === "held") && !row.erasedAt,
  }));
  const title =
    lead.kind === "service-request"
      ? `${lead.row.name}: ${lead.row.selectedAppliance}`
      : `${lead.row.name} ${lead.row.lastName}: ${lead.row.subject}`;
  return {
    id: row.id,
    kind: lead.kind,
    title,
    status: row.status,
    warrantyCallback: lead.kind === "service-request" && callbackPending(lead.row),
    version: row.version,
    officeName: stateBySlug(row.office)?.name ?? row.office,
    receivedAt: officeTime(row.office, row.createdAt),
    fields: fieldsOf(lead, earlierJobs),
    emails: emailViews,
    timeline: [
      {
        id: "received",
        at: officeTime(row.office, row.createdAt),
        who: lead.kind === "service-request" && lead.row.takenBy ? lead.row.takenBy : "Website",
        what:
          lead.kind === "service-request"
            ? lead.row.takenBy
              ? "Service request taken by phone"
              : "Service request received"
            : "Message received",
      },
      ...events.map((event) => ({
        id: event.id,
        at: officeTime(row.office, event.at),
        who: event.actorName,
        what: describeEvent(event),
      })),
    ],
    nextStatuses: statusesAfter(lead.kind, row.status),
    safety: lead.kind === "service-request" ? lead.row.safetyConcerns : [],
    language: lead.row.language,
    booking: lead.kind === "service-request" ? await bookingOf(db, lead.row) : null,
    customer: lead.kind === "service-request" ? await customerOf(db, staff, lead.row, now) : null,
    source:
      lead.kind === "service-request" && !lead.row.erasedAt
        ? { current: lead.row.source ?? "website", detail: lead.row.sourceDetail ?? "" }
        : null,
    earlierVisits: earlier.map((visit) => ({
      number: visit.number,
      text: `${visitText(visit.date, visit.window)}, ${visit.technician ?? ""}: ${visit.fieldStatus ? fieldStatusLabels[visit.fieldStatus] : "Done"}${visit.detail ? ` (${visit.detail})` : ""}${visit.serviceCall ? `. ${serviceCallSummary(visit.serviceCall)}` : ""}`,
    })),
    texts:
      lead.kind === "service-request"
        ? {
            consent:
              lead.row.textConsentAt && lead.row.textConsentPhone
                ? `${officeTime(row.office, lead.row.textConsentAt)} ${lead.row.textConsentRecordedBy ? `by phone, recorded by ${lead.row.textConsentRecordedBy},` : `on ${lead.row.textConsentPage ?? "the booking dialog"}`} for ${lead.row.textConsentPhone}: “${lead.row.textConsentWords ?? ""}”`
                : null,
            optedOut: optOut.length > 0,
            turnedOff: lead.row.textsOffAt !== null,
            items: textRows.map((text) => ({
              id: text.id,
              what: textKindLabels[text.kind] ?? text.kind,
              to: text.to,
              at: officeTime(row.office, text.sentAt ?? text.createdAt),
              state:
                text.status === "held" && text.lastError
                  ? text.lastError
                  : text.status === "cancelled" && text.lastError
                    ? `Not sent: ${text.lastError}`
                    : (textStatusLabels[text.status] ?? text.status),
              canSendAgain: text.status === "held" && !lead.row.erasedAt,
            })),
          }
        : null,
    returnVisit:
      lead.kind === "service-request" &&
      lead.row.status === "scheduled" &&
      lead.row.fieldStatus === "needs-part"
        ? {
            part: lead.row.partNeeded ?? "",
            technicianId: lead.row.technicianId ?? "",
            technicians: await officeTechnicians(db, row.office),
          }
        : null,
    warrantyCallbackOffer:
      lead.kind === "service-request" &&
      lead.row.warrantyEnds &&
      offersOfficeCallback(lead.row, now)
        ? {
            ends: formatCalendarDate(lead.row.warrantyEnds),
            technicianId: lead.row.technicianId ?? "",
            technicians: await officeTechnicians(db, row.office),
          }
        : null,
    ledger: ledger ? ledgerViewOf(ledger, staff, row.office) : null,
    cantFixCall: lead.kind === "service-request" ? cantFixCallOf(lead.row) : null,
    photos: photos.map((photo) => ({
      id: photo.id,
      url: `/office/leads/${row.id}/photos/${photo.id}`,
      width: photo.width,
      height: photo.height,
      size: `${Math.max(1, Math.round(photo.byteSize / 1024))} KB`,
    })),
  };
}

/**
 * The lead page's one booking form, with the visit as it stands: none for a request that cannot
 * be booked now, nor while its return visit waits (after Needs a part that form books).
 */
async function bookingOf(db: Database, row: ServiceRequestRow): Promise<LeadView["booking"]> {
  if (!statusesAfter("service-request", row.status).includes("scheduled")) return null;
  if (row.status === "scheduled" && row.fieldStatus === "needs-part") return null;
  // After Can't fix the visit is over: the form books another, on a day and window to choose.
  const ended = afterCantFix(row);
  const booked = row.status === "scheduled" && row.scheduledDate !== null && !ended;
  const date = ended ? "" : (row.scheduledDate ?? row.preferredDate ?? "");
  const technicians = await technicianLoads(db, row, date);
  // Only an account of the office has the visit on their My day: a name typed before, or an
  // account since disabled or moved to another office, is no technician of this visit.
  const assigned = technicians.find((technician) => technician.id === row.technicianId);
  // Not booked yet: the picker starts on the technician with the fewest visits that day.
  const leastLoaded = technicians.reduce<(typeof technicians)[number] | undefined>(
    (least, technician) =>
      !least || (technician.visits ?? 0) < (least.visits ?? 0) ? technician : least,
    undefined,
  );
  return {
    requested: !booked && !ended && row.preferredDate !== null && isTimeSlotId(row.preferredTime),
    ...(ended ? { afterCantFix: true } : {}),
    date,
    window: ended ? "" : (row.scheduledWindow ?? row.preferredTime),
    technicianId: assigned?.id ?? (booked ? "" : (leastLoaded?.id ?? "")),
    technicians,
    booked: booked
      ? {
          when: visitText(row.scheduledDate, row.scheduledWindow),
          technician: assigned ? firstName(assigned.name) : null,
          typedName: assigned ? "" : (row.technician ?? ""),
        }
      : null,
  };
}

/**
 * The office's technicians, each with how many visits they already have on `date` (this
 * request's own left out): the booking form's picker shows each one's load. No day, no count.
 */
async function technicianLoads(
  db: Database,
  row: ServiceRequestRow,
  date: string,
): Promise<{ id: string; name: string; visits: number | null }[]> {
  const technicians = await officeTechnicians(db, row.office);
  if (technicians.length === 0 || date === "") {
    return technicians.map((technician) => ({ ...technician, visits: null }));
  }
  const loads = await db
    .select({ technicianId: requestVisits.technicianId, visits: count() })
    .from(serviceRequests)
    .innerJoin(requestVisits, currentVisit)
    .where(
      and(
        eq(serviceRequests.office, row.office),
        eq(serviceRequests.status, "scheduled"),
        eq(requestVisits.date, date),
        ne(serviceRequests.id, row.id),
        inArray(
          requestVisits.technicianId,
          technicians.map((technician) => technician.id),
        ),
      ),
    )
    .groupBy(requestVisits.technicianId);
  return technicians.map((technician) => ({
    ...technician,
    visits: loads.find((load) => load.technicianId === technician.id)?.visits ?? 0,
  }));
}

/** The call the office owes after Can't fix, until it is recorded (the inbox's flag, too). */
function cantFixCallOf(row: ServiceRequestRow): LeadView["cantFixCall"] {
  if (row.status !== "scheduled" || row.fieldStatus !== "cant-fix" || row.cantFixCallRecordedAt) {
    return null;
  }
  return {
    name: row.name,
    phone: row.phone,
    phoneDigits: row.phone.replace(/[^\d+]/g, ""),
    reason: row.cantFixReason ?? "",
    technician: row.technician ?? "",
  };
}

function describeEvent(event: typeof leadEvents.$inferSelect) {
  switch (event.kind) {
    case "status": {
      const from = event.fromStatus ? leadStatusLabels[event.fromStatus] : "";
      const to = event.toStatus ? leadStatusLabels[event.toStatus] : "";
      const change = from === to ? `Booked again: ${to}` : `Status: ${from} → ${to}`;
      return event.detail ? `${change} (${event.detail})` : change;
    }
    case "note":
      return `Note: ${event.detail}`;
    case "email-resent":
      return `Email sent again: ${event.detail}`;
    case "text-resent":
      return `Text sent again: ${event.detail}`;
    case "rescheduled":
      return event.toStatus
        ? `Moved by the customer, to be confirmed again (${event.detail})`
        : `Moved by the customer (${event.detail})`;
    case "photos":
      return `Photos: ${event.detail}`;
    case "repeated":
      return event.detail;
    case "field":
      return `In the field: ${event.detail}`;
    // What the estimate, the payment, the callback and the review said, written whole.
    case "estimate":
    case "payment":
    case "warranty-callback":
    case "review":
    case "erased":
    case "customer":
    case "source":
      return event.detail;
  }
}
