/** What every desk response says: never stored, never indexed. */
export const deskResponseHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/**
 * A desk route's `headers`: the desk's own, the session cookie its loader or action set, and an
 * action's Retry-After (a limited sign-in).
 */
export function deskHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const headers = new Headers(deskResponseHeaders);
  for (const source of [actionHeaders, loaderHeaders]) {
    for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** The desk's headers with the cookie better-auth set (or cleared), for a redirect. */
export function withDeskHeaders(authHeaders: Headers): Headers {
  const headers = new Headers(deskResponseHeaders);
  for (const cookie of authHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export const deskMeta = (title: string) => [
  { title: `${title} | Office desk` },
  { name: "robots", content: "noindex, nofollow" },
];

export interface DeskHandle {
  desk: true;
}
export const deskHandle: DeskHandle = { desk: true };
