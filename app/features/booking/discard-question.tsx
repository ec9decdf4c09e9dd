import { Button } from "~/components/ui/button";

/**
 * Asked when the backdrop or Escape would close the dialog over what the visitor typed. Keep
 * (also Escape, or the backdrop again) goes back to the form as it was; Discard closes it and
 * forgets the draft.
 */
export function DiscardQuestion({
  onKeep,
  onDiscard,
}: {
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="absolute inset-0 z-10 grid place-items-center bg-white/95 p-6">
      <div
        role="alertdialog"
        aria-labelledby="discard-title"
        aria-describedby="discard-description"
        className="grid max-w-sm gap-3 text-center"
      >
        <h3 id="discard-title" className="text-lg font-bold text-slate-900">
          Discard this request?
        </h3>
        <p id="discard-description" className="text-slate-700">
          What you typed has not been sent. Keep it to finish your booking.
        </p>
        <div className="mt-2 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <Button variant="outline" onClick={onDiscard}>
            Discard
          </Button>
          {/* The safe answer has the focus: Enter or Space keeps the typing. */}
          <Button autoFocus onClick={onKeep}>
            Keep editing
          </Button>
        </div>
      </div>
    </div>
  );
}
