import { redirect } from "react-router";

import { withDeskHeaders } from "~/features/desk/headers";

import { download, plainAnswer, staffOr401 } from "~/features/desk/desk-route.server";

import type { Route } from "./+types/office.privacy-export";

export function loader() {
  return redirect("/office/privacy", { headers: withDeskHeaders(new Headers()) });
}

// The person's records as one JSON file (owners only; the email or phone travels in the body).
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = await staffOr401(request, context);
  if (signedIn instanceof Response) return signedIn;
  if (signedIn.staff.role !== "owner") return plainAnswer(404, "Not found");
  const who = String((await request.formData()).get("who") ?? "").slice(0, 254);
  const document = await context.desk.privacyExport(signedIn.staff, who);
  if (document === null) {
    return plainAnswer(400, "Enter an email address or a 10-digit US phone number");
  }
  return download(document, "application/json", "privacy-export.json");
}
