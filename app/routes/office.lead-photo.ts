import { plainAnswer, staffOr401 } from "~/features/desk/desk-route.server";

import type { Route } from "./+types/office.lead-photo";

// A homeowner's photo, for staff of the request's office; another office's is 404.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = await staffOr401(request, context);
  if (signedIn instanceof Response) return signedIn;
  const photo = await context.desk.leadPhoto(signedIn.staff, params.id, params.photoId);
  if (!photo) return plainAnswer(404, "Not found");
  return new Response(new Uint8Array(photo.data), {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.data.byteLength),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
