import type { HeadersArgs } from "react-router";

/**
 * A form route's `headers` (the lead forms, the private page, the desk's sign-in and account): a
 * refusal's `Retry-After` (past a rate limit, the database busy) reaches the page's response, with
 * or without JavaScript. React Router keeps an action's own
 * headers only when the route passes them on.
 */
export function actionRetryAfter({ actionHeaders }: HeadersArgs): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
