import { useLocation } from "react-router";

import { Button } from "~/components/ui/button";
import type { RequestPageView } from "~/domain/request-page";
import { requestPageWords } from "~/domain/request-page-words";

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
  const words = requestPageWords[view.locale];
  return (
    <section
      id="balance"
      aria-labelledby="balance-heading"
      className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5"
    >
      <h2 id="balance-heading" className="text-xl font-bold text-slate-950">
        {balance
          ? deposit
            ? words.partDeposit(balance.due)
            : words.balance(balance.due)
          : words.partDepositPaidHeading}
      </h2>
      {depositPaid ? (
        <p role="status" className="font-semibold text-green-900">
          {depositPaid}. {balance ? "" : words.orderingPart}
        </p>
      ) : null}
      {!balance ? null : balance.confirming ? (
        <p role="status" className="font-semibold text-slate-900">
          {words.confirming}
        </p>
      ) : balance.payByCard ? (
        <>
          <p className="text-slate-800">
            {deposit ? words.partNote(deposit.price) : ""}
            {words.payNote}
          </p>
          <form method="post" action={`${page}/pay`}>
            {/* `cn` has no tailwind-merge: the `!` beats the button's own nowrap and height. */}
            <Button type="submit" size="lg" className="h-auto! min-h-11 whitespace-normal!">
              {deposit ? deposit.button : words.payByCard}
            </Button>
          </form>
        </>
      ) : (
        <p className="text-slate-800">
          {deposit
            ? words.callToPayDeposit(view.office.phone)
            : words.payTechnician(view.office.phone)}
        </p>
      )}
    </section>
  );
}
