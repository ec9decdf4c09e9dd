import { useState } from "react";
import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { estimateLineKinds } from "~/domain/after-the-job";
import {
  estimateFormRows,
  estimateLineField,
  estimateLineKindLabels,
  maxEstimateLines,
  type EstimateView,
} from "~/domain/estimate";
import { englishEstimateColumns, type EstimateColumns } from "~/domain/estimate-columns";
import type { FieldVisit } from "~/domain/field";
import { formatMoney, parseMoney } from "~/domain/money";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

import { controlEdge, foldBodyClass, foldClass, foldSummaryClass } from "./card-edges";
import { useOfflineSubmit, useSendingTap } from "./tap-forms";
import type { FieldTapResult } from "./visit-taps";

/** The form a result answers: the intent and the visit, as the taps' (visit-taps.tsx). */
export function afterTheJobFormName(intent: string, requestId: string): string {
  return `${intent}:${requestId}`;
}

/** Why a form was refused, under its button. */
export function Refusal({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

/** The result for this visit's `intent` form: its field errors and message. */
export function resultFor(
  result: FieldTapResult | undefined,
  intent: string,
  requestId: string,
): { errors: Partial<Record<string, string>>; message: string | undefined } {
  if (result?.form !== afterTheJobFormName(intent, requestId)) {
    return { errors: {}, message: undefined };
  }
  return {
    errors: result.status === "invalid" ? (result.fieldErrors ?? {}) : {},
    message: result.message,
  };
}

/** The hidden fields every form of the card posts (the tap's pattern). */
export function TapFields({
  intent,
  requestId,
  tapKey,
}: {
  intent: string;
  requestId: string;
  tapKey: string;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="tapKey" value={tapKey} />
    </>
  );
}

/** The estimate's lines and total, and the customer's answer once given. */
export function EstimateLines({
  estimate,
  caption,
  columns = englishEstimateColumns,
}: {
  estimate: EstimateView;
  caption: string;
  /** The columns' names in the page's language (the homeowner's page may be Spanish). */
  columns?: EstimateColumns;
}) {
  return (
    <div className="grid gap-2">
      <table className="w-full text-sm text-slate-900">
        <caption className="text-left font-semibold">{caption}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{columns.kind}</th>
            <th scope="col">{columns.description}</th>
            <th scope="col">{columns.amount}</th>
          </tr>
        </thead>
        <tbody>
          {estimate.lines.map((line, index) => (
            <tr key={index} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-2 text-slate-600">{line.kind}</td>
              <td className="py-1 pr-2 [overflow-wrap:anywhere]">{line.description}</td>
              <td className="py-1 text-right whitespace-nowrap">{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-1 text-left">
              {columns.total}
            </th>
            <td className="pt-1 text-right font-bold whitespace-nowrap">{estimate.total}</td>
          </tr>
        </tfoot>
      </table>
      {estimate.decision ? (
        <p
          className={cn(
            "rounded-md px-3 py-2 text-sm font-semibold",
            estimate.decision.decision === "approved"
              ? "bg-green-50 text-green-900"
              : "bg-amber-50 text-amber-950",
          )}
        >
          {estimate.decision.text}
          {estimate.declinedText ? `. ${estimate.declinedText}` : ""}
        </p>
      ) : null}
    </div>
  );
}

/**
 * On a visit's card after Arrived: the estimate (written, or written again until answered) and
 * the customer's answer on the phone, their typed name with "Customer approves" or "Customer
 * declines".
 */
export function EstimateSection({
  visit,
  result,
  keepOffline,
}: {
  visit: FieldVisit;
  result: FieldTapResult | undefined;
  keepOffline: (form: HTMLFormElement) => void;
}) {
  const { estimate, estimateKey, decisionKey } = visit.afterTheJob;
  const onSubmit = useOfflineSubmit(keepOffline);
  const sending = useSendingTap(visit.id);
  if (!estimate && !estimateKey) return null;
  const written = resultFor(result, "estimate", visit.id);
  const decided = resultFor(result, "estimate-decision", visit.id);
  return (
    <section aria-label="Estimate" className="grid gap-3 border-t border-slate-200 pt-3">
      {estimate ? <EstimateLines estimate={estimate} caption="Estimate" /> : null}
      {decisionKey ? (
        <Form method="post" preventScrollReset onSubmit={onSubmit} className="grid gap-2">
          <TapFields intent="estimate-decision" requestId={visit.id} tapKey={decisionKey} />
          <Field
            label="Customer's name"
            hint="The customer types their name to approve or decline the estimate."
            error={decided.errors.name}
          >
            {(wiring) => (
              <Input
                {...wiring}
                className={controlEdge}
                name="name"
                maxLength={100}
                autoComplete="off"
              />
            )}
          </Field>
          <div className="grid grid-cols-2 gap-2">
            <Button
              type="submit"
              name="decision"
              value="approved"
              className="h-11"
              loading={sending("estimate-decision")}
            >
              Customer approves
            </Button>
            <Button
              type="submit"
              name="decision"
              value="declined"
              variant="outline"
              className={cn("h-11", controlEdge)}
            >
              Customer declines
            </Button>
          </div>
          <Refusal message={decided.message} />
        </Form>
      ) : null}
      {estimateKey ? (
        <EstimateForm
          visit={visit}
          tapKey={estimateKey}
          errors={written.errors}
          message={written.message}
          sending={sending("estimate")}
          onSubmit={onSubmit}
        />
      ) : null}
    </section>
  );
}

function EstimateForm({
  visit,
  tapKey,
  errors,
  message,
  sending,
  onSubmit,
}: {
  visit: FieldVisit;
  tapKey: string;
  errors: Partial<Record<string, string>>;
  message: string | undefined;
  sending: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const hydrated = useHydrated();
  const { estimate } = visit.afterTheJob;
  const [rows, setRows] = useState(Math.max(estimateFormRows, estimate?.lines.length ?? 0));
  const [typedTotal, setTypedTotal] = useState(
    estimate?.total ?? formatMoney(0, { cents: "always" }),
  );
  const refused = Object.keys(errors).length > 0 || message !== undefined;
  // The total as the lines are typed (once hydrated; the saved estimate shows its own).
  const totalTyped = (event: React.FormEvent<HTMLFormElement>) => {
    const typed = new FormData(event.currentTarget);
    let cents = 0;
    for (let index = 0; index < rows; index += 1) {
      const amount = typed.get(estimateLineField(index, "amount"));
      cents += (typeof amount === "string" && parseMoney(amount)) || 0;
    }
    setTypedTotal(formatMoney(cents, { cents: "always" }));
  };
  const kindOf = (label: string) =>
    estimateLineKinds.find((kind) => estimateLineKindLabels[kind] === label) ?? "part";
  return (
    <details open={refused || undefined} className={foldClass}>
      <summary className={foldSummaryClass}>
        {estimate ? "Write the estimate again" : "Write the estimate"}
      </summary>
      <Form
        method="post"
        preventScrollReset
        onSubmit={onSubmit}
        onChange={totalTyped}
        className={foldBodyClass}
      >
        <TapFields intent="estimate" requestId={visit.id} tapKey={tapKey} />
        <p className="text-sm text-slate-700">
          Parts and labour, one per line, amounts in dollars. Empty lines are left out.
        </p>
        {errors.lines ? (
          <p role="alert" className="text-sm text-red-800">
            {errors.lines}
          </p>
        ) : null}
        <ol className="grid gap-3">
          {Array.from({ length: rows }, (_, index) => {
            const line = estimate?.lines[index];
            return (
              <li
                key={index}
                className="grid gap-2 rounded-md bg-slate-50 p-2 sm:grid-cols-[7rem_1fr_7rem]"
              >
                <Field
                  label={`Line ${index + 1} kind`}
                  error={errors[estimateLineField(index, "kind")]}
                >
                  {(wiring) => (
                    <Select
                      {...wiring}
                      className={controlEdge}
                      name={estimateLineField(index, "kind")}
                      defaultValue={line ? kindOf(line.kind) : index === 0 ? "labour" : "part"}
                    >
                      {estimateLineKinds.map((kind) => (
                        <option key={kind} value={kind}>
                          {estimateLineKindLabels[kind]}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field
                  label={`Line ${index + 1} description`}
                  error={errors[estimateLineField(index, "description")]}
                >
                  {(wiring) => (
                    <Input
                      {...wiring}
                      className={controlEdge}
                      name={estimateLineField(index, "description")}
                      maxLength={200}
                      defaultValue={line?.description}
                    />
                  )}
                </Field>
                <Field
                  label={`Line ${index + 1} amount ($)`}
                  error={errors[estimateLineField(index, "amount")]}
                >
                  {(wiring) => (
                    <Input
                      {...wiring}
                      className={controlEdge}
                      name={estimateLineField(index, "amount")}
                      inputMode="decimal"
                      defaultValue={line?.amount.replace(/^\$/, "").replaceAll(",", "")}
                    />
                  )}
                </Field>
              </li>
            );
          })}
        </ol>
        {hydrated && rows < maxEstimateLines ? (
          <Button
            type="button"
            variant="outline"
            className={cn("h-11", controlEdge)}
            onClick={() => setRows(rows + 1)}
          >
            Add a line
          </Button>
        ) : null}
        {hydrated ? (
          <p aria-live="polite" className="text-right font-semibold text-slate-900">
            Total: {typedTotal}
          </p>
        ) : null}
        <Button type="submit" className="h-11" loading={sending}>
          Save the estimate
        </Button>
        <Refusal message={message} />
      </Form>
    </details>
  );
}
