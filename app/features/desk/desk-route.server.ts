import { data, redirect, type AppLoadContext } from "react-router";

import { withDeskHeaders } from "./headers";

/** The signed-in staff member; anyone else is sent to the sign-in page. */
export async function requireStaff(request: Request, context: AppLoadContext) {
  const signedIn = await context.desk.signedIn(request);
  if (!signedIn) throw redirect("/office/sign-in", { headers: withDeskHeaders(new Headers()) });
  return signedIn;
}

/** A desk page that does not exist for this person (another office's lead, an owner's page). */
export function notFound(): never {
  throw data("Not found", { status: 404, headers: withDeskHeaders(new Headers()) });
}

/** The signed-in owner; for a dispatcher the page does not exist (404). */
export async function requireOwner(request: Request, context: AppLoadContext) {
  const signedIn = await requireStaff(request, context);
  if (signedIn.staff.role !== "owner") notFound();
  return signedIn;
}

/** A plain-text answer of a desk resource route (a download, the live stream) that sends no data. */
export function plainAnswer(status: 400 | 401 | 404, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * The signed-in staff member of a resource route, or its 401 answer (no sign-in page to send a
 * download or a stream to).
 */
export async function staffOr401(request: Request, context: AppLoadContext) {
  const signedIn = await context.desk.signedIn(request);
  return signedIn ?? plainAnswer(401, "Sign in first");
}

/** A posted form's text fields (a repeated name keeps its last value; files are dropped). */
export async function textFields(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(
    [...(await request.formData()).entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

/** zod's field errors as the pages show them: the first message of each field. */
export function firstMessages(errors: Record<string, string[] | undefined>) {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages?.[0]]),
  ) as Record<string, string | undefined>;
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
