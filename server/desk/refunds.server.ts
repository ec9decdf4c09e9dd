/**
 * An owner's refund from the lead page: part or all of a payment, with why. Anyone else (a
 * dispatcher, a technician) is answered as if the form did not exist; another office's lead is
 * a 404. The money moves in ../payments/card-payments.server.ts, through the door.
 */
import { z } from "zod";

import { parseMoney } from "~/domain/money";
import type { PostedForm } from "~/lib/bounded-body.server";
import { fieldErrorsOf } from "~/lib/field-errors";

import { staffActor } from "../requests/request-door";
import type { DeskServices } from "./desk-services";
import { findLead, uuidPattern } from "./leads.server";
import type { StaffMember } from "./staff-accounts.server";

export const refundSchema = z.object({
  paymentId: z.string().regex(uuidPattern, "Choose the payment to refund"),
  amount: z
    .string()
    .trim()
    .max(20)
    .refine((value) => (parseMoney(value) ?? 0) > 0, "Enter the amount to refund (like 50.00)"),
  reason: z
    .string()
    .trim()
    .min(1, "Say why the money goes back (the customer reads it)")
    .max(200, "Use at most 200 characters"),
  refundKey: z.string().trim().min(8).max(100),
});

export type RefundAnswer =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; fieldErrors: Partial<Record<string, string>> }
  | { ok: false; reason: "refused"; message: string };

export async function refundFromLeadPage(
  { db, cards }: Pick<DeskServices, "db" | "cards">,
  staff: StaffMember,
  leadId: string,
  form: PostedForm,
): Promise<RefundAnswer> {
  if (staff.role !== "owner" || !uuidPattern.test(leadId))
    return { ok: false, reason: "not-found" };
  const lead = await findLead(db, staff, leadId);
  if (!lead || lead.kind !== "service-request" || !cards) return { ok: false, reason: "not-found" };
  const parsed = refundSchema.safeParse(form.fields());
  if (!parsed.success) {
    return { ok: false, reason: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const { paymentId, amount, reason, refundKey } = parsed.data;
  const outcome = await cards.refund(
    leadId,
    { paymentId, cents: parseMoney(amount)!, reason, key: `${staff.id}:${refundKey}` },
    staffActor(staff),
  );
  if (outcome.ok) return { ok: true };
  if (outcome.reason === "not-found") return { ok: false, reason: "not-found" };
  return outcome.reason === "invalid"
    ? { ok: false, reason: "invalid", fieldErrors: { amount: outcome.message } }
    : { ok: false, reason: "refused", message: outcome.message };
}
