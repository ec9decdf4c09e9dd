import type { DetectedLocation } from "~/lib/detected-location";
import { detectedLocationElementId } from "~/lib/location-store";
import { findStateByRegion } from "~/content/states";

/** The visitor's state when it is one of the six the company serves ("Texas"), else null. */
export function serviceRegionOf(location: DetectedLocation): string | null {
  if (!location.isLocationDetected || location.country !== "US") return null;
  return findStateByRegion(location.region)?.name ?? null;
}

/** Where a rendered page gets the visitor's detected location: the end of its body. */
export const detectedLocationSlot = "<!--detected-location-->";

/** Marks the slot in a rendered page, once, before the render cache keeps it. */
export function withDetectedLocationSlot(html: string): string {
  const end = html.lastIndexOf("</body>");
  return end === -1 ? html : `${html.slice(0, end)}${detectedLocationSlot}${html.slice(end)}`;
}

/**
 * The visitor's detected location as inert JSON (the browser's store starts from it). Filled in
 * per response, after the render cache: it is never shared.
 */
export function detectedLocationElement(location: DetectedLocation): string {
  const json = JSON.stringify(location).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${detectedLocationElementId}">${json}</script>`;
}
