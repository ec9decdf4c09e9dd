import { redirect } from "react-router";

import { servicesOf } from "~/services.server";

import { cookiesOf, signOut } from "../../server/desk/staff-sessions.server";

import type { Route } from "./+types/office.sign-out";

export function loader() {
  return redirect("/office");
}

/**
 * Signing out also tells the browser to forget what this site kept (My day's offline copy of
 * names, addresses and phones, and its service worker): Chromium honours Clear-Site-Data on a
 * plain form post and on the page's own request alike, so it holds without JavaScript too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const cleared = await signOut(servicesOf(context).desk.auth, request);
  const headers = cookiesOf(cleared);
  headers.set("Clear-Site-Data", '"cache", "storage"');
  return redirect("/office/sign-in", { headers });
}
