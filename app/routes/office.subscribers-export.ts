import { download, plainAnswer, signedInOf } from "~/features/desk/desk-route.server";
import { servicesOf } from "~/services.server";

import { subscribersCsv } from "../../server/desk/subscribers.server";

import type { Route } from "./+types/office.subscribers-export";

// Every subscriber of the person's offices, as CSV.
export async function loader({ context }: Route.LoaderArgs) {
  if (signedInOf(context).staff.role === "technician") return plainAnswer(404, "Not found");
  const day = new Date().toISOString().slice(0, 10);
  const csv = await subscribersCsv(servicesOf(context).desk.db, signedInOf(context).staff);
  return download(csv, "text/csv", `subscribers-${day}.csv`);
}
