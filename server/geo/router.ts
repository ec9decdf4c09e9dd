import { Router } from "express";

import { clientIp, type TrustProxy } from "./client-ip";
import type { LocationService } from "./location-service";

export interface LocationRouterOptions {
  locations: LocationService;
  /** Which hops of `X-Forwarded-For` are our proxies (`TRUST_PROXY`). */
  trustProxy: TrustProxy;
}

/** `GET /location` (mounted under `/api`): the visitor's detected location as JSON. */
export function createLocationRouter({ locations, trustProxy }: LocationRouterOptions): Router {
  const router = Router();
  router.get("/location", async (req, res) => {
    const location = await locations.lookup(clientIp(req, trustProxy));
    // Each visitor's own answer: never stored by the browser's or a shared cache.
    res.set("Cache-Control", "private, no-store").json(location);
  });
  return router;
}
