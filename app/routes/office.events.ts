import { staffOr401 } from "~/features/desk/desk-route.server";

import type { Route } from "./+types/office.events";

// The open inbox's live stream (Server-Sent Events): "lead" when one of the person's offices
// receives one. Signed out, 401 and nothing else; it ends when the session does.
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await staffOr401(request, context);
  if (signedIn instanceof Response) return signedIn;
  return context.desk.events(signedIn, request.signal);
}
