import { redirect } from "react-router";

import { signedInContext } from "~/features/desk/desk-route.server";

import type { Route } from "./+types/office.staff-only";

/** The desk's pages for staff: anyone signed out is sent to the sign-in page. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }, next) => {
    if (!context.get(signedInContext)) throw redirect("/office/sign-in");
    return next();
  },
];
