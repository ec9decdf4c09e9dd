import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { receiptFacts, type ReceiptView } from "~/domain/estimate";
import type { RequestPageView } from "~/domain/request-page";
import { requestPageWords, type RequestPageWords } from "~/domain/request-page-words";
import type { Locale } from "~/lib/locale";
import { useLocale } from "~/lib/use-locale";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Once paid, what the page leads with: the repair's day ("Repaired Nov 27", kept while a warranty
 * visit is booked or done later), the payment, the warranty and the printable receipt's page.
 */
export function ReceiptSection({ view }: { view: RequestPageView }) {
  const { receipt } = view.afterTheJob;
  if (!receipt) return null;
  const words = requestPageWords[view.locale];
  const heading = receipt.forServiceCall ? words.serviceCall : (receipt.repaired ?? words.paid);
  return (
    <section
      id="paid"
      aria-labelledby="receipt-heading"
      className="grid gap-2 rounded-xl border border-green-300 bg-green-50 p-5"
    >
      <h2 id="receipt-heading" className="text-xl font-bold text-green-950">
        {heading}
      </h2>
      <p className="text-lg font-semibold text-slate-900">
        {receipt.forServiceCall ? words.servicePaid : words.paid} {receipt.payment}.
      </p>
      {receipt.warranty ? (
        <p className="text-slate-800">{words.warranty(receipt.warranty)}.</p>
      ) : null}
      <p>
        <Link to="receipt" relative="path" className="font-semibold text-brand-800 underline">
          {words.viewReceipt}
        </Link>
      </p>
    </section>
  );
}

/**
 * The receipt's lines, one to a row: the estimate's parts and labour, the service call when it
 * was waived, the total; then the homeowner's answer.
 */
function ReceiptLines({ receipt, words }: { receipt: ReceiptView; words: RequestPageWords }) {
  const { estimate } = receipt;
  if (!estimate) return null;
  return (
    <div className="grid gap-2">
      <table className="w-full text-slate-900">
        <caption className="text-left font-semibold">{words.estimate}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{words.columns.kind}</th>
            <th scope="col">{words.columns.description}</th>
            <th scope="col">{words.columns.amount}</th>
          </tr>
        </thead>
        <tbody>
          {estimate.lines.map((line, index) => (
            <tr key={index} className="border-b border-slate-200 align-top">
              <td className="py-1 pr-2 text-slate-700">{line.kind}</td>
              <td className="py-1 pr-2 [overflow-wrap:anywhere]">{line.description}</td>
              <td className="py-1 text-right whitespace-nowrap">{line.amount}</td>
            </tr>
          ))}
          {receipt.serviceCallWaived ? (
            <tr className="border-b border-slate-200 align-top">
              <td colSpan={3} className="py-1">
                {receipt.serviceCallWaived}
              </td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-1 text-left">
              {words.columns.total}
            </th>
            <td className="pt-1 text-right font-bold whitespace-nowrap">{estimate.total}</td>
          </tr>
        </tfoot>
      </table>
      {estimate.decision ? (
        <p className="text-slate-800">
          {estimate.decision.text}
          {estimate.declinedText ? `. ${estimate.declinedText}` : ""}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The printable receipt: the company and office, the job, the lines, the payment, the warranty.
 * A request with new work paid after a warranty visit has a receipt for each job: the latest
 * first, then the earlier ones (each with its own lines, payment and warranty).
 */
export function ReceiptDocument({ receipts }: { receipts: readonly ReceiptView[] }) {
  const hydrated = useHydrated();
  const locale = useLocale();
  const words = requestPageWords[locale];
  const [latest, ...earlier] = receipts;
  if (!latest) return null;
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
        <p className="text-xl font-bold text-slate-900">{latest.company.name}</p>
        <p className="text-slate-700">{latest.company.street}</p>
        <p className="text-slate-700">{latest.company.region}</p>
        <p className="text-slate-700">{latest.company.phone}</p>
      </div>
      <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">
        {words.receipt}
      </h1>
      <ReceiptBody receipt={latest} words={words} locale={locale} />
      {earlier.map((receipt, index) => (
        <section
          key={`${receipt.date}-${index}`}
          aria-labelledby={`earlier-receipt-${index}`}
          className="grid gap-6 border-t border-slate-300 pt-6"
        >
          <h2 id={`earlier-receipt-${index}`} className="text-xl font-bold text-slate-900">
            {words.earlierReceipt(receipt.date)}
          </h2>
          <ReceiptBody receipt={receipt} words={words} locale={locale} />
        </section>
      ))}
      <div data-print="hide">
        {hydrated ? (
          <Button type="button" onClick={() => window.print()}>
            {words.print}
          </Button>
        ) : (
          <p className="text-slate-700">{words.printHint}</p>
        )}
      </div>
    </article>
  );
}

/** One receipt's facts, lines and warranty. */
function ReceiptBody({
  receipt,
  words,
  locale,
}: {
  receipt: ReceiptView;
  words: RequestPageWords;
  locale: Locale;
}) {
  const facts = receiptFacts(receipt, locale);
  return (
    <>
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
      <ReceiptLines receipt={receipt} words={words} />
      {receipt.warranty ? (
        <p className="font-semibold text-slate-900">{words.warranty(receipt.warranty)}</p>
      ) : null}
    </>
  );
}
