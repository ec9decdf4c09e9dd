import type { LeadKind } from "~/lib/form-result";
import { toast } from "~/lib/toast-store";

import { leadOutcomeMessage, type LeadOutcome } from "./lead-messages";

/** The toasts of spec section 8, word for word. */
export function showLeadOutcome(kind: LeadKind, outcome: LeadOutcome) {
  toast(leadOutcomeMessage(kind, outcome));
}
