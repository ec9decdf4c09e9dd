import { plainAnswer, signedInOf } from "~/features/desk/desk-route.server";
import { servicesOf } from "~/services.server";

import { leadPhoto } from "../../server/desk/leads.server";

import type { Route } from "./+types/office.lead-photo";

// A homeowner's photo, for staff of the request's office; another office's is 404.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { staff } = signedInOf(context);
  const photo = await leadPhoto(servicesOf(context).desk.db, staff, params.id, params.photoId);
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
