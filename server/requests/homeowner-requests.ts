import { randomUUID } from "node:crypto";

import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";

import { applianceTypes } from "~/content/appliances";
import { formatPhone, profileForState, type CompanyProfile } from "~/content/company";
import type { StateSlug } from "~/content/states";
import { isValidIsoDate } from "~/features/booking/schema";
import type { TimeSlotId } from "~/features/booking/time-slots";
import type { OpenWindow } from "~/features/requests/availability";
import { maxPhotos } from "~/features/requests/photo-rules";
import type { RequestPageView, RequestStep } from "~/features/requests/request-page";
import { formatVisit } from "~/features/requests/visit-text";

import type { Database, Transaction } from "../db/database";
import { newLeadsChannel } from "../db/notifications";
import { leadEvents, requestPhotos, serviceRequests } from "../db/schema";
import { isoDateIn } from "../mail/time-zone";
import { preparePhotos } from "./photos";
import { RequestLinks } from "./request-links";
import {
  movePlace,
  photosAdded,
  visitCancelled,
  visitOf,
  visitRescheduled,
  type ServiceRequestRow,
  type VisitContext,
} from "./visit-changes";
import {
  availability,
  capacityOf,
  isBookableInTime,
  isTimeSlotId,
  nextOpenWindows,
  takePlace,
  windowStart,
  bookingLeadMs,
} from "./windows";

/** How far ahead the private page offers windows to move the visit to. */
const rescheduleDays = 21;

export type CancelOutcome =
  { ok: true } | { ok: false; reason: "not-found" | "not-allowed"; message?: string };

export type RescheduleOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid" | "too-late" | "not-allowed"; message: string }
  | { ok: false; reason: "full"; message: string; openWindows: OpenWindow[] };

export type PhotosOutcome =
  | { ok: true; added: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; message: string };

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

const customer = "Customer";
const closedStatuses = ["cancelled", "spam", "completed"] as const;

function officeOf(row: ServiceRequestRow): CompanyProfile {
  return profileForState(row.office as StateSlug);
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

async function notifyDesk(tx: Transaction, office: string) {
  await tx.execute(sql`select pg_notify(${newLeadsChannel}, ${office})`);
}

/**
 * The homeowner's side of a service request, reached only through its private link: what the
 * page shows, and the three things the homeowner may do (each a POST).
 */
export class HomeownerRequests {
  readonly #db: Database;
  readonly #context: VisitContext;
  readonly #onEnqueued: () => void;

  constructor(db: Database, context: VisitContext, onEnqueued: () => void) {
    this.#db = db;
    this.#context = context;
    this.#onEnqueued = onEnqueued;
  }

  async #find(q: Database | Transaction, token: string, lock = false) {
    const hash = RequestLinks.hashOf(token);
    if (!hash) return null;
    const query = q.select().from(serviceRequests).where(eq(serviceRequests.accessTokenHash, hash));
    const [row] = lock ? await query.for("update") : await query;
    return row && !row.erasedAt ? row : null;
  }

  /** Until when the homeowner may still move or cancel online: two hours before the window. */
  #changeableUntil(row: ServiceRequestRow): Date | null {
    const visit = visitOf(row);
    if (!visit) return null;
    return new Date(windowStart(officeOf(row), visit.date, visit.window).getTime() - bookingLeadMs);
  }

  #tooLate(row: ServiceRequestRow, now: Date): boolean {
    const until = this.#changeableUntil(row);
    return until !== null && now.getTime() >= until.getTime();
  }

  /** Whether the link leads to a request: asked before a POST's body is read. */
  async exists(token: string): Promise<boolean> {
    return (await this.#find(this.#db, token)) !== null;
  }

  async view(token: string): Promise<RequestPageView | null> {
    const row = await this.#find(this.#db, token);
    if (!row) return null;
    const office = officeOf(row);
    const now = this.#context.now();
    const [events, [photos]] = await Promise.all([
      this.#db
        .select()
        .from(leadEvents)
        .where(and(eq(leadEvents.leadId, row.id), eq(leadEvents.kind, "status")))
        .orderBy(desc(leadEvents.at)),
      this.#db
        .select({ total: count() })
        .from(requestPhotos)
        .where(eq(requestPhotos.requestId, row.id)),
    ]);
    const when = (instant: Date) =>
      `${new Intl.DateTimeFormat("en-US", {
        timeZone: office.timeZone,
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
      }).format(instant)} ${office.timeZoneLabel}`;
    const lastTo = (status: ServiceRequestRow["status"]) =>
      events.find((event) => event.toStatus === status)?.at;
    const step = stepOf(row.status);
    const visit = visitOf(row);
    const open = !closedStatuses.includes(row.status as (typeof closedStatuses)[number]);
    const tooLate = this.#tooLate(row, now);
    const rescheduleOptions =
      open && !tooLate ? await this.#rescheduleOptions(row, office, now) : [];
    const appliance =
      applianceTypes.find((type) => type.id === row.selectedAppliance)?.name ?? "Appliance";
    const scheduledAt = lastTo("scheduled");
    const completedAt = lastTo("completed");
    const cancelledAt = lastTo("cancelled") ?? lastTo("spam");
    return {
      appliance,
      name: row.name,
      address: [row.address, row.zipCode].filter(Boolean).join(", "),
      office: {
        name: office.name,
        phone: formatPhone(office.phone),
        phoneForCall: office.phoneForCall,
        hours: office.hours,
      },
      step,
      visit: visit
        ? {
            text: formatVisit(visit.date, visit.window, office.timeZoneLabel),
            confirmed: row.status === "scheduled",
          }
        : null,
      timeline: [
        { step: "received", label: "Request received", at: when(row.createdAt) },
        ...(step === "cancelled"
          ? [
              {
                step: "cancelled" as const,
                label: "Cancelled",
                at: cancelledAt ? when(cancelledAt) : null,
              },
            ]
          : [
              {
                step: "confirmed" as const,
                label:
                  visit && row.status !== "new" && row.status !== "contacted"
                    ? `Visit confirmed: ${formatVisit(visit.date, visit.window, office.timeZoneLabel)}`
                    : "Visit confirmed",
                at:
                  step === "confirmed" || step === "completed"
                    ? scheduledAt
                      ? when(scheduledAt)
                      : null
                    : null,
              },
              {
                step: "completed" as const,
                label: "Repair completed",
                at: step === "completed" && completedAt ? when(completedAt) : null,
              },
            ]),
      ],
      canCancel: open && !tooLate,
      canReschedule: open && !tooLate,
      tooLateToChange: open && tooLate,
      rescheduleOptions,
      photos: { stored: photos?.total ?? 0, max: maxPhotos },
      canAddPhotos: row.status !== "cancelled" && row.status !== "spam",
    };
  }

  async #rescheduleOptions(
    row: ServiceRequestRow,
    office: CompanyProfile,
    now: Date,
  ): Promise<OpenWindow[]> {
    const current = visitOf(row);
    const days = await availability(this.#db, office, {
      from: isoDateIn(now, office.timeZone),
      days: rescheduleDays,
      now,
      defaultCapacity: this.#context.config.WINDOW_CAPACITY,
    });
    return days.flatMap((day) =>
      day.windows.flatMap((window) =>
        window.state === "open" && !(current?.date === day.date && current.window === window.id)
          ? [
              {
                date: day.date,
                window: window.id,
                label: formatVisit(day.date, window.id, office.timeZoneLabel),
              },
            ]
          : [],
      ),
    );
  }

  async cancel(token: string): Promise<CancelOutcome> {
    const now = this.#context.now();
    const outcome = await this.#db.transaction(async (tx): Promise<CancelOutcome> => {
      const row = await this.#find(tx, token, true);
      if (!row) return { ok: false, reason: "not-found" };
      if (row.status === "cancelled" || row.status === "spam") return { ok: true };
      if (row.status === "completed") {
        return { ok: false, reason: "not-allowed", message: "This repair is already completed." };
      }
      if (this.#tooLate(row, now)) {
        return {
          ok: false,
          reason: "not-allowed",
          message: `Your visit starts soon: please call ${formatPhone(officeOf(row).phone)} to cancel it.`,
        };
      }
      await tx
        .update(serviceRequests)
        .set({ status: "cancelled", version: sql`${serviceRequests.version} + 1` })
        .where(eq(serviceRequests.id, row.id));
      await tx.insert(leadEvents).values({
        id: randomUUID(),
        leadId: row.id,
        kind: "status",
        actorName: customer,
        fromStatus: row.status,
        toStatus: "cancelled",
        detail: "Cancelled on the private page",
      });
      await visitCancelled(tx, row, "customer", this.#context);
      await notifyDesk(tx, row.office);
      return { ok: true };
    });
    if (outcome.ok) this.#onEnqueued();
    return outcome;
  }

  async reschedule(token: string, choice: string): Promise<RescheduleOutcome> {
    const [date = "", window = ""] = choice.split("/");
    if (!isValidIsoDate(date) || !isTimeSlotId(window)) {
      return { ok: false, reason: "invalid", message: "Choose one of the open windows." };
    }
    const now = this.#context.now();
    let fullAt: { office: CompanyProfile; date: string } | null = null;
    const outcome = await this.#db.transaction(async (tx): Promise<RescheduleOutcome> => {
      const row = await this.#find(tx, token, true);
      if (!row) return { ok: false, reason: "not-found" };
      const office = officeOf(row);
      if (closedStatuses.includes(row.status as (typeof closedStatuses)[number])) {
        return {
          ok: false,
          reason: "not-allowed",
          message:
            row.status === "completed"
              ? "This repair is already completed."
              : "This request was cancelled: book a new visit, or call us.",
        };
      }
      if (this.#tooLate(row, now)) {
        return {
          ok: false,
          reason: "too-late",
          message: `Your visit starts soon: please call ${formatPhone(office.phone)} to change it.`,
        };
      }
      const current = visitOf(row);
      if (current?.date === date && current.window === window) {
        return { ok: false, reason: "invalid", message: "That is already your visit's window." };
      }
      const place = { office: row.office, date, window: window as TimeSlotId };
      const placed =
        isBookableInTime(place, now) &&
        (await movePlace(tx, row, place, async (next) =>
          takePlace(tx, next, await capacityOf(tx, next, this.#context.config.WINDOW_CAPACITY)),
        ));
      if (!placed) {
        fullAt = { office, date };
        return {
          ok: false,
          reason: "full",
          message: "That window just filled up",
          openWindows: [],
        };
      }
      const wasScheduled = row.status === "scheduled";
      const [moved] = await tx
        .update(serviceRequests)
        .set({
          preferredDate: date,
          preferredTime: window,
          // The office confirms the new time: a booked visit goes back to the office's list.
          ...(wasScheduled
            ? {
                status: "new" as const,
                scheduledDate: null,
                scheduledWindow: null,
                technician: null,
              }
            : {}),
          version: sql`${serviceRequests.version} + 1`,
        })
        .where(eq(serviceRequests.id, row.id))
        .returning();
      const from = current
        ? formatVisit(current.date, current.window, office.timeZoneLabel)
        : "no time";
      await tx.insert(leadEvents).values({
        id: randomUUID(),
        leadId: row.id,
        kind: "rescheduled",
        actorName: customer,
        ...(wasScheduled ? { fromStatus: "scheduled" as const, toStatus: "new" as const } : {}),
        detail: `From ${from} to ${formatVisit(date, window as TimeSlotId, office.timeZoneLabel)}`,
      });
      await visitRescheduled(tx, moved!, this.#context);
      await notifyDesk(tx, row.office);
      return { ok: true };
    });
    if (outcome.ok) this.#onEnqueued();
    if (!outcome.ok && outcome.reason === "full" && fullAt) {
      const { office, date: from } = fullAt;
      return {
        ...outcome,
        openWindows: await nextOpenWindows(this.#db, office, {
          from,
          now,
          defaultCapacity: this.#context.config.WINDOW_CAPACITY,
        }),
      };
    }
    return outcome;
  }

  async addPhotos(token: string, files: readonly UploadedFile[]): Promise<PhotosOutcome> {
    const row = await this.#find(this.#db, token);
    if (!row) return { ok: false, reason: "not-found" };
    if (row.status === "cancelled" || row.status === "spam") {
      return { ok: false, reason: "invalid", message: "This request was cancelled." };
    }
    const [stored] = await this.#db
      .select({ total: count() })
      .from(requestPhotos)
      .where(eq(requestPhotos.requestId, row.id));
    const prepared = await preparePhotos([...files], stored?.total ?? 0);
    if (!prepared.ok) return { ok: false, reason: "invalid", message: prepared.message };
    const outcome = await this.#db.transaction(async (tx): Promise<PhotosOutcome> => {
      const locked = await this.#find(tx, token, true);
      if (!locked) return { ok: false, reason: "not-found" };
      const [again] = await tx
        .select({ total: count() })
        .from(requestPhotos)
        .where(eq(requestPhotos.requestId, row.id));
      if ((again?.total ?? 0) + prepared.photos.length > maxPhotos) {
        return {
          ok: false,
          reason: "invalid",
          message: `You can add up to ${maxPhotos} photos to a request.`,
        };
      }
      await tx.insert(requestPhotos).values(
        prepared.photos.map((photo) => ({
          id: randomUUID(),
          requestId: row.id,
          contentType: photo.contentType,
          data: photo.data,
          byteSize: photo.byteSize,
          width: photo.width,
          height: photo.height,
        })),
      );
      const added = prepared.photos.length;
      await tx.insert(leadEvents).values({
        id: randomUUID(),
        leadId: row.id,
        kind: "photos",
        actorName: customer,
        detail: `${added} photo${added === 1 ? "" : "s"} added`,
      });
      await photosAdded(tx, locked, this.#context);
      await notifyDesk(tx, row.office);
      return { ok: true, added };
    });
    if (outcome.ok) this.#onEnqueued();
    return outcome;
  }
}

/** The photos of the requests of the given offices (the desk's lead page), newest last. */
export async function photosOfRequest(db: Database, requestId: string, offices: readonly string[]) {
  if (offices.length === 0) return [];
  return db
    .select({
      id: requestPhotos.id,
      contentType: requestPhotos.contentType,
      width: requestPhotos.width,
      height: requestPhotos.height,
      byteSize: requestPhotos.byteSize,
      createdAt: requestPhotos.createdAt,
    })
    .from(requestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, requestPhotos.requestId))
    .where(
      and(eq(requestPhotos.requestId, requestId), inArray(serviceRequests.office, [...offices])),
    )
    .orderBy(asc(requestPhotos.createdAt));
}

/** One photo's bytes, for staff of the request's office only. */
export async function photoBytes(
  db: Database,
  requestId: string,
  photoId: string,
  offices: readonly string[],
) {
  if (offices.length === 0) return null;
  const [photo] = await db
    .select({ contentType: requestPhotos.contentType, data: requestPhotos.data })
    .from(requestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, requestPhotos.requestId))
    .where(
      and(
        eq(requestPhotos.id, photoId),
        eq(requestPhotos.requestId, requestId),
        inArray(serviceRequests.office, [...offices]),
      ),
    );
  return photo ?? null;
}
