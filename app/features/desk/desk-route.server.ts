import { createContext, data, type RouterContextProvider } from "react-router";

import { stateBySlug, stateSlugs, type StateSlug } from "~/content/states";

import type { OfficeChoice } from "./office-picker";

import type { SignedIn } from "../../../server/desk/staff-sessions.server";

/** The staff member whose session the request carries, or null: read once, by the desk layout. */
export const signedInContext = createContext<SignedIn | null>(null);

/** The signed-in staff member of a route under the signed-in layout (routes/office.staff-only). */
export function signedInOf(context: Readonly<RouterContextProvider>): SignedIn {
  const signedIn = context.get(signedInContext);
  if (!signedIn) throw new Error("A signed-in desk route ran without a session");
  return signedIn;
}

/** A desk page that does not exist for this person (another office's lead, an owner's page). */
export function notFound(): never {
  throw data("Not found", { status: 404 });
}

/** A plain-text answer of a desk resource route (a download, the live stream) that sends no data. */
export function plainAnswer(status: 400 | 401 | 404, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * The signed-in staff member of a resource route outside the signed-in layouts, or its 401
 * answer (no sign-in page to send a download to).
 */
export function staffOr401(context: Readonly<RouterContextProvider>): SignedIn | Response {
  return context.get(signedInContext) ?? plainAnswer(401, "Sign in first");
}

/** A file the desk hands over: never stored, never indexed. */
export function download(body: string, contentType: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": `${contentType}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}

/** The office an owners' page is about (`?office=texas`); none: the first; unknown: no such page. */
export function officeInAddress(request: Request): StateSlug {
  const value = new URL(request.url).searchParams.get("office");
  if (!value) return stateSlugs[0];
  return stateBySlug(value)?.slug ?? notFound();
}

/** Every office, for the office picker. */
export function officeChoices(): OfficeChoice[] {
  return stateSlugs.map((slug) => ({ slug, name: stateBySlug(slug)?.name ?? slug }));
}
