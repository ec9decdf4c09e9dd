import { lazy, Suspense } from "react";

import { useToasts } from "~/lib/toast-store";

const Toaster = lazy(async () => ({ default: (await import("./toaster")).Toaster }));

/** The toast viewport loads with the first toast: no page needs it before then. */
export function LazyToaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
