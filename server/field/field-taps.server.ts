/**
 * A technician's taps on My day (On my way, Arrived, Done, Needs a part, Can't fix): each a POST
 * carrying the key the page gave it, checked against the visit being theirs, then one change
 * through the request's door (../requests/request-door.ts), which writes it with its timeline
 * event, tells the desk and the homeowner's page, and has the homeowner hear what the tap's news
 * says (../requests/homeowner-news.ts). A key seen before changes nothing: a tap sent twice (a
 * double tap, a retry, a queue replayed once the signal is back) counts once. What each tap sets,
 * writes and tells is one entry of `taps`, a pure function of the tap and the visit.
 */
import { createHash } from "node:crypto";

import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";

import { profileForState } from "~/content/company";
import { fieldActions, isUndoable, nextTaps, type FieldAction } from "~/domain/field";
import type { PostedForm } from "~/lib/bounded-body.server";
import { formatMoney, parseMoney } from "~/domain/money";
import { firstName } from "~/domain/names";
import { formatOfficeTime } from "~/domain/office-time";
import { fieldErrorsOf } from "~/lib/field-errors";
import { isoDateIn } from "~/lib/dates";

import type { Database, Transaction } from "../db/database";
import { requestVisits, serviceRequests } from "../db/schema";
import type { StaffMember } from "../desk/staff-accounts.server";
import { uuidPattern } from "../desk/leads.server";
import { changeRequest, staffActor, type RequestChange } from "../requests/request-door";
import { fromRequests, lockRequestRow } from "../requests/request-rows";
import type { ServiceRequestRow, VisitContext } from "../requests/visit-changes";
import { countToldThisVisit, onTheWayKinds, onTheWayTelling } from "./field-news";
import { visitAhead, visitAheadName } from "./my-day.server";
import { claimTapKey, ownVisit } from "./tap-keys";

/** The key a tap carries: made by the page (or the phone's queue), never reused on purpose. */
const tapKeySchema = z.string().trim().min(8).max(100);

const onMyWaySchema = z.object({
  minutes: z.coerce
    .number({ error: "Enter the minutes, 1 to 240" })
    .int("Enter whole minutes")
    .min(1, "Enter the minutes, 1 to 240")
    .max(240, "Enter the minutes, 1 to 240"),
});

/** What is stored for the model and the serial number when the data plate cannot be read. */
export const plateUnreadable = "Plate unreadable";

const doneSchema = z
  .object({
    workDone: z
      .string()
      .trim()
      .min(1, "Say what was done")
      .max(2000, "Use at most 2,000 characters"),
    // Required, unless "Plate unreadable" is ticked (below).
    model: z.string().trim().max(100, "Use at most 100 characters").default(""),
    serialNumber: z.string().trim().max(100, "Use at most 100 characters").default(""),
    plateUnreadable: z.string().optional(),
    partsUsed: z.string().trim().max(1000, "Use at most 1,000 characters").default(""),
    amount: z.string().trim().max(20).default(""),
    noCharge: z.string().optional(),
  })
  // Checked with the other fields (not after them), so every message shows at once.
  .superRefine((done, context) => {
    if (!done.plateUnreadable) {
      for (const [path, message] of [
        ["model", "Enter the model from the data plate, or tick Plate unreadable"],
        ["serialNumber", "Enter the serial number from the data plate, or tick Plate unreadable"],
      ] as const) {
        if (done[path] === "") context.addIssue({ code: "custom", path: [path], message });
      }
    }
    if (!done.noCharge && parseMoney(done.amount) === null) {
      context.addIssue({
        code: "custom",
        path: ["amount"],
        message: "Enter the amount charged (like 189.50), or tick No charge",
      });
    }
  })
  .transform((done) => ({
    ...done,
    // The plate unreadable: what could be read is kept, the rest says so.
    model: done.model || plateUnreadable,
    serialNumber: done.serialNumber || plateUnreadable,
    amountChargedCents: done.noCharge ? null : parseMoney(done.amount),
  }));

/** What a part's price or deposit field holds: empty, or an amount (like 275.00). */
const optionalMoney = z.string().trim().max(20).default("");

const needsPartSchema = z
  .object({
    part: z
      .string()
      .trim()
      .min(1, "Enter the part needed (a name or a part number)")
      .max(200, "Use at most 200 characters"),
    partPrice: optionalMoney,
    deposit: optionalMoney,
  })
  .superRefine((needs, context) => {
    const price = parseMoney(needs.partPrice);
    const deposit = parseMoney(needs.deposit);
    if (needs.partPrice !== "" && (price === null || price === 0)) {
      context.addIssue({
        code: "custom",
        path: ["partPrice"],
        message: "Enter the part's price (like 275.00), or leave it empty",
      });
    }
    if (needs.deposit === "") return;
    if (deposit === null || deposit === 0) {
      context.addIssue({
        code: "custom",
        path: ["deposit"],
        message: "Enter the deposit (like 138.00), or leave it empty",
      });
    } else if (needs.partPrice === "") {
      context.addIssue({
        code: "custom",
        path: ["partPrice"],
        message: "Enter the part's price: the deposit is part of it",
      });
    } else if (price !== null && deposit > price) {
      context.addIssue({
        code: "custom",
        path: ["deposit"],
        message: "The deposit cannot be more than the part's price",
      });
    }
  })
  .transform((needs) => ({
    part: needs.part,
    partPriceCents: parseMoney(needs.partPrice),
    depositCents: parseMoney(needs.deposit),
  }));

const cantFixSchema = z.object({
  reason: z.string().trim().min(1, "Say why").max(1000, "Use at most 1,000 characters"),
});

export const depositWithoutCards =
  "Card payments are not set up: the customer cannot pay a deposit online. Leave it empty.";

export type FieldTapOutcome =
  | { ok: true; action: FieldAction; replayed: boolean }
  | { ok: false; reason: "not-found" }
  | {
      ok: false;
      reason: "invalid";
      action: FieldAction;
      fieldErrors: Partial<Record<string, string>>;
    }
  | { ok: false; reason: "too-late"; action: FieldAction; message: string };

function isFieldAction(value: string): value is FieldAction {
  return (fieldActions as readonly string[]).includes(value);
}

function dollars(cents: number | null): string {
  return cents === null ? "no charge" : formatMoney(cents, { cents: "always" });
}

/** What a tap is taken against: the visit locked as it stands, who tapped, when, and its key. */
export interface TapFacts {
  row: Pick<ServiceRequestRow, "office" | "status" | "fieldStatus" | "arrivingAt" | "depositCents">;
  staff: Pick<StaffMember, "id" | "name">;
  now: Date;
  /** The tap's key, as the page sent it. */
  key: string;
  /** How many times the homeowner was told On my way on this visit (read for On my way only). */
  onTheWayToldThisVisit: number;
}

/** Distinct per tap, and not the key itself: what the homeowner's email carries of the tap. */
function tapIdOf(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

/** A tap: the fields it reads, and the change to the visit it makes of them. */
interface Tap<Schema extends z.ZodType> {
  schema: Schema;
  apply(details: z.output<Schema>, tap: TapFacts): RequestChange;
}

/** On my way: the arrival always; the homeowner told only when it is worth it (`onTheWayTelling`). */
const onMyWay: Tap<typeof onMyWaySchema> = {
  schema: onMyWaySchema,
  apply({ minutes }, { row, staff, now, key, onTheWayToldThisVisit }) {
    const office = profileForState(row.office);
    const arrivingAt = new Date(now.getTime() + minutes * 60_000);
    const about = formatOfficeTime(arrivingAt, office.timeZone, null, "clock");
    const detail = `On my way, arriving about ${about} ${office.timeZoneLabel}`;
    const telling = onTheWayTelling({ ...row, toldThisVisit: onTheWayToldThisVisit }, arrivingAt);
    if (!telling.tell) {
      return {
        set: { fieldStatus: "on-the-way", arrivingAt },
        event: { kind: "field", detail: `${detail} (not sent to the customer: ${telling.why})` },
      };
    }
    return {
      set: { fieldStatus: "on-the-way", arrivingAt },
      event: { kind: "field", detail },
      news: {
        kind: "on-the-way",
        arrivingAbout: about,
        technician: firstName(staff.name),
        tapId: tapIdOf(key),
      },
    };
  },
};

const arrived: Tap<z.ZodObject> = {
  schema: z.object({}),
  apply: () => ({ set: { fieldStatus: "arrived" }, event: { kind: "field", detail: "Arrived" } }),
};

const done: Tap<typeof doneSchema> = {
  schema: doneSchema,
  apply(done, { row, staff, now }) {
    // "Model WTW5000, serial C1234567", or "Data plate unreadable" when neither could be read.
    const plateText = ({ model, serialNumber }: { model: string; serialNumber: string }) =>
      model === plateUnreadable && serialNumber === plateUnreadable
        ? "Data plate unreadable"
        : `Model ${model}, serial ${serialNumber}`;
    return {
      set: {
        fieldStatus: "done",
        status: "completed",
        doneAt: now,
        workDone: done.workDone,
        model: done.model,
        serialNumber: done.serialNumber,
        partsUsed: done.partsUsed,
        amountChargedCents: done.amountChargedCents,
      },
      event: {
        kind: "field",
        detail: `Done: ${done.workDone}. ${plateText(done)}. Parts: ${done.partsUsed || "none"}. Charged ${dollars(done.amountChargedCents)}.`,
        fromStatus: row.status,
        toStatus: "completed",
      },
      news: { kind: "repair-done", technician: { id: staff.id, name: staff.name }, doneAt: now },
    };
  },
};

/**
 * Needs a part, with its price and a deposit asked for it when the technician gave them: the
 * homeowner pays the deposit by card on their page (../payments/card-payments.server.ts), and it
 * counts toward the repair. A second part's deposit adds to what the job asked before.
 */
const needsPart: Tap<typeof needsPartSchema> = {
  schema: needsPartSchema,
  apply({ part, partPriceCents, depositCents }, { row, staff, key }) {
    const price = partPriceCents === null ? null : formatMoney(partPriceCents, { cents: "always" });
    const deposit = depositCents === null ? null : formatMoney(depositCents, { cents: "always" });
    return {
      set: {
        fieldStatus: "needs-part",
        partNeeded: part,
        ...(partPriceCents === null ? {} : { partPriceCents }),
        ...(depositCents === null ? {} : { depositCents: (row.depositCents ?? 0) + depositCents }),
      },
      event: {
        kind: "field",
        detail: `Needs a part: ${part}${price ? ` (${price}${deposit ? `, deposit ${deposit} asked` : ""})` : ""}`,
      },
      news: {
        kind: "part-needed",
        part,
        technician: firstName(staff.name),
        tapId: tapIdOf(key),
        price,
        deposit: depositCents,
      },
    };
  },
};

/** Can't fix: the office is emailed to call the homeowner, and flagged until the call is recorded. */
const cantFix: Tap<typeof cantFixSchema> = {
  schema: cantFixSchema,
  apply: ({ reason }, { staff }) => ({
    set: { fieldStatus: "cant-fix", cantFixReason: reason, cantFixCallRecordedAt: null },
    event: { kind: "field", detail: `Can't fix: ${reason}` },
    news: { kind: "cant-fix", reason, technician: staff.name },
  }),
};

/** The change a tap makes once it is taken (its fields read), or its fields' errors. */
export type ParsedTap =
  | { ok: true; changeFor(tap: TapFacts): RequestChange }
  | { ok: false; fieldErrors: Partial<Record<string, string>> };

function parsedBy<Schema extends z.ZodType>(tap: Tap<Schema>, fields: unknown): ParsedTap {
  const details = tap.schema.safeParse(fields);
  if (!details.success) return { ok: false, fieldErrors: fieldErrorsOf(details.error) };
  return { ok: true, changeFor: (facts) => tap.apply(details.data, facts) };
}

/** Reads the fields of the tap `action`: what it will change, or what to correct first. */
export function parseTap(action: FieldAction, fields: unknown): ParsedTap {
  switch (action) {
    case "on-my-way":
      return parsedBy(onMyWay, fields);
    case "arrived":
      return parsedBy(arrived, fields);
    case "done":
      return parsedBy(done, fields);
    case "needs-part":
      return parsedBy(needsPart, fields);
    case "cant-fix":
      return parsedBy(cantFix, fields);
  }
}

export async function recordFieldTap(
  db: Database,
  visits: VisitContext,
  staff: StaffMember,
  form: PostedForm,
  /** Whether cards are taken (a deposit is paid by card, so none is asked without them). */
  cards: { enabled: boolean },
): Promise<FieldTapOutcome> {
  const intent = form.text("intent");
  const requestId = form.text("requestId");
  const key = tapKeySchema.safeParse(form.text("tapKey"));
  if (staff.role !== "technician" || !isFieldAction(intent) || !uuidPattern.test(requestId)) {
    return { ok: false, reason: "not-found" };
  }
  const invalid = (fieldErrors: Partial<Record<string, string>>): FieldTapOutcome => ({
    ok: false,
    reason: "invalid",
    action: intent,
    fieldErrors,
  });
  // Another technician's visit (or none) is a 404 before anything of the tap is read.
  const [assigned] = await fromRequests(db).where(ownVisit(requestId, staff));
  if (!assigned) return { ok: false, reason: "not-found" };
  if (!key.success) return invalid({ tapKey: "This page is out of date: reload it" });
  const tap = parseTap(intent, form.fields());
  if (!tap.ok) return invalid(tap.fieldErrors);
  if (intent === "needs-part" && form.text("deposit").trim() !== "" && !cards.enabled) {
    return invalid({ deposit: depositWithoutCards });
  }

  const now = visits.now();
  return db
    .transaction(async (tx): Promise<FieldTapOutcome> => {
      // Locked here (not with lockRequest): the lock is taken only on the technician's own visit.
      const row = await lockRequestRow(tx, requestId, ownVisit(requestId, staff));
      if (!row) return { ok: false, reason: "not-found" };
      const claim = await claimTapKey(tx, {
        technicianId: staff.id,
        key: key.data,
        requestId,
        action: intent,
        createdAt: now,
        ...(isUndoable(intent) && {
          before: {
            fieldStatus: row.fieldStatus,
            arrivingAt: row.arrivingAt?.toISOString() ?? null,
            partNeeded: row.partNeeded,
            partPriceCents: row.partPriceCents,
            depositCents: row.depositCents,
            visitNumber: row.visitNumber,
          },
        }),
      });
      if (claim === "replay") return { ok: true, action: intent, replayed: true };
      if (claim === "reused") throw new TapRefused(intent);
      const today = isoDateIn(now, profileForState(row.office).timeZone);
      // A later day's visit waits for its day; an earlier day's unfinished one may still be
      // finished (a Done queued offline in the evening and sent the next morning is kept).
      if (row.status === "scheduled" && row.scheduledDate !== null && row.scheduledDate > today) {
        throw new TapRefused(intent, "This visit is not today's: its taps open on its day.");
      }
      if (row.status !== "scheduled" || !nextTaps(row.fieldStatus, true).includes(intent)) {
        // Rolls back the key too: nothing of this tap is kept.
        throw new TapRefused(intent);
      }
      if (intent === "on-my-way" && form.text("outOfOrder") !== "yes") {
        const ahead = await visitAheadOf(tx, row, staff, today);
        if (ahead) {
          throw new TapInvalid(intent, {
            outOfOrder: `${visitAheadName(ahead)} comes first: tick "Go here first" to head here before it.`,
          });
        }
      }
      const onTheWayToldThisVisit =
        intent === "on-my-way" ? await countToldThisVisit(tx, row.id, onTheWayKinds) : 0;
      const change = tap.changeFor({ row, staff, now, key: key.data, onTheWayToldThisVisit });
      const changed = await changeRequest(tx, row, change, staffActor(staff), visits);
      // The row is locked and no version was asked for: a conflict means it was not locked.
      if (!changed.ok) throw new TapRefused(intent);
      return { ok: true, action: intent, replayed: false };
    })
    .catch((error: unknown) => {
      if (error instanceof TapRefused) {
        return {
          ok: false,
          reason: "too-late",
          action: error.action,
          message: error.why,
        } as const;
      }
      if (error instanceof TapInvalid) return invalid(error.fieldErrors);
      throw error;
    });
}

/** Thrown to roll the tap's key back with everything else: the tap did not happen. */
class TapRefused extends Error {
  constructor(
    readonly action: FieldAction,
    readonly why = "This visit has moved on since: reload My day.",
  ) {
    super("The tap does not follow where the visit stands");
  }
}

/** Thrown, as `TapRefused`, for a question the tap's form must answer first. */
class TapInvalid extends Error {
  constructor(
    readonly action: FieldAction,
    readonly fieldErrors: Partial<Record<string, string>>,
  ) {
    super("The tap's form must be answered first");
  }
}

/** The technician's unfinished visit of `today` that comes before `row` (see `visitAhead`). */
async function visitAheadOf(
  tx: Transaction,
  row: ServiceRequestRow,
  staff: Pick<StaffMember, "id">,
  today: string,
) {
  const sameDay = await fromRequests(tx).where(
    and(
      eq(requestVisits.technicianId, staff.id),
      eq(serviceRequests.office, row.office),
      eq(requestVisits.date, today),
      eq(serviceRequests.status, "scheduled"),
      isNull(serviceRequests.erasedAt),
    ),
  );
  return visitAhead(sameDay, row);
}
