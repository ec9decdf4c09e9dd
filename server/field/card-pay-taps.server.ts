/**
 * My day's card payment, after Done (or Can't fix's service call): "Text pay link", "Email pay
 * link" and "Show QR code", each the request's one open Checkout Session for what it owes now
 * (../payments/card-payments.server.ts). A technician's own visit only: anyone else's is a 404
 * before anything is read; the amount is the server's.
 */
import { uuidPattern } from "../desk/leads.server";
import type { StaffMember } from "../desk/staff-accounts.server";
import type { Database } from "../db/database";
import { payMessages, type CardPayments } from "../payments/card-payments.server";
import { payQrSvg } from "../payments/pay-qr";
import { staffActor } from "../requests/request-door";
import { fromRequests } from "../requests/request-rows";
import type { PostedForm } from "~/lib/bounded-body.server";
import { formatMoney } from "~/domain/money";
import { ownVisit } from "./tap-keys";

export const cardPayIntents = ["pay-link-text", "pay-link-email", "pay-qr"] as const;
export type CardPayIntent = (typeof cardPayIntents)[number];

export function isCardPayIntent(value: string): value is CardPayIntent {
  return (cardPayIntents as readonly string[]).includes(value);
}

export type CardPayTapOutcome =
  | { ok: true; message: string; qr: { svg: string; due: string } | null }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "refused"; message: string };

export async function cardPayTap(
  db: Database,
  cards: CardPayments | undefined,
  staff: StaffMember,
  form: PostedForm,
): Promise<CardPayTapOutcome> {
  const intent = form.text("intent");
  const requestId = form.text("requestId");
  if (staff.role !== "technician" || !isCardPayIntent(intent) || !uuidPattern.test(requestId)) {
    return { ok: false, reason: "not-found" };
  }
  const [assigned] = await fromRequests(db).where(ownVisit(requestId, staff));
  if (!assigned) return { ok: false, reason: "not-found" };
  if (!cards?.enabled) return { ok: false, reason: "refused", message: payMessages.notSetUp };
  const actor = staffActor(staff);
  if (intent === "pay-qr") {
    const link = await cards.payLink(requestId, actor);
    if (!link.ok) return { ok: false, reason: "refused", message: link.message };
    const due = formatMoney(link.cents, { cents: "always" });
    return {
      ok: true,
      message: `Scan to pay ${due} by card.`,
      qr: { svg: await payQrSvg(link.url), due },
    };
  }
  const by = intent === "pay-link-text" ? "text" : "email";
  const sent = await cards.sendPayLink(requestId, actor, by);
  if (!sent.ok) return { ok: false, reason: "refused", message: sent.message };
  const due = formatMoney(sent.cents, { cents: "always" });
  return {
    ok: true,
    message: `Pay link for ${due} ${by === "text" ? "texted" : "emailed"} to the customer.`,
    qr: null,
  };
}
