import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { paymentMethodLabels, paymentMethods } from "~/domain/after-the-job";
import type { FieldVisit } from "~/domain/field";

import { Refusal, TapFields, resultFor } from "./estimate-form";
import { useOfflineSubmit, useSendingTap } from "./tap-forms";
import type { FieldTapResult } from "./visit-taps";

/**
 * After Done: "Record payment" (Cash, Check or Card, and the amount, the approved total to start
 * with), once; then what was recorded. The receipt goes to the homeowner from it.
 */
export function PaymentSection({
  visit,
  result,
  keepOffline,
}: {
  visit: FieldVisit;
  result: FieldTapResult | undefined;
  keepOffline: (form: HTMLFormElement) => void;
}) {
  const { payment, paymentKey, suggestedAmount } = visit.afterTheJob;
  const onSubmit = useOfflineSubmit(keepOffline);
  const sending = useSendingTap(visit.id)("payment");
  if (payment) {
    return (
      <p className="rounded-md bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
        {payment}. The receipt was sent to the customer.
      </p>
    );
  }
  if (!paymentKey) return null;
  const { errors, message } = resultFor(result, "payment", visit.id);
  const methodErrorId = `payment-method-${visit.id}-error`;
  return (
    <details
      open={Object.keys(errors).length > 0 || message !== undefined || undefined}
      className="rounded-lg border border-slate-200"
    >
      <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-semibold text-slate-900">
        Record payment
      </summary>
      <Form method="post" onSubmit={onSubmit} className="grid gap-3 border-t border-slate-200 p-3">
        <TapFields intent="payment" requestId={visit.id} tapKey={paymentKey} />
        <fieldset
          className="grid gap-1.5"
          aria-invalid={errors.method ? true : undefined}
          aria-describedby={errors.method ? methodErrorId : undefined}
        >
          <legend className="text-sm font-semibold text-slate-900">Paid by</legend>
          <div className="flex flex-wrap gap-2">
            {paymentMethods.map((method) => (
              <label
                key={method}
                className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 text-slate-900"
              >
                <input type="radio" name="method" value={method} className="size-5" />
                {paymentMethodLabels[method]}
              </label>
            ))}
          </div>
          {errors.method ? (
            <p id={methodErrorId} className="text-sm text-red-800">
              {errors.method}
            </p>
          ) : null}
        </fieldset>
        <Field label="Amount paid ($)" error={errors.amount} className="w-40">
          {(wiring) => (
            <Input {...wiring} name="amount" inputMode="decimal" defaultValue={suggestedAmount} />
          )}
        </Field>
        <Button type="submit" className="h-11" loading={sending}>
          Record payment
        </Button>
        <Refusal message={message} />
      </Form>
    </details>
  );
}
