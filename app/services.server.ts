import { createContext, type RouterContextProvider } from "react-router";

import type { ServerConfig } from "../server/config";
import type { DeskServices } from "../server/desk/desk-services";
import type { FormSubmissions } from "../server/forms";
import type { NewsletterService } from "../server/api/unsubscribe";
import type { PublicConfig } from "../server/public-config";
import type { HomeownerRequests } from "../server/requests/homeowner-requests";

/** What the server gives every route's loader, action and middleware, for this request. */
export interface Services {
  config: ServerConfig;
  publicConfig: PublicConfig;
  newsletter: NewsletterService;
  /** The lead forms' submission pipeline (the JSON API's), for this request's visitor. */
  forms: FormSubmissions;
  /** The visitor's state when detected and one of the six ("Texas"), else null. */
  detectedRegion: string | null;
  /** The office desk's database, staff sign-in and live inbox. */
  desk: DeskServices;
  /** The visitor's address, as the rate limits read it. */
  clientAddress: string;
  /** Homeowners' service requests, reached through their private links. */
  requests: HomeownerRequests;
}

/**
 * The router context's key for the services. The server sets it with the key the route bundle
 * exports (app/entry.server.tsx), since its own bundle would hold another object of this name.
 */
export const servicesContext = createContext<Services>();

export function servicesOf(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}
