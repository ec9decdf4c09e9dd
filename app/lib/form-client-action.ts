import { isRouteErrorResponse } from "react-router";

import type { LeadFormResult, LeadKind } from "./form-result";

/**
 * A lead form's `clientAction`: the route's server action, with the two ways it can fail in the
 * browser told apart (spec section 8). An answer the server gave but the router could not use
 * (an error status from something in front of the action, an unreadable body) is a failure;
 * no answer at all (the network) is an exception. Neither replaces the page with an error.
 */
export async function submitThroughServerAction(
  kind: LeadKind,
  serverAction: () => Promise<LeadFormResult>,
): Promise<LeadFormResult> {
  try {
    return await serverAction();
  } catch (error) {
    const answered = isRouteErrorResponse(error) || !(error instanceof TypeError);
    return { form: kind, status: answered ? "failed" : "exception", values: {} };
  }
}
