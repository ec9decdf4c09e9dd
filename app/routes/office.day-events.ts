import { plainAnswer, signedInOf } from "~/features/desk/desk-route.server";
import { servicesOf } from "~/services.server";

import { sessionStillGrants } from "../../server/desk/staff-accounts.server";
import { deskStream } from "../../server/live/live-streams.server";

import type { Route } from "./+types/office.day-events";

// My day's live stream (Server-Sent Events): "lead" when something changes in the technician's
// offices (a homeowner answers the estimate on their page), and My day reloads its own visits.
// A technician's only, as My day is; it says nothing but "something changed".
export function loader({ request, context }: Route.LoaderArgs) {
  const { staff, sessionId } = signedInOf(context);
  if (staff.role !== "technician") return plainAnswer(404, "Not found");
  const { desk, live } = servicesOf(context);
  return live.open(
    deskStream({
      staffId: staff.id,
      sessionId,
      offices: staff.offices,
      stillGranted: () => sessionStillGrants(desk.db, sessionId, staff),
    }),
    request.signal,
  );
}
