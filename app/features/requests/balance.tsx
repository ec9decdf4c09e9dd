import { useLocation } from "react-router";

import { Button } from "~/components/ui/button";
import type { RequestPageView } from "~/domain/request-page";

/**
 * What is owed now, and "Pay by card" (or, while a part is awaited, "Approve and pay the $138
 * part deposit"): a plain form post (with or without JavaScript) to the page's `/pay`, which
 * answers with Stripe Checkout's page. No card is typed on ours. Back from it before Stripe's
 * signed event, the page says the payment is being confirmed; it updates by itself.
 */
export function BalanceSection({ view }: { view: RequestPageView }) {
  const { pathname } = useLocation();
  const { balance, depositPaid } = view;
  if (!balance && !depositPaid) return null;
  const page = pathname.replace(/\/+$/, "");
  const deposit = balance?.deposit ?? null;
  return (
    <section
      id="balance"
      aria-labelledby="balance-heading"
      className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5"
    >
      <h2 id="balance-heading" className="text-xl font-bold text-slate-950">
        {balance ? `${deposit ? "Part deposit" : "Balance"} ${balance.due}` : "Part deposit paid"}
      </h2>
      {depositPaid ? (
        <p role="status" className="font-semibold text-green-900">
          {depositPaid}.{" "}
          {balance ? "" : "We are ordering your part; the deposit counts toward your final bill."}
        </p>
      ) : null}
      {!balance ? null : balance.confirming ? (
        <p role="status" className="font-semibold text-slate-900">
          Thank you: Stripe is confirming your payment. This page updates by itself in a moment.
        </p>
      ) : balance.payByCard ? (
        <>
          <p className="text-slate-800">
            {deposit
              ? `Your repair needs a part${deposit.price ? ` that costs ${deposit.price}` : ""}. We order it once this deposit is paid, and the deposit counts toward your final bill. `
              : ""}
            Pay securely by card on Stripe&rsquo;s payment page. No card fee is added.
          </p>
          <form method="post" action={`${page}/pay`}>
            {/* `cn` has no tailwind-merge: the `!` beats the button's own nowrap and height. */}
            <Button type="submit" size="lg" className="h-auto! min-h-11 whitespace-normal!">
              {deposit ? deposit.button : "Pay by card"}
            </Button>
          </form>
        </>
      ) : (
        <p className="text-slate-800">
          {deposit
            ? `Call ${view.office.phone} to pay the part deposit.`
            : `Pay your technician by cash, check or card, or call ${view.office.phone}.`}
        </p>
      )}
    </section>
  );
}
