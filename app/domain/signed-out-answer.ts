/**
 * Whether a desk answer, its redirects followed, says the session ended: the sign-in page, or 401
 * or 403. My day's taps kept offline then wait for the next sign-in rather than count as sent.
 */
export function isSignedOutAnswer(
  answer: Pick<Response, "status" | "redirected" | "url">,
): boolean {
  if (answer.status === 401 || answer.status === 403) return true;
  return answer.redirected && new URL(answer.url).pathname.startsWith("/office/sign-in");
}
