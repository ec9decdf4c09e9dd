import { notDetected, type DetectedLocation } from "~/lib/detected-location";

import type { ServerConfig } from "../config";
import { isPublicIpAddress, parseIpAddress, type IpAddress } from "./ip-address";
import { lookupWithIpinfo } from "./ipinfo";
import { openLocationDatabase, reasonOf, type LocationDatabase } from "./location-database";
import { LruCache } from "./lru-cache";

export interface LocationService {
  /**
   * Where a visitor's address is. Private, loopback, malformed and unknown addresses give
   * `notDetected`; a failure is logged ("Failed to detect location: …") and never thrown.
   */
  lookup(ip: string): Promise<DetectedLocation>;
  /** Cancels ipinfo requests under way and empties the cache. */
  close(): Promise<void>;
}

export interface LocationServiceOptions {
  config: Pick<ServerConfig, "IPINFO_TOKEN" | "IPINFO_BASE_URL" | "GEO_CACHE_SIZE">;
  /** The fetch used for ipinfo; tests count its calls. */
  fetch?: typeof fetch;
}

/**
 * Detects a visitor's location from their IP address: with ipinfo when `IPINFO_TOKEN` is set
 * (1 s time-out), otherwise or on any failure from the offline database. Answers are kept per
 * address in a bounded LRU cache, so a returning visitor costs nothing.
 */
export async function createLocationService({
  config,
  fetch = globalThis.fetch,
}: LocationServiceOptions): Promise<LocationService> {
  const database = await openLocationDatabase();
  const cache = new LruCache<string, Promise<DetectedLocation>>(config.GEO_CACHE_SIZE);
  const closing = new AbortController();
  const token = config.IPINFO_TOKEN;

  async function detect(ip: IpAddress): Promise<DetectedLocation> {
    if (token && !closing.signal.aborted) {
      try {
        const location = await lookupWithIpinfo({
          fetch,
          baseUrl: config.IPINFO_BASE_URL,
          token,
          ip,
          signal: closing.signal,
        });
        return location.org ? location : { ...location, org: database.organization(ip) };
      } catch (error) {
        // Closing cancels requests under way: that is no failure worth a line.
        if (!closing.signal.aborted) console.warn(`Failed to detect location: ${reasonOf(error)}`);
      }
    }
    return locateOffline(database, ip);
  }

  return {
    lookup(raw) {
      const ip = parseIpAddress(raw);
      if (!ip || !isPublicIpAddress(ip)) return Promise.resolve(notDetected);
      // The promise is cached, so simultaneous requests from one visitor share one lookup.
      let location = cache.get(ip.address);
      if (!location) {
        location = detect(ip);
        cache.set(ip.address, location);
      }
      return location;
    },
    async close() {
      closing.abort();
      cache.clear();
    },
  };
}

function locateOffline(database: LocationDatabase, ip: IpAddress): DetectedLocation {
  try {
    return database.locate(ip);
  } catch (error) {
    console.warn(`Failed to detect location: ${reasonOf(error)}`);
    return notDetected;
  }
}
