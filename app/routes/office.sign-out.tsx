import { redirect } from "react-router";

import { servicesOf } from "~/services.server";

import { cookiesOf, signOut } from "../../server/desk/staff-sessions";

import type { Route } from "./+types/office.sign-out";

export function loader() {
  return redirect("/office");
}

export async function action({ request, context }: Route.ActionArgs) {
  const cleared = await signOut(servicesOf(context).desk.auth, request);
  return redirect("/office/sign-in", { headers: cookiesOf(cleared) });
}
