import { X } from "lucide-react";
import { Toast } from "radix-ui";

import { dismissToast, useToasts } from "~/lib/toast-store";
import { cn } from "~/lib/utils";

/** spec section 9: shown 5000 ms, swipe right (threshold 50) to dismiss, F8 focuses them. */
export function Toaster() {
  const toasts = useToasts();
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
      <Toast.Viewport
        hotkey={["F8"]}
        className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:top-auto sm:bottom-0 sm:max-w-sm"
      />
    </Toast.Provider>
  );
}
