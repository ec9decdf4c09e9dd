/**
 * "New request" (`/office/leads/new`): a request the office takes by phone, saved as a web
 * booking is (../leads/submissions.ts `serviceRequestWrite`, written by the lead writer with its
 * window place, its notification to the live desks and its texts), then, when a technician was
 * chosen, booked with them through the door (./lead-changes.server.ts `changeLeadStatus`): their
 * My day shows it, and the homeowner hears "Your repair visit is booked" with the private link and
 * the calendar file. Without a technician the homeowner gets the web booking's confirmation with
 * its link. The office is not emailed about a request its own staff typed; what it sends counts in
 * the office's budget, not the website's. Owners and dispatchers, for their offices only.
 */
import { profileForState } from "~/content/company";
import { stateBySlug } from "~/content/states";
import type { OpenWindow } from "~/domain/availability";
import {
  phoneBookingMessages,
  phoneBookingSchema,
  phoneTextConsentWordsIn,
} from "~/domain/phone-booking";
import type { PostedForm } from "~/lib/bounded-body.server";
import { isoDateIn } from "~/lib/dates";
import { fieldErrorsOf } from "~/lib/field-errors";

import { and, eq, inArray } from "drizzle-orm";

import type { Database } from "../db/database";
import { idempotencyKeys, serviceRequests } from "../db/schema";
import type { LeadWriter } from "../leads/lead-writer";
import { serviceRequestWrite } from "../leads/submissions";
import { mailContextFor } from "../mail/context";
import { pricePolicyFor } from "../prices/price-policy";
import { bookableDayRefusal } from "../requests/bookable-days";
import { RequestReferences } from "../requests/request-references";
import { findRepeatedRequest, repeatKeyFor } from "../requests/repeats";
import { requestHashOf, sameRequest } from "../leads/idempotency";
import type { VisitContext } from "../requests/visit-changes";
import { capacityOf, nextOpenWindows } from "../requests/windows";
import { e164Of } from "../texts/phone-numbers";
import { officeTechnicians } from "../field/technicians";
import { changeLeadStatus } from "./lead-changes.server";
import { leadOffices, type StaffMember } from "./staff-accounts.server";

export interface PhoneBookingServices {
  db: Database;
  leads: LeadWriter;
  visits: VisitContext;
  /** Called once the request's emails and texts are in the outbox. */
  onEnqueued: () => void;
}

export type PhoneBookingOutcome =
  | { ok: true; id: string }
  | { ok: false; reason: "not-found" }
  | {
      ok: false;
      reason: "invalid";
      fieldErrors: Partial<Record<string, string>>;
      /** The window was full: the next open ones, to choose from. */
      openWindows?: OpenWindow[];
      /** The caller's request for the same appliance, made recently: the lead to open instead. */
      repeatOf?: string;
    };

/** Who may take a request by phone: an owner or a dispatcher (a technician gets a 404). */
export function takesPhoneBookings(staff: Pick<StaffMember, "role">): boolean {
  return staff.role === "owner" || staff.role === "dispatcher";
}

/** The offices `staff` may book for, each with its today and its technicians: the form's choices. */
export async function phoneBookingChoices(db: Database, staff: StaffMember, now: Date) {
  return Promise.all(
    leadOffices(staff).map(async (slug) => ({
      slug,
      name: stateBySlug(slug)?.name ?? slug,
      today: isoDateIn(now, profileForState(slug).timeZone),
      technicians: (await officeTechnicians(db, slug)).map(({ id, name }) => ({ id, name })),
    })),
  );
}

const phoneBookingEndpoint = "/office/leads/new";
const bookingKeyPattern = /^[\w-]{8,100}$/;

const staleFormMessage =
  "This form was sent before with other details: open New request again to take another call.";

const repeatCallMessage =
  "This caller asked about the same appliance in the last days: open that request instead.";

/** Creates the request `form` describes, taken by `staff` on the phone. */
export async function createPhoneBooking(
  { db, leads, visits, onEnqueued }: PhoneBookingServices,
  staff: StaffMember,
  form: PostedForm,
): Promise<PhoneBookingOutcome> {
  if (!takesPhoneBookings(staff)) return { ok: false, reason: "not-found" };
  const parsed = phoneBookingSchema.safeParse(form.fields());
  if (!parsed.success) {
    return { ok: false, reason: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const booking = parsed.data;
  if (!leadOffices(staff).includes(booking.office)) {
    return { ok: false, reason: "invalid", fieldErrors: { office: phoneBookingMessages.office } };
  }
  const now = visits.now();
  const office = profileForState(booking.office);
  const dayRefusal = bookableDayRefusal(
    booking.scheduledDate,
    booking.office,
    now,
    visits.config.BOOKING_DAYS_AHEAD,
  );
  if (dayRefusal) {
    return { ok: false, reason: "invalid", fieldErrors: { scheduledDate: dayRefusal } };
  }
  const technician = booking.technicianId
    ? (await officeTechnicians(db, booking.office)).find(
        (candidate) => candidate.id === booking.technicianId,
      )
    : undefined;
  if (booking.technicianId && !technician) {
    return {
      ok: false,
      reason: "invalid",
      fieldErrors: { technicianId: phoneBookingMessages.technician },
    };
  }
  const place = {
    office: booking.office,
    date: booking.scheduledDate,
    window: booking.scheduledWindow,
  };
  const overbook = booking.overbookReason !== "";
  const full = async (message: string = phoneBookingMessages.full) => ({
    ok: false as const,
    reason: "invalid" as const,
    fieldErrors: { scheduledWindow: message },
    openWindows: await nextOpenWindows(db, office, {
      from: booking.scheduledDate,
      now,
      defaultCapacity: visits.config.WINDOW_CAPACITY,
    }),
  });
  // A Sunday, a closed day or a window set to none: booked only with a reason, as a full one.
  if ((await capacityOf(db, place, visits.config.WINDOW_CAPACITY)) <= 0 && !overbook) {
    return full(phoneBookingMessages.closed);
  }
  // The form's key: the same form posted twice (a double click without JavaScript) is one request.
  const key = form.text("bookingKey").trim();
  const scope = bookingKeyPattern.test(key)
    ? {
        endpoint: phoneBookingEndpoint,
        key: `${staff.id}/${key}`,
        requestHash: requestHashOf(phoneBookingEndpoint, form.fields()),
      }
    : null;
  // Another office's request is not this desk's to see, nor to be told of.
  const repeatId = await findRepeatedRequest(db, repeatKeyFor(booking, now));
  const [repeat] = repeatId
    ? await db
        .select({ id: serviceRequests.id })
        .from(serviceRequests)
        .where(
          and(
            eq(serviceRequests.id, repeatId),
            inArray(serviceRequests.office, leadOffices(staff)),
          ),
        )
    : [];
  if (repeat) {
    // The request this very form made (sent twice): its answer again, or the form is stale.
    const [recorded] = scope
      ? await db
          .select()
          .from(idempotencyKeys)
          .where(
            and(eq(idempotencyKeys.endpoint, scope.endpoint), eq(idempotencyKeys.key, scope.key)),
          )
      : [];
    if (recorded) {
      return sameRequest(recorded.requestHash, scope?.requestHash) && "id" in recorded.response
        ? { ok: true, id: recorded.response.id }
        : { ok: false, reason: "invalid", fieldErrors: { form: staleFormMessage } };
    }
    return {
      ok: false,
      reason: "invalid",
      fieldErrors: { phone: repeatCallMessage },
      repeatOf: repeat.id,
    };
  }

  const mail = mailContextFor(visits.config, office, now);
  const write = serviceRequestWrite(
    {
      ...booking,
      preferredDate: booking.scheduledDate,
      preferredTime: booking.scheduledWindow,
      textConsent: booking.textConsent,
      textConsentPage: "",
      // The desk's "Prefers Spanish" box (issue 39): everything the caller receives follows it.
      language: booking.prefersSpanish ? "es" : "en",
      companyEmail: office.email,
      website: "",
    },
    mail,
    {
      links: visits.links,
      reference: await new RequestReferences(db).next(),
      clientKey: "",
      mailFor: (other) => mailContextFor(visits.config, other, now),
      pricePolicy: await pricePolicyFor(db, booking.office),
    },
  );
  const row = write.serviceRequest!;
  const textTo = booking.textConsent ? e164Of(booking.phone) : null;
  Object.assign(row, {
    source: booking.source,
    sourceDetail: booking.source === "other" ? booking.sourceOther : null,
    takenById: staff.id,
    takenBy: staff.name,
    ...(textTo
      ? {
          textConsentWords: phoneTextConsentWordsIn(booking.prefersSpanish),
          textConsentAt: now,
          textConsentPage: null,
          textConsentRecordedBy: staff.name,
        }
      : {}),
  });
  // The homeowner's confirmation only, as the office's: "visit booked" replaces it when a
  // technician is chosen (it carries the link and the calendar file too).
  const emails = technician
    ? []
    : write.emails
        .filter((email) => email.kind === "service-request.customer")
        .map((email) => ({ ...email, cause: "office" as const }));
  const texts = technician
    ? []
    : (write.texts ?? []).map((text) => ({ ...text, cause: "office" as const }));
  const planned = { ...write, emails, texts, scope, repeatOf: undefined, repeatEmails: undefined };
  let stored = await leads.write(planned);
  // Full: booked anyway only with a reason, which the request then keeps.
  if (stored.kind === "window-full" && overbook) {
    Object.assign(row, { overbookReason: booking.overbookReason });
    stored = await leads.write({ ...planned, overbook: true });
  }
  if (stored.kind === "window-full") return full();
  if (stored.kind === "key-reused") {
    return { ok: false, reason: "invalid", fieldErrors: { form: staleFormMessage } };
  }
  if (!("id" in stored.answer.body)) throw new Error("A phone booking was not stored");
  const id = stored.answer.body.id;
  if (stored.replayed) return { ok: true, id };
  onEnqueued();
  if (technician) {
    const [created] = await db
      .select({ version: serviceRequests.version })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id));
    const booked = await changeLeadStatus(
      db,
      staff,
      id,
      {
        version: created?.version ?? 0,
        status: "scheduled",
        scheduledDate: booking.scheduledDate,
        scheduledWindow: booking.scheduledWindow,
        technician: technician.name,
        technicianId: technician.id,
      },
      visits,
    );
    // Changed on another desk in between (it is on every desk at once): stored, and the lead
    // page's form books it; the homeowner hears of the booking then.
    if (!booked.ok)
      console.warn(`The phone booking ${id} was stored but not booked: ${booked.reason}`);
    else onEnqueued();
  }
  return { ok: true, id };
}
