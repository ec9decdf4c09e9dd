import { Router } from "express";

import { clientIp } from "./client-ip";
import type { LocationService } from "./location-service";

export interface LocationRouterOptions {
  locations: LocationService;
  /** `TRUST_PROXY`: read the visitor's address from `X-Forwarded-For`. */
  trustProxy: boolean;
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
