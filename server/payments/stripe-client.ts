/**
 * Stripe's official client, configured from the environment: the secret key, and the API's
 * address (Stripe's, or a stand-in on 127.0.0.1 in tests). No key, no client: nothing
 * card-related is offered.
 */
import Stripe from "stripe";

import type { ServerConfig } from "../config";

export type { Stripe };

/** How long one call to Stripe may take; a pay button waits for it. */
const stripeTimeoutMs = 15_000;

export function stripeClientFor(config: ServerConfig): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = new URL(config.STRIPE_API_BASE);
  const protocol = base.protocol === "http:" ? "http" : "https";
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: base.port === "" ? (protocol === "http" ? 80 : 443) : Number(base.port),
    protocol,
    timeout: stripeTimeoutMs,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: "appliance-repair" },
  });
}

/**
 * The origin a Checkout Session's page is served from: the pay form's 303 goes there, so the
 * page's `form-action` must allow it. Stripe's own Checkout, or the stand-in's address in tests.
 */
export function checkoutOriginFor(config: ServerConfig): string | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = new URL(config.STRIPE_API_BASE);
  return base.hostname === "api.stripe.com" ? "https://checkout.stripe.com" : base.origin;
}
