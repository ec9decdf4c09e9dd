import { redirect } from "react-router";

import { withDeskHeaders } from "~/features/desk/headers";

import type { Route } from "./+types/office.sign-out";

export function loader() {
  return redirect("/office", { headers: withDeskHeaders(new Headers()) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const cleared = await context.desk.signOut(request);
  return redirect("/office/sign-in", { headers: withDeskHeaders(cleared) });
}
