import type * as React from "react";

import type { FormResult } from "~/lib/form-result";
import { cn } from "~/lib/utils";

const noticeLooks = {
  success: "bg-green-50 text-green-900 ring-green-200",
  error: "bg-red-50 font-medium text-red-800 ring-red-200",
} as const;

/** The result of the last action: announced politely when it worked, at once when it did not. */
export function Notice({
  tone,
  className,
  children,
}: {
  tone: keyof typeof noticeLooks;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <p
      role={tone === "success" ? "status" : "alert"}
      className={cn("rounded-lg p-3 text-sm ring-1", noticeLooks[tone], className)}
    >
      {children}
    </p>
  );
}

/** A form result's sentence, if it has one: green when it worked, red when it did not. */
export function ResultNotice({ result, className }: { result?: FormResult; className?: string }) {
  if (!result?.message) return null;
  return (
    <Notice tone={result.status === "success" ? "success" : "error"} className={className}>
      {result.message}
    </Notice>
  );
}
