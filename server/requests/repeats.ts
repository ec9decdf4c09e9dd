import { and, asc, eq, gte, isNull, notInArray, sql } from "drizzle-orm";

import { profileForState } from "~/content/company";
import type { StateSlug } from "~/content/states";
import { formatOfficeTime } from "~/domain/office-time";
import { timeSlots } from "~/domain/time-slots";
import { formatVisit } from "~/domain/visit";
import type { Locale } from "~/lib/locale";

import type { Database, Transaction } from "../db/database";
import { serviceRequests, type NewServiceRequest } from "../db/schema";
import { changeRequest, customer, lockRequest } from "./request-door";

/** A second request of the same phone for the same appliance within this time updates the first. */
export const repeatWindowMs = 24 * 60 * 60 * 1000;

/** The notes of a request asked again and again stop growing here. */
export const maxNotesLength = 10_000;

export interface RepeatKey {
  /** The phone's digits and the appliance: what makes two requests one. */
  key: string;
  phoneDigits: string;
  appliance: string;
  /** Requests stored since this instant count. */
  since: Date;
}

export function repeatKeyFor(request: { phone: string; selectedAppliance: string }, now: Date) {
  const phoneDigits = request.phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return {
    key: `${phoneDigits}/${request.selectedAppliance}`,
    phoneDigits,
    appliance: request.selectedAppliance,
    since: new Date(now.getTime() - repeatWindowMs),
  } satisfies RepeatKey;
}

/**
 * Locks each key (a phone and appliance, a client) for the rest of the transaction, in one order,
 * so two processes storing the same request at once see each other's and cannot deadlock.
 */
export async function lockKeys(tx: Transaction, keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)].sort();
  if (unique.length === 0) return;
  const values = sql.join(
    unique.map((key) => sql`(${key})`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from (values ${values}) as keys(k) order by k`,
  );
}

/** The open request this one repeats, if any. */
export async function findRepeatedRequest(
  tx: Database | Transaction,
  key: RepeatKey,
): Promise<string | null> {
  const [first] = await tx
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(
      and(
        gte(serviceRequests.createdAt, key.since),
        eq(serviceRequests.selectedAppliance, key.appliance),
        sql`regexp_replace(${serviceRequests.phone}, '[^0-9]', '', 'g') in (${key.phoneDigits}, ${`1${key.phoneDigits}`})`,
        notInArray(serviceRequests.status, ["cancelled", "spam", "completed"]),
        isNull(serviceRequests.erasedAt),
      ),
    )
    .orderBy(asc(serviceRequests.createdAt))
    .limit(1);
  return first?.id ?? null;
}

function requestedVisit(request: NewServiceRequest, timeZoneLabel: string): string {
  const slot = timeSlots.find((candidate) => candidate.id === request.preferredTime);
  if (request.preferredDate && slot)
    return formatVisit(request.preferredDate, slot.id, timeZoneLabel);
  return request.preferredDate ?? "";
}

/** The first request of a repeat, as the repeat's emails and the live desk need it. */
export interface FirstRequest {
  id: string;
  office: StateSlug;
  email: string;
  appliance: string;
  /** The first request's language (issue 39). */
  language: Locale;
  /** What the repeat said differently: the field, as it was, as it is now said. */
  changes: { label: string; before: string; after: string }[];
}

/**
 * Adds what the second request said to the first: the fields that differ go into the notes
 * under "Sent again" and the timeline says so. Nothing of the first changes otherwise: an email
 * address given only now is a note, never where the first request's link is sent.
 */
export async function appendRepeatedRequest(
  tx: Transaction,
  firstId: string,
  request: NewServiceRequest,
): Promise<FirstRequest> {
  const first = await lockRequest(tx, firstId);
  if (!first) throw new Error(`The repeated request ${firstId} is gone`);
  const officeSlug = first.office;
  const office = profileForState(officeSlug);
  const firstVisit = requestedVisit(
    {
      ...first,
      preferredDate: first.preferredDate,
      preferredTime: first.preferredTime,
    } as NewServiceRequest,
    office.timeZoneLabel,
  );
  const candidates: [string, string, string][] = [
    ["Name", first.name, request.name],
    ["Email", first.email, request.email],
    ["Address", first.address, request.address],
    ["ZIP code", first.zipCode, request.zipCode ?? ""],
    ["Preferred visit", firstVisit, requestedVisit(request, office.timeZoneLabel)],
    ["Brand", first.brand, request.brand ?? ""],
    ["Model", first.model, request.model ?? ""],
    ["Serial number", first.serialNumber, request.serialNumber ?? ""],
    ["Problem", first.description, request.description ?? ""],
    ["Notes", first.notes, request.notes ?? ""],
  ];
  const changes = candidates.filter(([, before, after]) => after.trim() !== "" && after !== before);
  const stamp = formatOfficeTime(new Date(), office.timeZone, null, "date-and-clock");
  const block =
    changes.length === 0
      ? ""
      : `Sent again ${stamp} ${office.timeZoneLabel}:\n${changes.map(([label, , after]) => `${label}: ${after}`).join("\n")}`;
  const notes = block === "" ? first.notes : [first.notes, block].filter(Boolean).join("\n\n");
  await changeRequest(
    tx,
    first,
    {
      set: {
        notes: notes.slice(0, maxNotesLength),
        // A danger the repeat mentions flags the first request too.
        safetyConcerns: [...new Set([...first.safetyConcerns, ...(request.safetyConcerns ?? [])])],
      },
      event: {
        kind: "repeated",
        detail:
          changes.length === 0
            ? "The same request was sent again"
            : `Sent again with: ${changes.map(([label]) => label.toLowerCase()).join(", ")}`,
      },
    },
    customer,
  );
  return {
    id: first.id,
    office: officeSlug,
    email: first.email,
    appliance: first.selectedAppliance,
    language: first.language,
    changes: changes.map(([label, before, after]) => ({ label, before, after })),
  };
}
