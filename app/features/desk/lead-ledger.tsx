import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ResultNotice } from "~/components/ui/notice";
import type { LeadView } from "~/domain/lead-view";
import { fieldErrorsIn, type FormResult } from "~/lib/form-result";

/**
 * "Payments": every row of the request's ledger (deposits, payments, pay links, refunds). An
 * owner may refund what a paid row has left, part or all, with why (the customer reads it).
 */
export function LeadLedger({
  ledger,
  result,
  busy,
}: {
  ledger: NonNullable<LeadView["ledger"]>;
  result: FormResult | undefined;
  busy: boolean;
}) {
  if (ledger.length === 0) return null;
  const errors = fieldErrorsIn(result);
  return (
    <section id="payments" aria-labelledby="payments-heading">
      <h2 id="payments-heading" className="text-lg font-bold text-slate-900">
        Payments
      </h2>
      <ResultNotice result={result} />
      <ul className="mt-3 grid gap-3">
        {ledger.map((row) => (
          <li key={row.id} className="grid gap-1 rounded-md border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">
              {row.what}: {row.amount}
            </p>
            <p className="text-sm text-slate-700">
              {row.state}, {row.at}
              {row.by ? `, ${row.by}` : ""}
            </p>
            {row.refund ? (
              <details className="mt-1">
                <summary className="cursor-pointer font-semibold text-brand-800">Refund</summary>
                <Form method="post" className="mt-3 grid gap-3">
                  <input type="hidden" name="intent" value="refund" />
                  <input type="hidden" name="paymentId" value={row.id} />
                  <input type="hidden" name="refundKey" value={row.refund.key} />
                  <Field label="Amount to refund ($)" error={errors.amount} className="w-48">
                    {(wiring) => (
                      <Input
                        {...wiring}
                        name="amount"
                        inputMode="decimal"
                        defaultValue={row.refund?.max}
                      />
                    )}
                  </Field>
                  <Field label="Why (the customer reads it)" error={errors.reason}>
                    {(wiring) => <Input {...wiring} name="reason" maxLength={200} />}
                  </Field>
                  <Button type="submit" variant="outline" className="h-11 w-fit" loading={busy}>
                    Refund
                  </Button>
                </Form>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
