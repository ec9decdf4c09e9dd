import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { useState } from "react";

import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

function DialogContent({
  className,
  children,
  closeLabel = "Close",
  closeHref,
  size = "lg",
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  closeLabel?: string;
  /** Where the close control leads before and without JavaScript (a link until hydrated). */
  closeHref?: string;
  size?: "md" | "lg";
}) {
  // Route dialogs have no Radix trigger: focus goes back to whatever opened them.
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  const hydrated = useHydrated();
  const closeContent = (
    <>
      <X className="size-5" aria-hidden="true" />
      <span className="sr-only">{closeLabel}</span>
    </>
  );
  // No portal: a portal renders nothing on the server, and a route dialog must be in the HTML
  // (before and without JavaScript). Rendered after the page, its fixed layers cover it.
  return (
    <>
      <DialogPrimitive.Overlay
        data-slot="dialog-overlay"
        className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm"
      />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl outline-none",
          size === "lg" ? "max-w-2xl" : "max-w-lg",
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented || !opener?.isConnected) return;
          event.preventDefault();
          opener.focus();
        }}
        {...props}
      >
        {children}
        {closeHref && !hydrated ? (
          // Before (or without) the page's scripts, the close control is a link that leaves.
          <a href={closeHref} className={closeClass}>
            {closeContent}
          </a>
        ) : (
          <DialogPrimitive.Close className={closeClass}>{closeContent}</DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </>
  );
}

const closeClass =
  "absolute top-4 right-4 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900";

function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="dialog-header" className={cn("px-6 pt-6 pr-14", className)} {...props} />;
}

function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("text-xl font-bold text-slate-900", className)}
      {...props}
    />
  );
}

function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn("mt-1 text-sm text-slate-700", className)}
      {...props}
    />
  );
}

export { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle };
