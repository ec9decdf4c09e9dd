import type { ServerConfig } from "./config";
import type { DeskServices } from "./desk/desk-services";
import type { FormSubmissions } from "./leads/forms";
import type { NewsletterService } from "./api/unsubscribe";
import type { PublicConfig } from "./public-config";
import type { PublicPrices } from "./prices/public-prices";
import type { LiveHub } from "./live/live-hub";
import type { HomeownerRequests } from "./requests/homeowner-requests";

/** What the server gives every route's loader, action and middleware, for this request. */
export interface Services {
  config: ServerConfig;
  publicConfig: PublicConfig;
  newsletter: NewsletterService;
  /** The lead forms' submission pipeline (the JSON API's), for this request's visitor. */
  forms: FormSubmissions;
  /** The visitor's state when detected and one of the six ("Texas"), else null. */
  detectedState: string | null;
  /** The office desk's database and staff sign-in. */
  desk: DeskServices;
  /** The visitor's address, as the rate limits read it. */
  clientAddress: string;
  /** Homeowners' service requests, reached through their private links. */
  requests: HomeownerRequests;
  /** Every open page's live stream: the desk's, My day's and the homeowner's. */
  live: LiveHub;
  /** The offices' price policies as the public pages show them, and their version. */
  prices: PublicPrices;
}
