import { data, redirect, type AppLoadContext } from "react-router";

import { withDeskHeaders } from "./headers";

/** The signed-in staff member; anyone else is sent to the sign-in page. */
export async function requireStaff(request: Request, context: AppLoadContext) {
  const signedIn = await context.desk.signedIn(request);
  if (!signedIn) throw redirect("/office/sign-in", { headers: withDeskHeaders(new Headers()) });
  return signedIn;
}

/** The signed-in owner; for a dispatcher the page does not exist (404). */
export async function requireOwner(request: Request, context: AppLoadContext) {
  const signedIn = await requireStaff(request, context);
  if (signedIn.staff.role !== "owner") {
    throw data("Not found", { status: 404, headers: withDeskHeaders(new Headers()) });
  }
  return signedIn;
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
