import { useLocation } from "react-router";

import { Button } from "~/components/ui/button";
import type { RequestPageView } from "~/domain/request-page";

/**
 * What is owed now, and "Pay by card": a plain form post (with or without JavaScript) to the
 * page's `/pay`, which answers with Stripe Checkout's page. No card is typed on ours.
 */
export function BalanceSection({ view }: { view: RequestPageView }) {
  const { pathname } = useLocation();
  const { balance } = view;
  if (!balance) return null;
  const page = pathname.replace(/\/+$/, "");
  return (
    <section
      id="balance"
      aria-labelledby="balance-heading"
      className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5"
    >
      <h2 id="balance-heading" className="text-xl font-bold text-slate-950">
        Balance {balance.due}
      </h2>
      {balance.payByCard ? (
        <>
          <p className="text-slate-800">
            Pay securely by card on Stripe&rsquo;s payment page. No card fee is added.
          </p>
          <form method="post" action={`${page}/pay`}>
            <Button type="submit" size="lg">
              Pay by card
            </Button>
          </form>
        </>
      ) : (
        <p className="text-slate-800">
          Pay your technician by cash, check or card, or call {view.office.phone}.
        </p>
      )}
    </section>
  );
}
