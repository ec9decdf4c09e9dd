import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import type { FieldVisit } from "~/domain/field";

import { Refusal } from "./estimate-form";
import { useSendingTap } from "./tap-forms";
import type { FieldTapResult } from "./visit-taps";

/** The card form's name in a tap's answer: the visit's one card payment section. */
export function cardPayFormName(requestId: string): string {
  return `card-pay-${requestId}`;
}

/**
 * After Done, while something is owed and cards are taken: "Text pay link", "Email pay link",
 * "Show QR code" (the customer scans the phone and pays on Stripe's page). Online only: a pay
 * link is no tap to keep for later. Paid, the card flips to what was paid (live).
 */
export function CardPaySection({
  visit,
  result,
}: {
  visit: FieldVisit;
  result: FieldTapResult | undefined;
}) {
  const sending = useSendingTap(visit.id);
  const { cardPay } = visit;
  if (!cardPay) return null;
  const mine = result?.form === cardPayFormName(visit.id) ? result : undefined;
  const qr = mine?.status === "success" ? (mine.qr ?? null) : null;
  const note = mine?.status === "success" && !qr ? mine.message : undefined;
  const refusal = mine?.status === "invalid" ? mine.message : undefined;
  const headingId = `card-pay-${visit.id}-heading`;
  const choices = [
    ...(cardPay.canText ? [{ intent: "pay-link-text", label: "Text pay link" }] : []),
    ...(cardPay.canEmail ? [{ intent: "pay-link-email", label: "Email pay link" }] : []),
    { intent: "pay-qr", label: "Show QR code" },
  ];
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-md bg-slate-50 p-3">
      <h4 id={headingId} className="font-semibold text-slate-900">
        {cardPay.what}: {cardPay.due}
      </h4>
      <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
        <input type="hidden" name="requestId" value={visit.id} />
        {choices.map(({ intent, label }) => (
          <Button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            variant="outline"
            className="h-11"
            loading={sending(intent)}
          >
            {label}
          </Button>
        ))}
      </Form>
      {note ? (
        <p role="status" className="text-sm font-semibold text-green-900">
          {note}
        </p>
      ) : null}
      {qr ? (
        <figure className="grid justify-items-center gap-2 rounded-md bg-white p-3">
          <div
            role="img"
            aria-label={`QR code: pay ${qr.due} by card`}
            className="w-full max-w-64 [&>svg]:h-auto [&>svg]:w-full"
            // Drawn on the server from the pay link's address alone (server/payments/pay-qr.ts).
            dangerouslySetInnerHTML={{ __html: qr.svg }}
          />
          <figcaption className="text-center text-sm text-slate-800">
            The customer scans this to pay {qr.due} by card on their phone.
          </figcaption>
        </figure>
      ) : null}
      <Refusal message={refusal} />
    </section>
  );
}
