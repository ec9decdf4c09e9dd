import { signedInOf, notFound } from "~/features/desk/desk-route.server";

import type { Route } from "./+types/office.owners-only";

/** The owners' pages (staff, windows, privacy requests): for a dispatcher they do not exist. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }, next) => {
    if (signedInOf(context).staff.role !== "owner") notFound();
    return next();
  },
];
