import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { createPortal } from "react-dom";

import { useToastPlace } from "~/components/form-status";
import { dismissToast, useToasts } from "~/lib/toast-store";
import { cn } from "~/lib/utils";

/**
 * spec section 9: shown 5000 ms, swipe right (threshold 50) to dismiss, F8 focuses them. Over the
 * page, at the top on phones and the bottom right on larger screens; the newest toast marked
 * `inPage` (a booking's success) is drawn in the page above its notice instead, never over it.
 */
export function Toaster() {
  const toasts = useToasts();
  const place = useToastPlace();
  // The newest toast decides, open or closing: a closing toast stays where it was drawn.
  const inPage = place !== null && toasts[0]?.inPage === true;
  const viewport = (
    <Toast.Viewport
      hotkey={["F8"]}
      className={
        inPage
          ? "mb-4 flex flex-col gap-2 empty:hidden"
          : "fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:top-auto sm:bottom-0 sm:max-w-sm"
      }
    />
  );
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((message) => (
        <Toast.Root
          key={message.id}
          open={message.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(message.id);
          }}
          type={message.variant === "destructive" ? "foreground" : "background"}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg transition-transform data-[state=closed]:opacity-0 data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
            message.variant === "destructive"
              ? "border-red-800 bg-red-700 text-white"
              : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="font-bold">{message.title}</Toast.Title>
            {message.description ? (
              <Toast.Description className="text-sm opacity-90">
                {message.description}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            className="absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100"
            aria-label="Dismiss notification"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {inPage ? createPortal(viewport, place) : viewport}
    </Toast.Provider>
  );
}
