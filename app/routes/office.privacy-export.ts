import { redirect } from "react-router";

import { withDeskHeaders } from "~/features/desk/headers";

import type { Route } from "./+types/office.privacy-export";

export function loader() {
  return redirect("/office/privacy", { headers: withDeskHeaders(new Headers()) });
}

// The person's records as one JSON file (owners only; the email or phone travels in the body).
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = await context.desk.signedIn(request);
  const plain = { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" };
  if (!signedIn) return new Response("Sign in first", { status: 401, headers: plain });
  if (signedIn.staff.role !== "owner")
    return new Response("Not found", { status: 404, headers: plain });
  const who = String((await request.formData()).get("who") ?? "").slice(0, 254);
  const document = await context.desk.privacyExport(signedIn.staff, who);
  if (document === null) {
    return new Response("Enter an email address or a 10-digit US phone number", {
      status: 400,
      headers: plain,
    });
  }
  return new Response(document, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="privacy-export.json"',
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
