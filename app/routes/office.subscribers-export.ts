import type { Route } from "./+types/office.subscribers-export";

// Every subscriber of the person's offices, as CSV.
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await context.desk.signedIn(request);
  if (!signedIn) {
    return new Response("Sign in first", {
      status: 401,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await context.desk.subscribersCsv(signedIn.staff), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
