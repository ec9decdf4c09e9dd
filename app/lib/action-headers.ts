import type { HeadersArgs } from "react-router";

/**
 * A lead form route's `headers`: a refusal's `Retry-After` (past a rate limit, the database busy)
 * reaches the page's response, with or without JavaScript. React Router keeps an action's own
 * headers only when the route passes them on.
 */
export function actionRetryAfter({ actionHeaders }: HeadersArgs): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
