import { plainAnswer, signedInContext } from "~/features/desk/desk-route.server";

import type { Route } from "./+types/office.staff-files";

/** The desk's streams and files for staff (no page to send anyone to): 401 signed out. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }, next) => {
    if (!context.get(signedInContext)) return plainAnswer(401, "Sign in first");
    return next();
  },
];
