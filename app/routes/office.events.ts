import { plainAnswer, signedInOf } from "~/features/desk/desk-route.server";
import { servicesOf } from "~/services.server";

import { leadOffices, sessionStillGrants } from "../../server/desk/staff-accounts.server";
import { deskStream } from "../../server/live/live-streams.server";

import type { Route } from "./+types/office.events";

// The open inbox's live stream (Server-Sent Events): "lead" when one of the person's offices
// receives one. Signed out, 401 and nothing else (routes/office.staff-files); it ends when the
// session does, or when the person's access changes.
export function loader({ request, context }: Route.LoaderArgs) {
  const { staff, sessionId } = signedInOf(context);
  if (staff.role === "technician") return plainAnswer(404, "Not found");
  const { desk, live } = servicesOf(context);
  return live.open(
    deskStream({
      staffId: staff.id,
      sessionId,
      offices: leadOffices(staff),
      stillGranted: () => sessionStillGrants(desk.db, sessionId, staff),
    }),
    request.signal,
  );
}
