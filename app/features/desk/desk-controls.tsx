import { useId } from "react";
import type * as React from "react";

/*
 * The desk's button, text field and field wiring. They look like the site's (`components/ui`), but a desk
 * route that imported those would split them out of the chunks the public pages already load,
 * into chunks of their own on every public page (+0.4 KB of JavaScript on home, over its
 * budget). The desk is small enough to keep its three controls here.
 */

const focusRing =
  "outline-none focus-visible:ring-3 focus-visible:ring-brand-400/60 focus-visible:ring-offset-2";

const buttonLooks = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
  outline:
    "border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-brand-700 hover:text-brand-800",
} as const;

export function DeskButton({
  look = "primary",
  className = "",
  type = "button",
  ...props
}: React.ComponentProps<"button"> & { look?: keyof typeof buttonLooks }) {
  return (
    <button
      type={type}
      data-slot="button"
      className={`inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-semibold whitespace-nowrap transition-colors disabled:opacity-60 ${focusRing} ${buttonLooks[look]} ${className}`}
      {...props}
    />
  );
}

export function DeskInput({ type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:ring-3 focus-visible:ring-brand-400/40 focus-visible:outline-none aria-invalid:border-red-600 aria-invalid:ring-red-600/20 sm:text-sm"
      {...props}
    />
  );
}

/** A labelled control with its message underneath, wired for screen readers (as `ui/field`). */
export function DeskField({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (wiring: {
    id: string;
    "aria-invalid"?: boolean;
    "aria-describedby"?: string;
  }) => React.ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div data-slot="field" className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const noticeLooks = {
  success: "bg-green-50 text-green-900 ring-green-200",
  error: "bg-red-50 font-medium text-red-800 ring-red-200",
} as const;

/** A result of the last action: announced politely when it worked, at once when it did not. */
export function DeskNotice({
  tone,
  className = "",
  children,
}: {
  tone: keyof typeof noticeLooks;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <p
      role={tone === "success" ? "status" : "alert"}
      className={`rounded-lg p-3 text-sm ring-1 ${noticeLooks[tone]} ${className}`}
    >
      {children}
    </p>
  );
}

export function DeskSelect(props: React.ComponentProps<"select">) {
  return (
    <select
      className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:ring-3 focus-visible:ring-brand-400/40 focus-visible:outline-none aria-invalid:border-red-600 sm:text-sm"
      {...props}
    />
  );
}
