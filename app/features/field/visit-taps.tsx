import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import type { FieldAction, FieldVisit } from "~/domain/field";
import type { FormResult } from "~/lib/form-result";
import { cn } from "~/lib/utils";

import { useOfflineSubmit, useSendingTap } from "./tap-forms";

/** A tap's answer on My day: which visit's which form, and why it was refused. */
export type FieldTapResult = FormResult<string>;

/** Why a tap was refused, under its button. */
function TapRefusal({ message, className }: { message: string | undefined; className?: string }) {
  return message ? (
    <p role="alert" className={cn("text-sm text-red-800", className)}>
      {message}
    </p>
  ) : null;
}

export function tapFormName(action: FieldAction, requestId: string): string {
  return `${action}:${requestId}`;
}

/**
 * The taps a visit's card offers next, each its own POST with its own key (a tap sent twice
 * counts once). On my way asks for the minutes; Done for the work, the data plate, the parts and
 * the amount; Needs a part for the part; Can't fix for the reason.
 */
export function VisitTaps({
  visit,
  result,
  keepOffline,
}: {
  visit: FieldVisit;
  result: FieldTapResult | undefined;
  /** Keeps a tap made without a connection, to send when it returns. */
  keepOffline: (form: HTMLFormElement) => void;
}) {
  const onSubmit = useOfflineSubmit(keepOffline);
  const sending = useSendingTap(visit.id);
  const errorsOf = (action: FieldAction): Partial<Record<string, string>> =>
    result?.form === tapFormName(action, visit.id) && result.status === "invalid"
      ? (result.fieldErrors ?? {})
      : {};
  const messageOf = (action: FieldAction) =>
    result?.form === tapFormName(action, visit.id) ? result.message : undefined;
  if (visit.taps.length === 0) return null;
  const hidden = (action: FieldAction, key: string) => (
    <>
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="requestId" value={visit.id} />
      <input type="hidden" name="tapKey" value={key} />
    </>
  );
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-3">
      {visit.taps.map(({ action, key }) => {
        const errors = errorsOf(action);
        const message = messageOf(action);
        switch (action) {
          case "on-my-way":
            return (
              <Form
                key={action}
                method="post"
                onSubmit={onSubmit}
                className="flex flex-wrap items-end gap-2"
              >
                {hidden(action, key)}
                <Field label="Minutes away" error={errors.minutes} className="w-32">
                  {(wiring) => (
                    <Input
                      {...wiring}
                      name="minutes"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={240}
                      defaultValue={20}
                    />
                  )}
                </Field>
                <Button type="submit" className="h-11" loading={sending(action)}>
                  On my way
                </Button>
                <TapRefusal message={message} className="w-full" />
              </Form>
            );
          case "arrived":
            return (
              <Form key={action} method="post" onSubmit={onSubmit}>
                {hidden(action, key)}
                <Button
                  type="submit"
                  variant="outline"
                  className="h-11 w-full"
                  loading={sending(action)}
                >
                  Arrived
                </Button>
                <TapRefusal message={message} />
              </Form>
            );
          case "done":
            return (
              <details
                key={action}
                open={Object.keys(errors).length > 0 || undefined}
                className="rounded-lg border border-slate-200"
              >
                <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-semibold text-slate-900">
                  Done: record the repair
                </summary>
                <Form
                  method="post"
                  onSubmit={onSubmit}
                  className="grid gap-3 border-t border-slate-200 p-3"
                >
                  {hidden(action, key)}
                  <Field label="Work done" error={errors.workDone}>
                    {(wiring) => <Textarea {...wiring} name="workDone" rows={3} />}
                  </Field>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Field label="Model" error={errors.model}>
                      {(wiring) => <Input {...wiring} name="model" defaultValue={visit.model} />}
                    </Field>
                    <Field label="Serial number" error={errors.serialNumber}>
                      {(wiring) => (
                        <Input {...wiring} name="serialNumber" defaultValue={visit.serialNumber} />
                      )}
                    </Field>
                  </div>
                  <Field
                    label="Parts used"
                    hint="Names or part numbers; leave empty for none."
                    error={errors.partsUsed}
                  >
                    {(wiring) => <Input {...wiring} name="partsUsed" />}
                  </Field>
                  <div className="flex flex-wrap items-end gap-4">
                    <Field label="Amount charged ($)" error={errors.amount} className="w-40">
                      {(wiring) => <Input {...wiring} name="amount" inputMode="decimal" />}
                    </Field>
                    <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
                      <input type="checkbox" name="noCharge" value="yes" className="size-5" />
                      No charge
                    </label>
                  </div>
                  <Button type="submit" className="h-11" loading={sending(action)}>
                    Done
                  </Button>
                  <TapRefusal message={message} />
                </Form>
              </details>
            );
          case "needs-part":
            return (
              <details
                key={action}
                open={Object.keys(errors).length > 0 || undefined}
                className="rounded-lg border border-slate-200"
              >
                <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-semibold text-slate-900">
                  Needs a part
                </summary>
                <Form
                  method="post"
                  onSubmit={onSubmit}
                  className="grid gap-3 border-t border-slate-200 p-3"
                >
                  {hidden(action, key)}
                  <Field
                    label="Part needed"
                    hint="A name or a part number; the office books the return visit."
                    error={errors.part}
                  >
                    {(wiring) => <Input {...wiring} name="part" />}
                  </Field>
                  <Button type="submit" className="h-11" loading={sending(action)}>
                    Needs a part
                  </Button>
                  <TapRefusal message={message} />
                </Form>
              </details>
            );
          case "cant-fix":
            return (
              <details
                key={action}
                open={Object.keys(errors).length > 0 || undefined}
                className="rounded-lg border border-slate-200"
              >
                <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-semibold text-slate-900">
                  Can't fix
                </summary>
                <Form
                  method="post"
                  onSubmit={onSubmit}
                  className="grid gap-3 border-t border-slate-200 p-3"
                >
                  {hidden(action, key)}
                  <Field label="Reason" error={errors.reason}>
                    {(wiring) => <Textarea {...wiring} name="reason" rows={2} />}
                  </Field>
                  <Button
                    type="submit"
                    variant="destructive"
                    className="h-11"
                    loading={sending(action)}
                  >
                    Can't fix
                  </Button>
                  <TapRefusal message={message} />
                </Form>
              </details>
            );
        }
      })}
    </div>
  );
}
