import { servicesOf } from "~/services.server";

import { requestPageStream } from "../../server/live/live-streams.server";
import { privateHeaders } from "../../server/requests/page-actions.server";

import type { Route } from "./+types/requests.events";

// The private page's live stream: "change" when the office or the technician changes the request.
// The link's token is the key, as for the page; an unknown one is 404.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const stream = await services.requests.streamOf(params.token);
  if (!stream) {
    return new Response("Not found", {
      status: 404,
      headers: { ...privateHeaders, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // A cancelled request holds no stream: 204 tells an EventSource to stop reconnecting.
  if (stream.ended) return new Response(null, { status: 204, headers: privateHeaders });
  return services.live.open(requestPageStream(stream.id, services.clientAddress), request.signal);
}
