import { notFound, signedInOf } from "~/features/desk/desk-route.server";

import type { Route } from "./+types/office.office-only";

/** The office's pages (inbox, leads, subscribers, the owners'): for a technician they do not exist. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }, next) => {
    if (signedInOf(context).staff.role === "technician") notFound();
    return next();
  },
];
