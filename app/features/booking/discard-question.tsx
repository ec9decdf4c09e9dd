import { Button } from "~/components/ui/button";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

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
  const locale = useLocale();
  return (
    <div className="absolute inset-0 z-10 grid place-items-center bg-white/95 p-6">
      <div
        role="alertdialog"
        aria-labelledby="discard-title"
        aria-describedby="discard-description"
        className="grid max-w-sm gap-3 text-center"
      >
        <h3 id="discard-title" className="text-lg font-bold text-slate-900">
          {m.booking_discard_question({}, { locale })}
        </h3>
        <p id="discard-description" className="text-slate-700">
          {m.booking_discard_text({}, { locale })}
        </p>
        <div className="mt-2 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <Button variant="outline" onClick={onDiscard}>
            {m.booking_discard({}, { locale })}
          </Button>
          {/* The safe answer has the focus: Enter or Space keeps the typing. */}
          <Button autoFocus onClick={onKeep}>
            {m.booking_keep_editing({}, { locale })}
          </Button>
        </div>
      </div>
    </div>
  );
}
