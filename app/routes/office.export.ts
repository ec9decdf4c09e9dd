import { redirect } from "react-router";

import { withDeskHeaders } from "~/features/desk/headers";
import { inboxFiltersSchema } from "~/features/desk/inbox-filters";

import { textFields } from "~/features/desk/desk-route.server";

import type { Route } from "./+types/office.export";

export function loader() {
  return redirect("/office", { headers: withDeskHeaders(new Headers()) });
}

// The inbox's filters, as a CSV download (a POST: the search never goes into an address).
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = await context.desk.signedIn(request);
  if (!signedIn) {
    return new Response("Sign in first", {
      status: 401,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const form = await textFields(request);
  const parsed = inboxFiltersSchema.safeParse(form);
  if (!parsed.success) {
    return new Response(parsed.error.issues.map((issue) => issue.message).join("\n"), {
      status: 400,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const csv = await context.desk.exportCsv(signedIn.staff, parsed.data);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
