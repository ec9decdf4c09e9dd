import { servicesOf } from "~/services.server";

import { requestPageStream } from "../../server/live/live-streams";
import { privateHeaders } from "../../server/requests/page-actions";

import type { Route } from "./+types/requests.events";

// The private page's live stream: "change" when the office or the technician changes the request.
// The link's token is the key, as for the page; an unknown one is 404.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const id = await services.requests.idOf(params.token);
  if (!id) {
    return new Response("Not found", {
      status: 404,
      headers: { ...privateHeaders, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return services.live.open(requestPageStream(id), request.signal);
}
