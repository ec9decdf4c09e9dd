import type { LeadFormResult, LeadKind } from "~/lib/form-result";
import type { Locale } from "~/lib/locale";
import * as m from "~/paraglide/messages/_index.js";

export type LeadOutcome = "success" | "failure" | "exception";

const successes = {
  serviceRequest: m.toast_success_service,
  contactMessage: m.toast_success_contact,
  newsletter: m.toast_success_subscribe,
} satisfies Record<LeadKind, unknown>;

/**
 * The words of spec section 8 (in English; in Spanish on a Spanish page), for a toast or for the
 * status region of a page without scripts.
 */
export function leadOutcomeMessage(
  kind: LeadKind,
  outcome: LeadOutcome,
  locale: Locale = "en",
): { title: string; description: string; variant: "default" | "destructive" } {
  if (outcome === "success") {
    return {
      title: m.toast_success_title({}, { locale }),
      description: successes[kind]({}, { locale }),
      variant: "default",
    };
  }
  return {
    title: m.toast_error_title({}, { locale }),
    variant: "destructive",
    description:
      outcome === "failure" ? m.toast_failure({}, { locale }) : m.toast_exception({}, { locale }),
  };
}

/** A form action's result as one of the spec's outcomes ("success false" is a failure). */
export function outcomeOf(result: LeadFormResult): LeadOutcome {
  if (result.status === "success") return "success";
  return result.status === "exception" ? "exception" : "failure";
}
