import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { receiptFacts, type ReceiptView } from "~/domain/estimate";
import type { RequestPageView } from "~/domain/request-page";
import { EstimateLines } from "~/features/field/estimate-form";
import { useHydrated } from "~/lib/use-hydrated";

/** Once paid: the payment, the warranty, and the printable receipt's page. */
export function ReceiptSection({ view }: { view: RequestPageView }) {
  const { receipt } = view.afterTheJob;
  if (!receipt) return null;
  return (
    <section aria-labelledby="receipt-heading" className="grid gap-2">
      <h2 id="receipt-heading" className="text-lg font-bold text-slate-900">
        Receipt
      </h2>
      <p className="text-slate-700">Paid {receipt.payment}.</p>
      <p className="text-slate-700">Warranty: {receipt.warranty}.</p>
      <p>
        <Link to="receipt" relative="path" className="font-semibold text-brand-800 underline">
          View and print the receipt
        </Link>
      </p>
    </section>
  );
}

/** The printable receipt: the company and office, the job, the lines, the payment, the warranty. */
export function ReceiptDocument({ receipt }: { receipt: ReceiptView }) {
  const hydrated = useHydrated();
  const facts = receiptFacts(receipt);
  return (
    <article id="receipt" aria-labelledby="receipt-title" className="grid max-w-2xl gap-6">
      {/* Printed: the receipt alone, without the site's header, map, footer and phone bar. */}
      <style>{`@media print {
  body header, body footer, body nav { display: none !important; }
  body * { visibility: hidden; }
  #receipt, #receipt * { visibility: visible; }
  #receipt { position: absolute; inset: 0 auto auto 0; width: 100%; max-width: none; }
  #receipt [data-print="hide"] { display: none !important; }
}`}</style>
      <div className="grid gap-1">
        <p className="text-xl font-bold text-slate-900">{receipt.company.name}</p>
        <p className="text-slate-700">{receipt.company.street}</p>
        <p className="text-slate-700">{receipt.company.region}</p>
        <p className="text-slate-700">{receipt.company.phone}</p>
      </div>
      <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">
        Receipt
      </h1>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
        {facts.map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="font-semibold text-slate-900">{fact.label}</dt>
            <dd className="[overflow-wrap:anywhere] whitespace-pre-line text-slate-800">
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
      {receipt.estimate ? <EstimateLines estimate={receipt.estimate} caption="Estimate" /> : null}
      <p className="font-semibold text-slate-900">Warranty: {receipt.warranty}</p>
      <div data-print="hide">
        {hydrated ? (
          <Button type="button" onClick={() => window.print()}>
            Print
          </Button>
        ) : (
          <p className="text-slate-700">To print this receipt, use your browser's Print command.</p>
        )}
      </div>
    </article>
  );
}
