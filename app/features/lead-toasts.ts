import type { LeadFormResult, LeadKind } from "~/lib/form-result";
import type { Locale } from "~/lib/locale";
import { toast } from "~/lib/toast-store";

import { leadOutcomeMessage, outcomeOf } from "./lead-messages";

/**
 * The toasts of spec section 8, word for word. A window that filled up meanwhile is a normal
 * answer, not a failure: the form says so and offers the open windows, with no toast. A booking's
 * success leaves its notice at the top of the page (features/booking/schedule-dialog.tsx): its
 * toast sits in the page above that notice, never over it.
 */
export function showLeadOutcome(kind: LeadKind, result: LeadFormResult, locale: Locale = "en") {
  if (result.status === "invalid" && result.openWindows) return;
  const outcome = outcomeOf(result);
  toast({
    ...leadOutcomeMessage(kind, outcome, locale),
    inPage: kind === "serviceRequest" && outcome === "success",
  });
}
