/**
 * The ledger's words: what a row of money is (a deposit, a balance payment, a refund), how it was
 * paid, and where it stands. Shared by the server's ledger and the pages that show it.
 */
import type { PaymentMethod } from "./after-the-job";
import { formatMoney } from "./money";
import { requestPageWords } from "./request-page-words";

export const ledgerKinds = ["deposit", "balance", "refund"] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** Cash and check as the technician records them; card through Stripe Checkout (or a terminal). */
export type LedgerMethod = PaymentMethod;

/**
 * pending: a Checkout Session is open; paid: the money is in (a refund: it went back); failed,
 * expired: the session ended without it; refunded: a payment given back in full.
 */
export const ledgerStates = ["pending", "paid", "failed", "expired", "refunded"] as const;
export type LedgerState = (typeof ledgerStates)[number];

/** What a row adds to what was paid: a paid deposit or balance adds, a paid refund takes away. */
export function paidEffect(row: { kind: LedgerKind; state: LedgerState; amountCents: number }) {
  if (row.kind === "refund") return row.state === "paid" ? -row.amountCents : 0;
  // A payment refunded in full stays counted: its refund row takes the money away.
  return row.state === "paid" || row.state === "refunded" ? row.amountCents : 0;
}

/** "Approve and pay the $138 part deposit": the homeowner's page's button and the email's. */
export function depositActionLabel(depositCents: number): string {
  return requestPageWords.en.depositButton(formatMoney(depositCents, { cents: "when-needed" }));
}
