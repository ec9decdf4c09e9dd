import type { ServerConfig } from "./config";

/** The only configuration the browser ever sees: a whitelist, typed. */
export interface PublicConfig {
  siteUrl: string;
  googleMapsApiKey: string | null;
  googleMapsScriptUrl: string;
}

export function publicConfigFrom(config: ServerConfig): PublicConfig {
  return {
    siteUrl: config.SITE_URL,
    googleMapsApiKey: config.GOOGLE_MAPS_API_KEY ?? null,
    googleMapsScriptUrl: config.GOOGLE_MAPS_SCRIPT_URL,
  };
}
