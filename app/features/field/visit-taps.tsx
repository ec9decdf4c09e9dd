import { useState } from "react";
import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import type { FieldAction, FieldVisit } from "~/domain/field";
import type { FormResult } from "~/lib/form-result";
import { cn } from "~/lib/utils";

import {
  checkboxClass,
  controlEdge,
  foldBodyClass,
  foldClass,
  foldSummaryClass,
} from "./card-edges";
import { useOfflineSubmit, useSendingTap } from "./tap-forms";
import { UndoTap, undoFormName } from "./undo-tap";

/** A tap's answer on My day: which visit's which form, and why it was refused. */
export type FieldTapResult = FormResult<string, { qr?: PayQr | null }>;

/** The pay link's QR code (an SVG drawn on the server) and the amount it pays. */
export interface PayQr {
  svg: string;
  due: string;
}

/** Why a tap was refused, under its button. */
function TapRefusal({ message, className }: { message: string | undefined; className?: string }) {
  return message ? (
    <p role="alert" className={cn("text-sm text-red-800", className)}>
      {message}
    </p>
  ) : null;
}

/**
 * On my way to a visit while an earlier one of the day is unfinished: a question first, so that a
 * tap on the wrong card does not tell this homeowner "arriving 9:11" hours early.
 */
function GoHereFirst({
  visitAhead,
  error,
  id,
}: {
  visitAhead: string;
  error: string | undefined;
  id: string;
}) {
  return (
    <div className="grid w-full gap-1">
      <p id={`${id}-question`} className="text-sm text-slate-800">
        Not your next visit: {visitAhead} comes first.
      </p>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-900">
        <input
          type="checkbox"
          name="outOfOrder"
          value="yes"
          required
          aria-describedby={`${id}-question${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          className="size-5 rounded border-slate-500"
        />
        Go here first
      </label>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export { undoFormName };

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
  if (!visit.onItsDay) {
    // A tap queued or sent from an older page still gets its answer here.
    const refused = result?.form?.endsWith(`:${visit.id}`) ? result.message : undefined;
    return (
      <div className="grid gap-1 border-t border-slate-200 pt-3">
        <p className="text-sm text-slate-700">
          On my way, Arrived and Done open on the day of the visit.
        </p>
        <TapRefusal message={refused} />
      </div>
    );
  }
  const undo = visit.undo ? (
    <UndoTap
      visit={visit}
      undo={visit.undo}
      message={result?.form === undoFormName(visit.id) ? result.message : undefined}
    />
  ) : null;
  if (visit.taps.length === 0) return undo;
  const hidden = (action: FieldAction, key: string) => (
    <>
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="requestId" value={visit.id} />
      <input type="hidden" name="tapKey" value={key} />
    </>
  );
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-3">
      {undo}
      {visit.taps.map(({ action, key }) => {
        const errors = errorsOf(action);
        const message = messageOf(action);
        switch (action) {
          case "on-my-way":
            return (
              <Form
                key={action}
                method="post"
                preventScrollReset
                onSubmit={onSubmit}
                className="flex flex-wrap items-end gap-2"
              >
                {hidden(action, key)}
                <Field label="Minutes away" error={errors.minutes} className="w-32">
                  {(wiring) => (
                    <Input
                      {...wiring}
                      className={controlEdge}
                      name="minutes"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={240}
                      defaultValue={20}
                    />
                  )}
                </Field>
                {visit.goesBefore ? (
                  <GoHereFirst
                    visitAhead={visit.goesBefore}
                    error={errors.outOfOrder}
                    id={`go-first-${visit.id}`}
                  />
                ) : null}
                <Button type="submit" className="h-11" loading={sending(action)}>
                  On my way
                </Button>
                <TapRefusal message={message} className="w-full" />
              </Form>
            );
          case "arrived":
            return (
              <Form key={action} method="post" preventScrollReset onSubmit={onSubmit}>
                {hidden(action, key)}
                <Button
                  type="submit"
                  variant="outline"
                  className={cn("h-11 w-full", controlEdge)}
                  loading={sending(action)}
                >
                  Arrived
                </Button>
                <TapRefusal message={message} />
              </Form>
            );
          case "done":
            return (
              <DoneForm
                key={action}
                visit={visit}
                errors={errors}
                message={message}
                sending={sending(action)}
                onSubmit={onSubmit}
              >
                {hidden(action, key)}
              </DoneForm>
            );
          case "needs-part":
            return (
              <details
                key={action}
                open={Object.keys(errors).length > 0 || undefined}
                className={foldClass}
              >
                <summary className={foldSummaryClass}>Needs a part</summary>
                <Form
                  method="post"
                  preventScrollReset
                  onSubmit={onSubmit}
                  className={foldBodyClass}
                >
                  {hidden(action, key)}
                  {/* The homeowner's page and email say "Waiting for a part: …" with these words. */}
                  <Field
                    label="Part for the customer's page"
                    hint="A name or a part number; the office books the return visit."
                    error={errors.part}
                  >
                    {(wiring) => <Input {...wiring} className={controlEdge} name="part" />}
                  </Field>
                  <Field
                    label="Part price (optional)"
                    hint="What the part costs the customer, like 275.00."
                    error={errors.partPrice}
                  >
                    {(wiring) => (
                      <Input
                        {...wiring}
                        className={controlEdge}
                        name="partPrice"
                        inputMode="decimal"
                        autoComplete="off"
                      />
                    )}
                  </Field>
                  {visit.takesDeposits ? (
                    <Field
                      label="Deposit to ask (optional)"
                      hint="The customer pays it by card on their page; it counts toward the repair."
                      error={errors.deposit}
                    >
                      {(wiring) => (
                        <Input
                          {...wiring}
                          className={controlEdge}
                          name="deposit"
                          inputMode="decimal"
                          autoComplete="off"
                        />
                      )}
                    </Field>
                  ) : null}
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
                className={foldClass}
              >
                <summary className={foldSummaryClass}>Can't fix</summary>
                <Form
                  method="post"
                  preventScrollReset
                  onSubmit={onSubmit}
                  className={foldBodyClass}
                >
                  {hidden(action, key)}
                  <Field label="Reason" error={errors.reason}>
                    {(wiring) => (
                      <Textarea {...wiring} className={controlEdge} name="reason" rows={2} />
                    )}
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

/** "Model (required)": the word seen, not only an asterisk. */
function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children} <span className="font-normal text-slate-700">(required)</span>
    </>
  );
}

/**
 * Done: the work, the data plate (model and serial required, or "Plate unreadable"), the parts
 * and the amount, which starts with what the estimate's answer says (the approved total, or the
 * service call after a decline).
 */
function DoneForm({
  visit,
  errors,
  message,
  sending,
  onSubmit,
  children,
}: {
  visit: FieldVisit;
  errors: Partial<Record<string, string>>;
  message: string | undefined;
  sending: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** The tap's hidden fields. */
  children: React.ReactNode;
}) {
  // Ticked, the model and serial are not required (the server stores "Plate unreadable").
  const [unreadable, setUnreadable] = useState(false);
  const plateHintId = `plate-unreadable-${visit.id}-hint`;
  return (
    <details open={Object.keys(errors).length > 0 || undefined} className={foldClass}>
      <summary className={foldSummaryClass}>Done: record the repair</summary>
      <Form method="post" preventScrollReset onSubmit={onSubmit} className={foldBodyClass}>
        {children}
        <Field label="Work done" error={errors.workDone}>
          {(wiring) => <Textarea {...wiring} className={controlEdge} name="workDone" rows={3} />}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={<RequiredLabel>Model</RequiredLabel>} error={errors.model}>
            {(wiring) => (
              <Input
                {...wiring}
                className={controlEdge}
                name="model"
                maxLength={100}
                aria-required={!unreadable}
                defaultValue={visit.model}
              />
            )}
          </Field>
          <Field label={<RequiredLabel>Serial number</RequiredLabel>} error={errors.serialNumber}>
            {(wiring) => (
              <Input
                {...wiring}
                className={controlEdge}
                name="serialNumber"
                maxLength={100}
                aria-required={!unreadable}
                defaultValue={visit.serialNumber}
              />
            )}
          </Field>
        </div>
        <div className="grid gap-0.5">
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-900">
            <input
              type="checkbox"
              name="plateUnreadable"
              value="yes"
              aria-describedby={plateHintId}
              onChange={(event) => setUnreadable(event.currentTarget.checked)}
              className={checkboxClass}
            />
            Plate unreadable
          </label>
          <p id={plateHintId} className="text-xs text-slate-600">
            Model and serial may stay empty: the record says the plate could not be read.
          </p>
        </div>
        <Field
          label="Parts used"
          hint="Names or part numbers; leave empty for none."
          error={errors.partsUsed}
        >
          {(wiring) => <Input {...wiring} className={controlEdge} name="partsUsed" />}
        </Field>
        <div className="flex flex-wrap items-end gap-4">
          <Field label="Amount charged ($)" error={errors.amount} className="w-40">
            {(wiring) => (
              <Input
                {...wiring}
                className={controlEdge}
                name="amount"
                inputMode="decimal"
                defaultValue={visit.doneAmount}
              />
            )}
          </Field>
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" name="noCharge" value="yes" className={checkboxClass} />
            No charge
          </label>
        </div>
        <Button type="submit" className="h-11" loading={sending}>
          Done
        </Button>
        <TapRefusal message={message} />
      </Form>
    </details>
  );
}
