import { Outlet, useLocation } from "react-router";

import DeskErrorPage, { deskErrorTitle } from "~/features/desk/desk-error-page";
import { DeskHeader } from "~/features/desk/desk-header";
import { deskHandle, deskResponseHeaders } from "~/features/desk/headers";
import { signedInContext } from "~/features/desk/desk-route.server";
import { useForgetOfflineDay, useWaitingCount } from "~/features/field/offline";
import { SignInToSendNotice } from "~/features/field/waiting-taps-notice";
import { servicesOf } from "~/services.server";

import { signedIn as sessionOf } from "../../server/desk/staff-sessions.server";

import type { Route } from "./+types/office";

/**
 * The office desk (`/office/…`): every page, form and file under it passes through here. The
 * session is read once and put in the router context (the signed-in layouts below guard with
 * it); every answer, a redirect, an error or a download included, is never stored or indexed,
 * and carries the session cookie better-auth refreshed. Its pages are drawn with the desk's
 * chrome (`handle.desk`), its errors too.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const signedIn = await sessionOf(servicesOf(context).desk, request);
    context.set(signedInContext, signedIn);
    const response = await next();
    const headers = new Headers(response.headers);
    if (!/\bno-store\b/.test(headers.get("Cache-Control") ?? "")) {
      headers.set("Cache-Control", deskResponseHeaders["Cache-Control"]);
    }
    headers.set("X-Robots-Tag", deskResponseHeaders["X-Robots-Tag"]);
    // An answer that sets its own cookie (a sign-in, a sign-out, a new password) decides it.
    if (signedIn && headers.getSetCookie().length === 0) {
      for (const cookie of signedIn.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    }
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
];

export const handle = deskHandle;

/** Who is signed in, for the desk's error page (its header names them and their sections). */
export function loader({ context }: Route.LoaderArgs) {
  const signedIn = context.get(signedInContext);
  return { staff: signedIn ? { name: signedIn.staff.name, role: signedIn.staff.role } : null };
}

/**
 * The desk page, and what a page with nobody signed in owes My day: its offline copy forgotten
 * (the session ended, or Sign out), and on the sign-in page the taps still waiting to be sent.
 */
export default function OfficeLayout({ loaderData }: Route.ComponentProps) {
  const onSignIn = useLocation().pathname.startsWith("/office/sign-in");
  useForgetOfflineDay(onSignIn || loaderData.staff === null);
  const waiting = useWaitingCount();
  return (
    <>
      {onSignIn ? <SignInToSendNotice count={waiting} /> : null}
      <Outlet />
    </>
  );
}

/**
 * An error a desk page's loader or action threw. (One a middleware throws, such as the owners'
 * pages' 404 for a dispatcher, is drawn by the root's boundary with the same page.)
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const staff = loaderData?.staff ?? null;
  return (
    <DeskErrorPage
      error={error}
      header={staff ? <DeskHeader title={deskErrorTitle(error)} staff={staff} /> : undefined}
    />
  );
}
