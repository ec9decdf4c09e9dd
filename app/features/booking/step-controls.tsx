import { totalSteps } from "./schedule-state";
import { useHydrated } from "~/lib/use-hydrated";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

// The schedule dialog's progress and its step controls.

export function ProgressBar({ completedSteps }: { completedSteps: number }) {
  const percent = (completedSteps / totalSteps) * 100;
  const locale = useLocale();
  return (
    <div
      role="progressbar"
      aria-label={m.booking_progress({}, { locale })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className="h-full rounded-full bg-brand-700 transition-[width] duration-300"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/**
 * A step's control: a link to the step's address before (and without) the page's scripts, a
 * button once they run, so the dialog moves without a request.
 */
export function StepControl({
  href,
  onActivate,
  className,
  children,
  ...props
}: {
  href: string;
  onActivate: () => void;
  className: string;
  children: React.ReactNode;
  "aria-pressed"?: boolean;
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" onClick={onActivate} className={className} {...props}>
      {children}
    </button>
  );
}
