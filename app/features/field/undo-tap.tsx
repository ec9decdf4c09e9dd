import { useEffect, useState } from "react";
import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { undoLabels, type FieldVisit } from "~/domain/field";

import { controlEdge } from "./card-edges";
import { useSendingTap } from "./tap-forms";

export function undoFormName(requestId: string): string {
  return `undo:${requestId}`;
}

/** What the card says of the tap while Undo is offered. */
const recordedLabels = {
  "on-my-way": "On my way: the customer is told in a few seconds.",
  arrived: "Arrived.",
  "needs-part": "Needs a part: the customer is told in a few seconds.",
} as const;

/**
 * Undo, for the seconds the server still takes it after the card's last tap (a POST of its own;
 * without JavaScript the button stays and the server answers when it is too late). Never kept
 * offline: an Undo that cannot go now would come too late.
 */
export function UndoTap({
  visit,
  undo,
  message,
}: {
  visit: Pick<FieldVisit, "id">;
  undo: NonNullable<FieldVisit["undo"]>;
  message: string | undefined;
}) {
  const sending = useSendingTap(visit.id)("undo");
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(undo.msLeft / 1000));
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const deadline = Date.now() + undo.msLeft;
    const tick = () => setSecondsLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [undo.key, undo.msLeft]);
  if (secondsLeft <= 0 && !message) return null;
  const label = undoLabels[undo.action];
  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(event) => {
        if (navigator.onLine) return;
        event.preventDefault();
        setOffline(true);
      }}
      className="flex flex-wrap items-center gap-3 rounded-md border border-slate-500 bg-slate-50 p-3"
    >
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name="requestId" value={visit.id} />
      <input type="hidden" name="tapKey" value={undo.key} />
      <p role="status" className="min-w-0 flex-1 text-sm text-slate-900">
        {recordedLabels[undo.action]}
        {secondsLeft > 0 ? (
          <span className="text-slate-700"> Undo for {secondsLeft} s.</span>
        ) : null}
      </p>
      {secondsLeft > 0 ? (
        <Button
          type="submit"
          variant="outline"
          className={`h-11 ${controlEdge}`}
          loading={sending}
          aria-label={`Undo ${label}`}
        >
          Undo
        </Button>
      ) : null}
      {offline || message ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {offline ? `No connection: ${label} stands.` : message}
        </p>
      ) : null}
    </Form>
  );
}
