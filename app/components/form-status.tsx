import { useSyncExternalStore } from "react";

import { leadOutcomeMessage, outcomeOf } from "~/features/lead-messages";
import type { LeadFormResult, LeadKind } from "~/lib/form-result";
import { useLocale } from "~/lib/use-locale";
import { cn } from "~/lib/utils";

/**
 * Where a form's outcome shows on the page itself, not in a toast. (The page notice lives here,
 * beside the status, to stay in the form chunk the first load already has: docs/decisions/0009.)
 *
 * The outcome of a form posted without JavaScript, in words of spec section 8: the page the
 * action rendered shows it where the toast would have. Field messages sit under the fields.
 */
export function FormStatus({
  kind,
  result,
  className,
}: {
  kind: LeadKind;
  result: LeadFormResult | undefined;
  className?: string;
}) {
  const locale = useLocale();
  if (!result || result.status === "invalid") return null;
  const { title, description, variant } = leadOutcomeMessage(kind, outcomeOf(result), locale);
  return (
    // Rendered only by the page a POST returned: the browser focuses it, as it would a toast.
    <div
      role={variant === "destructive" ? "alert" : "status"}
      tabIndex={-1}
      autoFocus
      data-variant={variant}
      className={cn(
        "rounded-lg border px-4 py-3 text-sm data-[variant=default]:border-green-700 data-[variant=default]:bg-green-50 data-[variant=default]:text-green-900 data-[variant=destructive]:border-red-700 data-[variant=destructive]:bg-red-50 data-[variant=destructive]:text-red-900",
        className,
      )}
    >
      <p className="font-semibold">{title}</p>
      <p>{description}</p>
    </div>
  );
}

/**
 * A notice left at the top of the page's content by a form that closed (the booking dialog
 * leaves what was booked and the private link): shown until the visitor dismisses it
 * (`showPageNotice(null)`), across navigations. Whoever shows a notice brings its markup.
 * Above it, the place where the toast of that form's success is drawn (`useToastPlace`), in the
 * page rather than over it: nothing covers the notice.
 */
let pageNotice: React.ReactNode = null;
let toastPlace: HTMLElement | null = null;
const pageNoticeListeners = new Set<() => void>();

function tell() {
  for (const listener of pageNoticeListeners) listener();
}

function subscribe(listener: () => void) {
  pageNoticeListeners.add(listener);
  return () => pageNoticeListeners.delete(listener);
}

export function showPageNotice(notice: React.ReactNode) {
  pageNotice = notice;
  tell();
}

function placeToasts(element: HTMLElement | null) {
  toastPlace = element;
  tell();
}

/** Where an `inPage` toast is drawn: above the page's notice, or null when there is none. */
export function useToastPlace(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => toastPlace,
    () => null,
  );
}

/** The slot at the top of `<main>` (app/root.tsx). */
export function PageNotice() {
  const notice = useSyncExternalStore(
    subscribe,
    () => pageNotice,
    () => null,
  );
  return notice ? (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <div ref={placeToasts} />
      {notice}
    </div>
  ) : null;
}
