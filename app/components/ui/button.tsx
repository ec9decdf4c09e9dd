import { cva, type VariantProps } from "class-variance-authority";
import { Loader2 } from "lucide-react";
import * as React from "react";

import { cn } from "~/lib/utils";

const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-3 focus-visible:ring-brand-400/60 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60 aria-invalid:ring-red-500/40 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
        destructive: "bg-red-700 text-white shadow-sm hover:bg-red-800",
        outline:
          "border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-brand-700 hover:text-brand-800",
        secondary: "bg-accent-400 text-slate-950 shadow-sm hover:bg-accent-300",
        ghost: "text-slate-800 hover:bg-slate-100",
        /** An outline button on a dark background. */
        inverse: "border border-white/40 bg-white/10 text-white hover:bg-white/20",
        link: "text-brand-700 underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 rounded-md px-4 py-2",
        sm: "h-8 rounded-md px-3 text-xs",
        lg: "h-12 rounded-lg px-6 text-base",
        icon: "size-10 rounded-md",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps
  extends React.ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Disables the button and shows a spinner with "Please wait". */
  loading?: boolean;
}

function Button({
  className,
  variant,
  size,
  loading = false,
  disabled,
  type = "button",
  children,
  ...props
}: ButtonProps) {
  // Links that look like buttons use buttonVariants() directly (see ScheduleLink, PhoneLink).
  const classes = cn(buttonVariants({ variant, size, className }));
  return (
    <button
      // A plain button unless it says it submits: no accidental form submissions.
      type={type}
      data-slot="button"
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <>
          <Loader2 className="animate-spin" aria-hidden="true" />
          Please wait
        </>
      ) : (
        children
      )}
    </button>
  );
}

export { Button, buttonVariants };
