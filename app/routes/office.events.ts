import type { Route } from "./+types/office.events";

// The open inbox's live stream (Server-Sent Events): "lead" when one of the person's offices
// receives one. Signed out, 401 and nothing else.
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await context.desk.signedIn(request);
  if (!signedIn) {
    return new Response("Sign in first", {
      status: 401,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return context.desk.events(signedIn.staff, request.signal);
}
