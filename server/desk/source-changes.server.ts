/**
 * The office corrects where a request came from (the lead page's "Source"): a caller who found
 * us on Yelp booked on the website, a returning customer's cousin. Through the door, with the
 * timeline's line "Source: Google Ads → Yelp"; the numbers count it from then on. A dispatcher
 * of the request's office or an owner; anyone else, or another office's request, is a 404.
 */
import { z } from "zod";

import { requestSources, sourceText } from "~/domain/phone-booking";
import type { PostedForm } from "~/lib/bounded-body.server";
import { fieldErrorsOf } from "~/lib/field-errors";

import type { Database } from "../db/database";
import { changeRequest, lockRequest, staffActor } from "../requests/request-door";
import type { VisitContext } from "../requests/visit-changes";
import { findLead, uuidPattern } from "./leads.server";
import type { StaffMember } from "./staff-accounts.server";

export const sourceChangeSchema = z
  .object({
    source: z.enum(requestSources, "Choose where the customer came from"),
    sourceDetail: z.string().trim().max(100, "Use at most 100 characters").default(""),
    version: z.coerce.number().int().min(0),
  })
  .superRefine((change, context) => {
    if (change.source === "other" && change.sourceDetail === "") {
      context.addIssue({
        code: "custom",
        path: ["sourceDetail"],
        message: "Say where from, in a few words",
      });
    }
  });

export type SourceChangeOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; fieldErrors: Partial<Record<string, string>> }
  | { ok: false; reason: "conflict"; message: string };

export const sourceConflictMessage =
  "This request changed while you had it open. Nothing of yours was saved: look at the change, then try again.";

export async function changeRequestSource(
  db: Database,
  staff: StaffMember,
  leadId: string,
  form: PostedForm,
  visits: VisitContext,
): Promise<SourceChangeOutcome> {
  if (staff.role === "technician" || !uuidPattern.test(leadId)) {
    return { ok: false, reason: "not-found" };
  }
  const parsed = sourceChangeSchema.safeParse(form.fields());
  return db.transaction(async (tx): Promise<SourceChangeOutcome> => {
    const lead = await findLead(tx, staff, leadId);
    if (!lead || lead.kind !== "service-request") return { ok: false, reason: "not-found" };
    if (!parsed.success) {
      return { ok: false, reason: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
    }
    const { source, sourceDetail, version } = parsed.data;
    // The customer's history says who returns; the office does not claim it for a newcomer.
    if (source === "returning-customer" && lead.row.source !== "returning-customer") {
      return {
        ok: false,
        reason: "invalid",
        fieldErrors: {
          source: "A returning customer is one with a paid job before: choose another",
        },
      };
    }
    const row = await lockRequest(tx, lead.row.id);
    if (!row || row.erasedAt) return { ok: false, reason: "not-found" };
    const detail = source === "other" || source === "referral-site" ? sourceDetail || null : null;
    if (row.source === source && (row.sourceDetail ?? null) === detail) return { ok: true };
    const before = row.source ? sourceText(row.source, row.sourceDetail) : "Website";
    const changed = await changeRequest(
      tx,
      row,
      {
        set: { source, sourceDetail: detail },
        event: { kind: "source", detail: `Source: ${before} → ${sourceText(source, detail)}` },
        expectedVersion: version,
      },
      staffActor(staff),
      visits,
    );
    return changed.ok
      ? { ok: true }
      : { ok: false, reason: "conflict", message: sourceConflictMessage };
  });
}
