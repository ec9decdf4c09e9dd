import type { DetectedLocation } from "~/lib/detected-location";
import { detectedLocationElementId } from "~/lib/location-store";
import { findStateByRegion } from "~/content/states";

/** The visitor's state when it is one of the six the company serves ("Texas"), else null. */
export function serviceRegionOf(location: DetectedLocation): string | null {
  if (!location.isLocationDetected || location.country !== "US") return null;
  return findStateByRegion(location.region)?.name ?? null;
}

/**
 * Adds the visitor's detected location to a rendered page as inert JSON (the browser's store
 * starts from it). Added per response, after the render cache: it is never shared.
 */
export function withDetectedLocation(html: string, location: DetectedLocation): string {
  const json = JSON.stringify(location).replace(/</g, "\\u003c");
  const element = `<script type="application/json" id="${detectedLocationElementId}">${json}</script>`;
  const end = html.lastIndexOf("</body>");
  return end === -1 ? html : `${html.slice(0, end)}${element}${html.slice(end)}`;
}
