import { redirect } from "react-router";

import { withDeskHeaders } from "~/features/desk/headers";
import { inboxFiltersSchema } from "~/features/desk/inbox-filters";

import { download, plainAnswer, staffOr401, textFields } from "~/features/desk/desk-route.server";

import type { Route } from "./+types/office.export";

export function loader() {
  return redirect("/office", { headers: withDeskHeaders(new Headers()) });
}

// The inbox's filters, as a CSV download (a POST: the search never goes into an address).
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = await staffOr401(request, context);
  if (signedIn instanceof Response) return signedIn;
  const form = await textFields(request);
  const parsed = inboxFiltersSchema.safeParse(form);
  if (!parsed.success) {
    return plainAnswer(400, parsed.error.issues.map((issue) => issue.message).join("\n"));
  }
  const csv = await context.desk.exportCsv(signedIn.staff, parsed.data);
  const day = new Date().toISOString().slice(0, 10);
  return download(csv, "text/csv", `leads-${day}.csv`);
}
