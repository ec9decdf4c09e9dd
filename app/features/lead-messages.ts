import type { LeadFormResult, LeadKind } from "~/lib/form-result";

export type LeadOutcome = "success" | "failure" | "exception";

const toastKinds: Record<LeadKind, string> = {
  serviceRequest: "service",
  contactMessage: "contact",
  newsletter: "subscribe",
};

/** The words of spec section 8, for a toast or for the status region of a page without scripts. */
export function leadOutcomeMessage(
  kind: LeadKind,
  outcome: LeadOutcome,
): { title: string; description: string; variant: "default" | "destructive" } {
  if (outcome === "success") {
    return {
      title: "Success!",
      description: `Your ${toastKinds[kind]} request has been submitted successfully.`,
      variant: "default",
    };
  }
  return {
    title: "Error",
    variant: "destructive",
    description:
      outcome === "failure"
        ? "Failed to submit your request. Please try again later."
        : "An unexpected error occurred. Please try again later.",
  };
}

/** A form action's result as one of the spec's outcomes ("success false" is a failure). */
export function outcomeOf(result: LeadFormResult): LeadOutcome {
  if (result.status === "success") return "success";
  return result.status === "exception" ? "exception" : "failure";
}
