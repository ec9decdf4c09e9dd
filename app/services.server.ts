import { createContext, type RouterContextProvider } from "react-router";

import type { Services } from "../server/services";

export type { Services };

/**
 * The router context's key for the services. The server sets it with the key the route bundle
 * exports (app/entry.server.tsx), since its own bundle would hold another object of this name.
 */
export const servicesContext = createContext<Services>();

export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}
