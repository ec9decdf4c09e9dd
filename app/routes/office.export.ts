import { redirect } from "react-router";

import { inboxFiltersSchema } from "~/domain/inbox-filters";
import { download, plainAnswer, staffOr401 } from "~/features/desk/desk-route.server";
import { postedForm } from "~/lib/bounded-body.server";
import { servicesOf } from "~/services.server";

import { leadsCsv } from "../../server/desk/inbox.server";

import type { Route } from "./+types/office.export";

export function loader() {
  return redirect("/office");
}

// The inbox's filters, as a CSV download (a POST: the search never goes into an address).
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = staffOr401(context);
  if (signedIn instanceof Response) return signedIn;
  if (signedIn.staff.role === "technician") return plainAnswer(404, "Not found");
  const parsed = inboxFiltersSchema.safeParse((await postedForm(request)).fields());
  if (!parsed.success) {
    return plainAnswer(400, parsed.error.issues.map((issue) => issue.message).join("\n"));
  }
  const csv = await leadsCsv(servicesOf(context).desk.db, signedIn.staff, parsed.data);
  const day = new Date().toISOString().slice(0, 10);
  return download(csv, "text/csv", `leads-${day}.csv`);
}
