import type * as React from "react";

import { cn } from "~/lib/utils";

export const fieldControlClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:ring-3 focus-visible:ring-brand-400/40 focus-visible:outline-none disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:ring-red-600/20 sm:text-sm";

function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn("h-10", fieldControlClass, className)}
      {...props}
    />
  );
}

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn("min-h-24", fieldControlClass, className)}
      {...props}
    />
  );
}

function Select({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select data-slot="select" className={cn("h-10", fieldControlClass, className)} {...props} />
  );
}

export { Input, Select, Textarea };
