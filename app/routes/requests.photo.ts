import { servicesOf } from "~/services.server";

import { privateHeaders } from "../../server/requests/page-actions.server";

import type { Route } from "./+types/requests.photo";

// A photo the homeowner added, for their own page's thumbnails: the link's token is the key, as
// for the page; another request's photo, or a wrong token, is 404.
// `?size=small` answers its thumbnail (a small WebP made when it was added).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const thumbnail = new URL(request.url).searchParams.get("size") === "small";
  const photo = await servicesOf(context).requests.photo(params.token, params.photoId, {
    thumbnail,
  });
  if (!photo) {
    return new Response("Not found", {
      status: 404,
      headers: { ...privateHeaders, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(new Uint8Array(photo.data), {
    headers: {
      ...privateHeaders,
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.data.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
