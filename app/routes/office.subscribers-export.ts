import { download, staffOr401 } from "~/features/desk/desk-route.server";

import type { Route } from "./+types/office.subscribers-export";

// Every subscriber of the person's offices, as CSV.
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await staffOr401(request, context);
  if (signedIn instanceof Response) return signedIn;
  const day = new Date().toISOString().slice(0, 10);
  const csv = await context.desk.subscribersCsv(signedIn.staff);
  return download(csv, "text/csv", `subscribers-${day}.csv`);
}
