import { toast } from "~/lib/toast-store";

export type LeadKind = "subscribe" | "service" | "contact";

/** The toasts of spec section 8, word for word. */
export function showLeadOutcome(kind: LeadKind, outcome: "success" | "failure" | "exception") {
  if (outcome === "success") {
    toast({
      title: "Success!",
      description: `Your ${kind} request has been submitted successfully.`,
    });
  } else if (outcome === "failure") {
    toast({
      title: "Error",
      variant: "destructive",
      description: "Failed to submit your request. Please try again later.",
    });
  } else {
    toast({
      title: "Error",
      variant: "destructive",
      description: "An unexpected error occurred. Please try again later.",
    });
  }
}
