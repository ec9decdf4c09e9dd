import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { paymentMethodLabels, paymentMethods, type PaymentMethod } from "~/domain/after-the-job";
import { noChargeMethod } from "~/domain/estimate";
import type { FieldVisit } from "~/domain/field";

import { controlEdge, foldBodyClass, foldClass, foldSummaryClass } from "./card-edges";
import { Refusal, TapFields, resultFor } from "./estimate-form";
import { useOfflineSubmit, useSendingTap } from "./tap-forms";
import type { FieldTapResult } from "./visit-taps";

/**
 * After Done: "Record payment" (Cash, Check or Card, and the amount, the approved total to start
 * with), once; then what was recorded. The receipt goes to the homeowner from it. After Can't
 * fix the same form records the service call (the fee the booking was shown to start with), or
 * "No charge" with a reason the homeowner reads on their page.
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
  const { payment, paymentKey, suggestedAmount, serviceCall, receiptSent } = visit.afterTheJob;
  const onSubmit = useOfflineSubmit(keepOffline);
  const sending = useSendingTap(visit.id)("payment");
  if (payment) {
    return (
      <p className="rounded-md bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
        {payment}.{receiptSent ? " The receipt was sent to the customer." : null}
      </p>
    );
  }
  if (!paymentKey) return null;
  const { errors, message } = resultFor(result, "payment", visit.id);
  const methodErrorId = `payment-method-${visit.id}-error`;
  const title = serviceCall ? "Record the service call" : "Record payment";
  const methods: readonly (PaymentMethod | typeof noChargeMethod)[] = serviceCall
    ? [...paymentMethods, noChargeMethod]
    : paymentMethods;
  return (
    <details
      open={Object.keys(errors).length > 0 || message !== undefined || undefined}
      className={foldClass}
    >
      <summary className={foldSummaryClass}>{title}</summary>
      <Form method="post" preventScrollReset onSubmit={onSubmit} className={foldBodyClass}>
        <TapFields intent="payment" requestId={visit.id} tapKey={paymentKey} />
        {serviceCall ? (
          <p className="text-sm text-slate-700">
            The repair could not be made: the charge is the service call, or no charge.
          </p>
        ) : null}
        <fieldset
          className="grid gap-1.5"
          aria-invalid={errors.method ? true : undefined}
          aria-describedby={errors.method ? methodErrorId : undefined}
        >
          <legend className="text-sm font-semibold text-slate-900">Paid by</legend>
          <div className="flex flex-wrap gap-2">
            {methods.map((method) => (
              <label
                key={method}
                className="flex min-h-11 items-center gap-2 rounded-md border border-slate-500 px-3 text-slate-900"
              >
                <input
                  type="radio"
                  name="method"
                  value={method}
                  className="size-5 accent-brand-700"
                />
                {method === noChargeMethod ? "No charge" : paymentMethodLabels[method]}
              </label>
            ))}
          </div>
          {errors.method ? (
            <p id={methodErrorId} className="text-sm text-red-800">
              {errors.method}
            </p>
          ) : null}
        </fieldset>
        <Field
          label={serviceCall ? "Service call ($)" : "Amount paid ($)"}
          error={errors.amount}
          className="w-40"
        >
          {(wiring) => (
            <Input
              {...wiring}
              className={controlEdge}
              name="amount"
              inputMode="decimal"
              defaultValue={suggestedAmount}
            />
          )}
        </Field>
        {serviceCall ? (
          <Field
            label="Why no charge (the customer reads it)"
            hint="Only with No charge."
            error={errors.noChargeReason}
          >
            {(wiring) => (
              <Input {...wiring} className={controlEdge} name="noChargeReason" maxLength={200} />
            )}
          </Field>
        ) : null}
        <Button type="submit" className="h-11" loading={sending}>
          {title}
        </Button>
        <Refusal message={message} />
      </Form>
    </details>
  );
}
