/**
 * A technician's taps on My day (On my way, Arrived, Done, Needs a part, Can't fix): each a POST carrying the
 * key the page gave it, checked against the visit being theirs, written with its timeline event,
 * its email and the desk's notification in one transaction. A key seen before changes nothing:
 * a tap sent twice (a double tap, a retry, a queue replayed once the signal is back) counts once.
 */
import { createHash, randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { z } from "zod";

import { profileForState } from "~/content/company";
import { fieldActions, nextTaps, type FieldAction } from "~/domain/field";
import type { PostedForm } from "~/lib/bounded-body.server";
import { clockTimeIn } from "~/lib/dates";
import { fieldErrorsOf } from "~/lib/field-errors";

import type { Database } from "../db/database";
import { newLeadsChannel } from "../db/notifications";
import { leadEvents, outbox, serviceRequests } from "../db/schema";
import type { StaffMember } from "../desk/staff-accounts";
import { mailContextFor } from "../mail/context";
import { onTheWayEmail, partNeededEmail } from "../mail/field-emails";
import { outboxRows } from "../outbox/enqueue";
import { notifyRequestChanged } from "../requests/request-streams";
import { cancelReminders, type VisitContext } from "../requests/visit-changes";
import { scheduleReviewRequest } from "../reviews/review-requests";
import { enqueueText } from "../texts/enqueue";
import { uuidPattern } from "../desk/leads";
import { claimTapKey, ownVisit } from "./tap-keys";
import { textBodies } from "../texts/messages";

/** The key a tap carries: made by the page (or the phone's queue), never reused on purpose. */
const tapKeySchema = z.string().trim().min(8).max(100);

const onMyWaySchema = z.object({
  minutes: z.coerce
    .number({ error: "Enter the minutes, 1 to 240" })
    .int("Enter whole minutes")
    .min(1, "Enter the minutes, 1 to 240")
    .max(240, "Enter the minutes, 1 to 240"),
});

/** "$189.50", "189.5", "1,200" → cents; null when it is not an amount. */
function centsOf(amount: string): number | null {
  const match = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(amount.trim().replaceAll(",", ""));
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0")) : null;
}

const doneSchema = z
  .object({
    workDone: z
      .string()
      .trim()
      .min(1, "Say what was done")
      .max(2000, "Use at most 2,000 characters"),
    model: z.string().trim().min(1, "Enter the model from the data plate").max(100),
    serialNumber: z.string().trim().min(1, "Enter the serial number from the data plate").max(100),
    partsUsed: z.string().trim().max(1000, "Use at most 1,000 characters").default(""),
    amount: z.string().trim().max(20).default(""),
    noCharge: z.string().optional(),
  })
  // Checked with the other fields (not after them), so every message shows at once.
  .superRefine((done, context) => {
    if (!done.noCharge && centsOf(done.amount) === null) {
      context.addIssue({
        code: "custom",
        path: ["amount"],
        message: "Enter the amount charged (like 189.50), or tick No charge",
      });
    }
  })
  .transform((done) => ({
    ...done,
    amountChargedCents: done.noCharge ? null : centsOf(done.amount),
  }));

const needsPartSchema = z.object({
  part: z
    .string()
    .trim()
    .min(1, "Enter the part needed (a name or a part number)")
    .max(200, "Use at most 200 characters"),
});

const cantFixSchema = z.object({
  reason: z.string().trim().min(1, "Say why").max(1000, "Use at most 1,000 characters"),
});

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
  return cents === null ? "no charge" : `$${(cents / 100).toFixed(2)}`;
}

/** The technician's first name: all the homeowner is told. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export async function recordFieldTap(
  db: Database,
  visits: VisitContext,
  staff: StaffMember,
  form: PostedForm,
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
  const [assigned] = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(ownVisit(requestId, staff));
  if (!assigned) return { ok: false, reason: "not-found" };
  if (!key.success) return invalid({ tapKey: "This page is out of date: reload it" });
  const details =
    intent === "on-my-way"
      ? onMyWaySchema.safeParse(form.fields())
      : intent === "done"
        ? doneSchema.safeParse(form.fields())
        : intent === "needs-part"
          ? needsPartSchema.safeParse(form.fields())
          : intent === "cant-fix"
            ? cantFixSchema.safeParse(form.fields())
            : z.object({}).safeParse({});
  if (!details.success) return invalid(fieldErrorsOf(details.error));

  const now = visits.now();
  return db
    .transaction(async (tx): Promise<FieldTapOutcome> => {
      const [row] = await tx
        .select()
        .from(serviceRequests)
        .where(ownVisit(requestId, staff))
        .for("update");
      if (!row) return { ok: false, reason: "not-found" };
      const claim = await claimTapKey(tx, {
        technicianId: staff.id,
        key: key.data,
        requestId,
        action: intent,
      });
      if (claim === "replay") return { ok: true, action: intent, replayed: true };
      if (claim === "reused") throw new TapRefused(intent);
      if (row.status !== "scheduled" || !nextTaps(row.fieldStatus).includes(intent)) {
        // Rolls back the key too: nothing of this tap is kept.
        throw new TapRefused(intent);
      }
      const office = profileForState(row.office);
      const facts = { office, appliance: row.selectedAppliance, reference: row.reference };
      const data = details.data as Record<string, unknown>;
      let detail: string;
      let change: Partial<typeof serviceRequests.$inferInsert>;
      switch (intent) {
        case "on-my-way": {
          const arrivingAt = new Date(now.getTime() + Number(data.minutes) * 60_000);
          const about = clockTimeIn(arrivingAt, office.timeZone);
          change = { fieldStatus: "on-the-way", arrivingAt };
          detail = `On my way, arriving about ${about} ${office.timeZoneLabel}`;
          // The homeowner is emailed once, and again only when the time moves by 15 minutes.
          const moved =
            row.fieldStatus !== "on-the-way" ||
            !row.arrivingAt ||
            Math.abs(row.arrivingAt.getTime() - arrivingAt.getTime()) >= 15 * 60_000;
          if (moved) {
            await enqueueText(tx, row, {
              kind: "text.on-the-way",
              body: textBodies.onTheWay(facts, firstName(staff.name), about),
            });
          }
          if (row.email !== "" && moved) {
            const mail = mailContextFor(visits.config, office, now);
            const email = onTheWayEmail(
              {
                requestId: row.id,
                email: row.email,
                appliance: row.selectedAppliance,
                reference: row.reference,
                technician: firstName(staff.name),
                arrivingAbout: about,
                tapId: createHash("sha256").update(key.data).digest("hex").slice(0, 16),
                requestUrl: visits.links.urlFor(row.id),
              },
              mail,
            );
            await tx.insert(outbox).values(outboxRows(row.id, [email]));
          }
          break;
        }
        case "arrived":
          change = { fieldStatus: "arrived" };
          detail = "Arrived";
          break;
        case "done": {
          const done = data as z.output<typeof doneSchema>;
          change = {
            fieldStatus: "done",
            status: "completed",
            doneAt: now,
            workDone: done.workDone,
            model: done.model,
            serialNumber: done.serialNumber,
            partsUsed: done.partsUsed,
            amountChargedCents: done.amountChargedCents,
          };
          detail = `Done: ${done.workDone}. Model ${done.model}, serial ${done.serialNumber}. Parts: ${done.partsUsed || "none"}. Charged ${dollars(done.amountChargedCents)}.`;
          await cancelReminders(tx, row.id, "Not needed: the repair was completed");
          await enqueueText(tx, row, { kind: "text.done", body: textBodies.done(facts) });
          await scheduleReviewRequest(tx, row, staff, now, visits);
          break;
        }
        case "needs-part": {
          const part = String(data.part);
          change = { fieldStatus: "needs-part", partNeeded: part };
          detail = `Needs a part: ${part}`;
          // The visit that was booked is over: its reminder (if not sent) is not needed.
          await cancelReminders(tx, row.id, "Not needed: the visit ended waiting for a part");
          if (row.email !== "") {
            const mail = mailContextFor(visits.config, office, now);
            const email = partNeededEmail(
              {
                requestId: row.id,
                email: row.email,
                appliance: row.selectedAppliance,
                reference: row.reference,
                technician: firstName(staff.name),
                part,
                tapId: createHash("sha256").update(key.data).digest("hex").slice(0, 16),
                requestUrl: visits.links.urlFor(row.id),
              },
              mail,
            );
            await tx.insert(outbox).values(outboxRows(row.id, [email]));
          }
          break;
        }
        case "cant-fix": {
          const reason = String(data.reason);
          change = { fieldStatus: "cant-fix", cantFixReason: reason };
          detail = `Can't fix: ${reason}`;
          break;
        }
      }
      await tx
        .update(serviceRequests)
        .set({ ...change, version: sql`${serviceRequests.version} + 1` })
        .where(eq(serviceRequests.id, row.id));
      await tx.insert(leadEvents).values({
        id: randomUUID(),
        leadId: row.id,
        kind: "field",
        actorId: staff.id,
        actorName: staff.name,
        fromStatus: intent === "done" ? row.status : null,
        toStatus: intent === "done" ? "completed" : null,
        detail,
      });
      await tx.execute(sql`select pg_notify(${newLeadsChannel}, ${row.office})`);
      await notifyRequestChanged(tx, row.id);
      return { ok: true, action: intent, replayed: false };
    })
    .catch((error: unknown) => {
      if (error instanceof TapRefused) {
        return {
          ok: false,
          reason: "too-late",
          action: error.action,
          message: "This visit has moved on since: reload My day.",
        } as const;
      }
      throw error;
    });
}

/** Thrown to roll the tap's key back with everything else: the tap did not happen. */
class TapRefused extends Error {
  constructor(readonly action: FieldAction) {
    super("The tap does not follow where the visit stands");
  }
}
