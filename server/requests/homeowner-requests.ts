/**
 * The changes a homeowner makes on their private page: cancel, move, add photos. Past 250 lines
 * on purpose: the three share one object's state (the request found by its link and locked, the
 * day's budgets per address, this process's uploads at once) and each is one transaction that
 * reads best whole. What the page shows is ./request-view.ts; how photos are stored, ./photo-store.ts.
 */
import { eq, sql } from "drizzle-orm";

import { isoDateIn } from "~/lib/dates";
import type { Locale } from "~/lib/locale";
import { formatPhone, profileForState, type CompanyProfile } from "~/content/company";
import { formatOfficeTime } from "~/domain/office-time";
import { isValidIsoDate } from "~/domain/service-request";
import type { TimeSlotId } from "~/domain/time-slots";
import type { OpenWindow } from "~/domain/availability";
import { maxPhotos, photoMessages } from "~/domain/photos";
import type { RequestPageView } from "~/domain/request-page";
import { requestPageWords } from "~/domain/request-page-words";
import { formatVisit } from "~/domain/visit";
import { callbackPending, callbackProblemSchema } from "~/domain/warranty";

import type { Database, Transaction } from "../db/database";
import { serviceRequests } from "../db/schema";
import { formatMoney } from "~/domain/money";
import { CardPayments, payMessages, type PayLinkOutcome } from "../payments/card-payments.server";
import { PageBudgets, type Refused } from "./page-limits";
import { photosBusyMessage, preparePhotos, type PhotoSource, type PreparedPhoto } from "./photos";
import {
  cantFixChangeMessage,
  closedStatuses,
  officeOf,
  requestPageView,
  rescheduleDays,
} from "./request-view";
import { afterCantFix } from "../field/service-call";
import { isPhotoId, photoBytes, storedPhotos, storePhoto } from "./photo-store";
import { RequestLinks } from "./request-links";
import { answerReview, reviewPageView, type ReviewAnswerOutcome } from "../reviews/review-answers";
import { decideEstimate, receiptsFor, requestAfterTheJob } from "../field/estimates.server";
import type { EstimateDecision } from "~/domain/after-the-job";
import { decidedBySchema, type ReceiptView } from "~/domain/estimate";
import {
  bookWarrantyCallback,
  warrantyView,
  type WarrantyCallbackOutcome,
} from "./warranty-callbacks";
import { cancelPendingCallback } from "./next-visit";
import { changeRequest, customer, lockRequest } from "./request-door";
import { fromRequests, lockRequestRow } from "./request-rows";
import { depositPaidCents, ledgerOf, type LedgerRow } from "./ledger";
import { movePlace, visitOf, type ServiceRequestRow, type VisitContext } from "./visit-changes";
import {
  addDays,
  capacityOf,
  isBookableInTime,
  isTimeSlotId,
  nextOpenWindows,
  takePlace,
  windowStart,
  bookingLeadMs,
} from "./windows";

/** Past a budget (429) or too busy to take it now (503): try again after `retryAfterSeconds`. */
export type Limited = {
  ok: false;
  reason: "limited" | "busy";
  message: string;
  retryAfterSeconds: number;
};

export type CancelOutcome =
  { ok: true } | { ok: false; reason: "not-found" | "not-allowed"; message?: string } | Limited;

export type RescheduleOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid" | "too-late" | "not-allowed"; message: string }
  | { ok: false; reason: "full"; message: string; openWindows: OpenWindow[] }
  | Limited;

export type EstimateAnswerOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid" | "refused"; message: string }
  | Limited;

export type PhotosOutcome =
  | { ok: true; added: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; message: string }
  | Limited;

/**
 * An upload that holds its request's turn: `add` its photos once read (or `prepare` them for
 * another change to store), then always `end` it.
 */
export interface Upload {
  /**
   * Why it may add no photo (the request holds all it can, or the address has added its day's):
   * the photo form is refused with it, a form whose photo is optional (the warranty callback's)
   * goes on without one. Null: it may add photos.
   */
  readonly noRoom: Limited | null;
  add(files: readonly PhotoSource[]): Promise<PhotosOutcome>;
  /** `files` read and made safe to store, counted against the address's day as they are read. */
  prepare(
    files: readonly PhotoSource[],
  ): Promise<
    | { ok: true; photos: PreparedPhoto[] }
    | { ok: false; reason: "invalid"; message: string }
    | Limited
  >;
  end(): Promise<void>;
}

export const tooManyChangesMessage = "Too many changes today. Please call us.";
export const uploadUnderWayMessage =
  "Your other photos are still being added. Please wait for them, then try again.";
export const photosFullMessage = `This request has all the photos it can take (${maxPhotos}). Please call us.`;
export const photosTodayMessage = "No more photos can be added from here today. Please call us.";
const invalidWindowMessage = "Choose one of the open windows.";

/**
 * Uploads read at once in this process, whatever their requests: each may put up to 50 MB in
 * temporary files while it arrives (memory holds a chunk of each), so this bounds the disk they
 * take and the line of photos waiting to be decoded.
 */
export const maxUploadsAtOnce = 16;
/** A request full of photos stays full: asking again tomorrow is as good as it gets. */
const photosFullRetrySeconds = 24 * 60 * 60;
const busyRetrySeconds = 30;

function limited(refused: Refused, message: string): Limited {
  return { ok: false, reason: "limited", message, retryAfterSeconds: refused.retryAfterSeconds };
}

/**
 * The homeowner's side of a service request, reached only through its private link: what the
 * page shows (./request-view.ts), and the three things the homeowner may do (each a POST).
 */
export class HomeownerRequests {
  readonly #db: Database;
  readonly #context: VisitContext;
  readonly #onEnqueued: () => void;
  readonly #budgets: PageBudgets;
  #uploadsAtOnce = 0;

  readonly #cards: CardPayments;

  constructor(
    db: Database,
    context: VisitContext,
    onEnqueued: () => void,
    cards: CardPayments = new CardPayments(db, context, null),
  ) {
    this.#db = db;
    this.#context = context;
    this.#onEnqueued = onEnqueued;
    this.#budgets = new PageBudgets(db);
    this.#cards = cards;
  }

  async #find(q: Database | Transaction, token: string) {
    const hash = RequestLinks.hashOf(token);
    if (!hash) return null;
    const [row] = await fromRequests(q).where(eq(serviceRequests.accessTokenHash, hash));
    return row && !row.erasedAt ? row : null;
  }

  /** The request of `token`, locked for the rest of `tx` (read again after the lock). */
  async #findLocked(tx: Transaction, token: string) {
    const found = await this.#find(tx, token);
    const row = found ? await lockRequestRow(tx, found.id) : null;
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

  /**
   * The language of the request the link leads to (its page answers in it); null when it leads
   * to none: asked before a POST's body is read.
   */
  async languageOf(token: string): Promise<Locale | null> {
    return (await this.#find(this.#db, token))?.language ?? null;
  }

  /**
   * The page for `token`. `paidSession`: the Checkout Session Stripe's page came back from (its
   * `success_url`); while its payment is not confirmed yet (the signed event settles it), the page
   * says so instead of asking again.
   */
  async view(token: string, paidSession?: string): Promise<RequestPageView | null> {
    const row = await this.#find(this.#db, token);
    if (!row) return null;
    const now = this.#context.now();
    const defaultCapacity = this.#context.config.WINDOW_CAPACITY;
    const [view, warranty, afterTheJob, review, balance, ledger] = await Promise.all([
      requestPageView(this.#db, row, { now, tooLate: this.#tooLate(row, now), defaultCapacity }),
      warrantyView(this.#db, row, { now, defaultCapacity }),
      requestAfterTheJob(this.#db, row),
      reviewPageView(this.#db, row),
      this.#cards.balanceOf(this.#db, row),
      ledgerOf(this.#db, row.id, row.jobNumber),
    ]);
    const confirming =
      paidSession !== undefined &&
      ledger.some((entry) => entry.stripeSessionId === paidSession && entry.state === "pending");
    return {
      ...view,
      warranty,
      afterTheJob,
      review,
      balance: balance
        ? {
            due: formatMoney(balance.dueCents, { cents: "always" }),
            payByCard: this.#cards.enabled,
            confirming,
            deposit:
              balance.kind === "deposit"
                ? {
                    button: requestPageWords[row.language].depositButton(
                      formatMoney(balance.dueCents, { cents: "when-needed" }),
                    ),
                    price:
                      row.partPriceCents === null
                        ? null
                        : formatMoney(row.partPriceCents, { cents: "always" }),
                  }
                : null,
          }
        : null,
      depositPaid: row.paidAt === null ? depositPaidLine(row, ledger) : null,
    };
  }

  /**
   * "Pay by card": the Checkout Session's address for what the request owes now (the server's
   * amount; an open session of it is reused). Counted as the page's other changes are: each tap
   * may cost a call to Stripe.
   */
  async pay(token: string, client = "unknown"): Promise<PayLinkOutcome | Limited> {
    const found = await this.#find(this.#db, token);
    if (!found) return { ok: false, reason: "not-found", message: payMessages.nothingOwed };
    if (!this.#cards.enabled) {
      return { ok: false, reason: "unavailable", message: payMessages.unavailable };
    }
    const change = await this.#budgets.takeChange(found.id, client);
    if (!change.ok) return limited(change, tooManyChangesMessage);
    const link = await this.#cards.payLink(found.id, customer);
    // Only a new session (a call to Stripe) is counted: the same one again, or none, costs nothing.
    if (!link.ok || link.reused) await change.giveBack();
    return link;
  }

  /**
   * The receipt page's receipts, the latest first, and the request's language: none for an
   * unknown link, or before a payment.
   */
  async receipts(token: string): Promise<{ receipts: ReceiptView[]; locale: Locale }> {
    const row = await this.#find(this.#db, token);
    if (!row) return { receipts: [], locale: "en" };
    return { receipts: await receiptsFor(this.#db, row), locale: row.language };
  }

  /**
   * "Approve estimate" or "Decline", with the name the homeowner typed: final, so of answers at
   * once one wins and the others are refused (../field/estimates.server.ts). Counted as `cancel` is,
   * refused or not: each answer costs the same to check, and a page cannot post them forever.
   */
  async answerEstimate(
    token: string,
    decision: EstimateDecision,
    typedName: string,
    client = "unknown",
    shown?: string,
  ): Promise<EstimateAnswerOutcome> {
    const name = decidedBySchema.safeParse(typedName);
    const found = await this.#find(this.#db, token);
    if (!found) return { ok: false, reason: "not-found" };
    if (!name.success) {
      return { ok: false, reason: "invalid", message: name.error.issues[0]?.message ?? "" };
    }
    const change = await this.#budgets.takeChange(found.id, client);
    if (!change.ok) return limited(change, tooManyChangesMessage);
    const now = this.#context.now();
    return this.#db.transaction(async (tx): Promise<EstimateAnswerOutcome> => {
      const row = await this.#findLocked(tx, token);
      if (!row) return { ok: false, reason: "not-found" };
      // Through the door: it tells the desk, My day and this page.
      return decideEstimate(
        tx,
        row,
        { decision, name: name.data, place: "page", actor: customer, now, shown },
        this.#context,
      );
    });
  }

  /**
   * The request the link leads to, as its live stream needs it: its id (the stream's key) and
   * whether anything may still happen to it (a cancelled or spam request streams nothing). Null
   * for no request.
   */
  async streamOf(token: string): Promise<{ id: string; ended: boolean } | null> {
    const row = await this.#find(this.#db, token);
    if (!row) return null;
    return { id: row.id, ended: row.status === "cancelled" || row.status === "spam" };
  }

  /** One of the request's own photos, or its thumbnail, or null. */
  async photo(token: string, photoId: string, { thumbnail = false } = {}) {
    if (!isPhotoId(photoId)) return null;
    const row = await this.#find(this.#db, token);
    return row ? photoBytes(this.#db, row.id, photoId, [row.office], { thumbnail }) : null;
  }

  /**
   * Cancels the visit. `client` is the visitor's address as the limits read it: a change is
   * counted against the request's and the address's day before it is made, and given back
   * when it was not made.
   */
  async cancel(token: string, client = "unknown"): Promise<CancelOutcome> {
    const now = this.#context.now();
    const found = await this.#find(this.#db, token);
    if (!found) return { ok: false, reason: "not-found" };
    if (found.status === "cancelled" || found.status === "spam") return { ok: true };
    const change = await this.#budgets.takeChange(found.id, client);
    if (!change.ok) return limited(change, tooManyChangesMessage);
    let changed = false;
    const outcome = await this.#db.transaction(async (tx): Promise<CancelOutcome> => {
      const row = await this.#findLocked(tx, token);
      if (!row) return { ok: false, reason: "not-found" };
      if (row.status === "cancelled" || row.status === "spam") return { ok: true };
      if (row.status === "completed") {
        return { ok: false, reason: "not-allowed", message: "This repair is already completed." };
      }
      if (afterCantFix(row)) {
        return { ok: false, reason: "not-allowed", message: cantFixChangeMessage(officeOf(row)) };
      }
      if (this.#tooLate(row, now)) {
        return {
          ok: false,
          reason: "not-allowed",
          message: `Your visit starts soon: please call ${formatPhone(officeOf(row).phone)} to cancel it.`,
        };
      }
      if (callbackPending(row)) {
        // Only the warranty visit is called off: the paid repair stays completed and guaranteed.
        await cancelPendingCallback(tx, row, customer, this.#context, {
          detail: "Warranty callback cancelled on the private page",
          by: "customer",
        });
      } else {
        await changeRequest(
          tx,
          row,
          {
            set: { status: "cancelled" },
            event: {
              kind: "status",
              fromStatus: row.status,
              toStatus: "cancelled",
              detail: "Cancelled on the private page",
            },
            news: { kind: "visit-cancelled", by: "customer" },
          },
          customer,
          this.#context,
        );
      }
      changed = true;
      return { ok: true };
    });
    if (changed) this.#onEnqueued();
    else await change.giveBack();
    return outcome;
  }

  /**
   * Turns the request's texts off (what waits to be sent is cancelled) or on again. Only for a
   * request whose homeowner ticked the box at booking; counted as `cancel` is.
   */
  async setTexts(token: string, on: boolean, client = "unknown"): Promise<CancelOutcome> {
    const found = await this.#find(this.#db, token);
    if (!found) return { ok: false, reason: "not-found" };
    if (!found.textConsentAt) {
      return { ok: false, reason: "not-allowed", message: "Texts were not asked for at booking." };
    }
    if ((found.textsOffAt === null) === on) return { ok: true };
    const change = await this.#budgets.takeChange(found.id, client);
    if (!change.ok) return limited(change, tooManyChangesMessage);
    await this.#db.transaction(async (tx) => {
      const row = await lockRequest(tx, found.id);
      // Asked twice at once: the second finds it done.
      if (!row || (row.textsOffAt === null) === on) return;
      await changeRequest(
        tx,
        row,
        {
          set: { textsOffAt: on ? null : sql`now()` },
          event: {
            kind: "note",
            detail: on
              ? "Turned texts on again on the private page"
              : "Turned texts off on the private page",
          },
          news: { kind: on ? "texts-on" : "texts-off" },
        },
        customer,
        this.#context,
      );
    });
    return { ok: true };
  }

  /** Whether `date` is one of the days the page offers windows of: today and the next 20. */
  #isOffered(office: CompanyProfile, date: string, now: Date): boolean {
    const today = isoDateIn(now, office.timeZone);
    return date >= today && date <= addDays(today, rescheduleDays - 1);
  }

  /**
   * Moves the visit to `choice` ("yyyy-mm-dd/window"), one of the open windows the page offers;
   * counted as `cancel` is.
   */
  async reschedule(token: string, choice: string, client = "unknown"): Promise<RescheduleOutcome> {
    const [date = "", window = "", ...rest] = choice.split("/");
    const invalid = { ok: false, reason: "invalid", message: invalidWindowMessage } as const;
    if (rest.length > 0 || !isValidIsoDate(date) || !isTimeSlotId(window)) return invalid;
    const now = this.#context.now();
    const found = await this.#find(this.#db, token);
    if (!found) return { ok: false, reason: "not-found" };
    if (!this.#isOffered(officeOf(found), date, now)) return invalid;
    const change = await this.#budgets.takeChange(found.id, client);
    if (!change.ok) return limited(change, tooManyChangesMessage);
    let fullAt: { office: CompanyProfile; date: string } | null = null;
    const outcome = await this.#db.transaction(async (tx): Promise<RescheduleOutcome> => {
      const row = await this.#findLocked(tx, token);
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
      if (afterCantFix(row)) {
        return { ok: false, reason: "not-allowed", message: cantFixChangeMessage(office) };
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
      const capacity = await capacityOf(tx, place, this.#context.config.WINDOW_CAPACITY);
      // A Sunday, a closed day or a window about to start is never offered.
      if (capacity <= 0 || !isBookableInTime(place, now)) return invalid;
      const placed = await movePlace(tx, row, place, (next) => takePlace(tx, next, capacity));
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
      const from = current
        ? formatVisit(current.date, current.window, office.timeZoneLabel)
        : "no time";
      await changeRequest(
        tx,
        row,
        {
          set: {
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
          },
          event: {
            kind: "rescheduled",
            ...(wasScheduled ? { fromStatus: "scheduled" as const, toStatus: "new" as const } : {}),
            detail: `From ${from} to ${formatVisit(date, window as TimeSlotId, office.timeZoneLabel)}`,
          },
          news: { kind: "visit-moved" },
        },
        customer,
        this.#context,
      );
      return { ok: true };
    });
    if (outcome.ok) this.#onEnqueued();
    else await change.giveBack();
    if (!outcome.ok && outcome.reason === "full" && fullAt) {
      const { office, date: from } = fullAt;
      const offered = await nextOpenWindows(this.#db, office, {
        from,
        now,
        defaultCapacity: this.#context.config.WINDOW_CAPACITY,
        locale: found.language,
      });
      return {
        ...outcome,
        openWindows: offered.filter((open) => this.#isOffered(office, open.date, now)),
      };
    }
    return outcome;
  }

  /**
   * "Same problem again?": books the warranty's no-charge callback in `asked.window`
   * ("yyyy-mm-dd/window", one of the open windows the page offers), with what went wrong in the
   * homeowner's words and perhaps a photo of it, read by `photo.upload` (its budgets); counted as
   * `cancel` is. Of posts at once, the request's lock lets one book it; the others find it booked
   * (./warranty-callbacks.ts).
   */
  async bookWarrantyCallback(
    token: string,
    asked: { window: string; problem: string },
    client = "unknown",
    photo?: { upload: Upload; file: PhotoSource },
  ): Promise<WarrantyCallbackOutcome | Limited> {
    const problem = callbackProblemSchema.safeParse(asked.problem);
    if (!problem.success) {
      const message = problem.error.issues[0]?.message ?? "";
      return { ok: false, reason: "invalid", message, field: "problem" };
    }
    const [date = "", window = "", ...rest] = asked.window.split("/");
    const invalid = { ok: false, reason: "invalid", message: invalidWindowMessage } as const;
    if (rest.length > 0 || !isValidIsoDate(date) || !isTimeSlotId(window)) return invalid;
    const now = this.#context.now();
    const found = await this.#find(this.#db, token);
    if (!found) return { ok: false, reason: "not-found" };
    const office = officeOf(found);
    if (!this.#isOffered(office, date, now)) return invalid;
    const change = await this.#budgets.takeChange(found.id, client);
    if (!change.ok) return limited(change, tooManyChangesMessage);
    let prepared: PreparedPhoto | null = null;
    if (photo) {
      const read = await photo.upload.prepare([photo.file]);
      if (!read.ok) {
        await change.giveBack();
        return read.reason === "invalid" ? { ...read, field: "photo" } : read;
      }
      prepared = read.photos[0] ?? null;
    }
    const outcome = await this.#db.transaction(async (tx): Promise<WarrantyCallbackOutcome> => {
      const row = await this.#findLocked(tx, token);
      if (!row) return { ok: false, reason: "not-found" };
      if (prepared && (await storedPhotos(tx, row.id)) >= maxPhotos) {
        return { ok: false, reason: "invalid", message: photoMessages.tooMany, field: "photo" };
      }
      return bookWarrantyCallback(
        tx,
        row,
        { date, window, problem: problem.data, photo: prepared },
        this.#context,
      );
    });
    if (outcome.ok) this.#onEnqueued();
    else await change.giveBack();
    if (!outcome.ok && outcome.reason === "full") {
      const offered = await nextOpenWindows(this.#db, office, {
        from: date,
        now,
        defaultCapacity: this.#context.config.WINDOW_CAPACITY,
        locale: found.language,
      });
      return {
        ...outcome,
        openWindows: offered.filter((open) => this.#isOffered(office, open.date, now)),
      };
    }
    return outcome;
  }

  /** The answer to the review request (../reviews/review-answers.ts); counted as `cancel` is. */
  async answerReview(
    token: string,
    fields: Record<string, string>,
    client = "unknown",
  ): Promise<ReviewAnswerOutcome> {
    const found = await this.#find(this.#db, token);
    if (!found) return { ok: false, reason: "not-found" };
    const outcome = await answerReview(found, fields, {
      db: this.#db,
      budgets: this.#budgets,
      visits: this.#context,
      lock: (tx) => this.#findLocked(tx, token),
      client,
      tooManyMessage: tooManyChangesMessage,
    });
    if (outcome.ok) this.#onEnqueued();
    return outcome;
  }

  /**
   * Begins an upload of photos, before its body is read: refused at once (nothing read) when
   * another upload for the request is under way (in any process) or this process reads as many
   * uploads as it takes. Otherwise the upload holds the request's turn and the photos it may add
   * of the address's day until it ends; when the request holds all the photos it can or `client`
   * has added its day's, it may add none, and says why (`noRoom`).
   */
  async beginUpload(
    token: string,
    client = "unknown",
  ): Promise<{ ok: true; upload: Upload } | Exclude<PhotosOutcome, { ok: true }>> {
    const row = await this.#find(this.#db, token);
    if (!row) return { ok: false, reason: "not-found" };
    if (row.status === "cancelled" || row.status === "spam") {
      return { ok: false, reason: "invalid", message: "This request was cancelled." };
    }
    if (afterCantFix(row)) {
      return { ok: false, reason: "invalid", message: cantFixChangeMessage(officeOf(row)) };
    }
    const stored = await storedPhotos(this.#db, row.id);
    if (this.#uploadsAtOnce >= maxUploadsAtOnce) {
      return {
        ok: false,
        reason: "busy",
        message: photosBusyMessage,
        retryAfterSeconds: busyRetrySeconds,
      };
    }
    this.#uploadsAtOnce += 1;
    let ended = false;
    const end = async (giveBack: () => Promise<unknown>) => {
      if (ended) return;
      ended = true;
      this.#uploadsAtOnce -= 1;
      await giveBack();
    };
    try {
      const turn = await this.#budgets.takeUploadTurn(row.id);
      if (!turn.ok) {
        await end(async () => {});
        return limited(turn, uploadUnderWayMessage);
      }
      const full = stored >= maxPhotos;
      const photos = full ? null : await this.#budgets.takePhotos(client, maxPhotos - stored);
      const noRoom = full
        ? limited({ ok: false, retryAfterSeconds: photosFullRetrySeconds }, photosFullMessage)
        : photos && !photos.ok
          ? limited(photos, photosTodayMessage)
          : null;
      const granted = photos?.ok ? photos.count : 0;
      /** More files than the address's day has left (fewer than the request could hold). */
      const pastToday = (files: readonly PhotoSource[]) =>
        stored + files.length <= maxPhotos && files.length > granted
          ? limited(
              { ok: false, retryAfterSeconds: photos?.retryAfterSeconds ?? 0 },
              photosTodayMessage,
            )
          : null;
      let unused = granted;
      return {
        ok: true,
        upload: {
          noRoom,
          add: async (files) => {
            const refusal = noRoom ?? pastToday(files);
            if (refusal) return refusal;
            const outcome = await this.#addPhotos(row, files, stored);
            if (outcome.ok) unused = granted - outcome.added;
            return outcome;
          },
          prepare: async (files) => {
            const refusal = noRoom ?? pastToday(files);
            if (refusal) return refusal;
            const prepared = await preparePhotos(files, stored);
            if (!prepared.ok && prepared.reason === "busy") {
              return { ...prepared, retryAfterSeconds: busyRetrySeconds };
            }
            // A photo read is counted, stored or not: a refused booking does not read it again free.
            unused = Math.max(0, granted - files.length);
            return prepared.ok
              ? prepared
              : { ok: false, reason: "invalid", message: prepared.message };
          },
          end: () =>
            end(() =>
              Promise.all([turn.giveBack(), photos?.ok ? photos.giveBack(unused) : undefined]),
            ),
        },
      };
    } catch (error) {
      await end(async () => {});
      throw error;
    }
  }

  async #addPhotos(
    row: ServiceRequestRow,
    files: readonly PhotoSource[],
    stored: number,
  ): Promise<PhotosOutcome> {
    const prepared = await preparePhotos(files, stored);
    if (!prepared.ok) {
      return prepared.reason === "busy"
        ? { ...prepared, retryAfterSeconds: busyRetrySeconds }
        : { ok: false, reason: "invalid", message: prepared.message };
    }
    const outcome = await this.#db.transaction(async (tx): Promise<PhotosOutcome> => {
      const locked = await lockRequest(tx, row.id);
      if (!locked || locked.erasedAt) return { ok: false, reason: "not-found" };
      // The technician tapped Can't fix while the photos arrived: the visit is over.
      if (afterCantFix(locked)) {
        return { ok: false, reason: "invalid", message: cantFixChangeMessage(officeOf(locked)) };
      }
      if ((await storedPhotos(tx, row.id)) + prepared.photos.length > maxPhotos) {
        return { ok: false, reason: "invalid", message: photoMessages.tooMany };
      }
      for (const photo of prepared.photos) await storePhoto(tx, row.id, photo);
      const added = prepared.photos.length;
      await changeRequest(
        tx,
        locked,
        {
          event: { kind: "photos", detail: `${added} photo${added === 1 ? "" : "s"} added` },
          news: { kind: "photos-added" },
        },
        customer,
        this.#context,
      );
      return { ok: true, added };
    });
    if (outcome.ok) this.#onEnqueued();
    return outcome;
  }
}

/**
 * "Part deposit paid: $138.00 by card ····4242 on Nov 29": the job's deposits paid while the
 * repair is not (then the receipt lists them); null when none is.
 */
function depositPaidLine(row: ServiceRequestRow, ledger: readonly LedgerRow[]): string | null {
  const last = ledger.filter((entry) => entry.kind === "deposit" && entry.state === "paid").at(-1);
  const cents = depositPaidCents(ledger);
  if (!last || cents <= 0) return null;
  const office = profileForState(row.office);
  const card = last.cardLast4 ? ` ····${last.cardLast4}` : "";
  const when = formatOfficeTime(
    last.settledAt ?? last.createdAt,
    office.timeZone,
    office.timeZoneLabel,
    "day-and-clock",
    row.language,
  );
  const words = requestPageWords[row.language];
  return words.depositPaid(
    formatMoney(cents, { cents: "always" }),
    `${words.paymentMethod[last.method]}${card}`,
    when,
  );
}
