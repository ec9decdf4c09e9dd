import { useSyncExternalStore } from "react";

import { notDetected, type DetectedLocation } from "./detected-location";

/** The element the server fills with the visitor's detected location (spec section 4). */
export const detectedLocationElementId = "detected-location";

/** Persistence as the spec sets it: key "ea", nothing whitelisted, so nothing personal is stored. */
export const persistKey = "ea";
const persistWhitelist: readonly (keyof LocationState)[] = [];

export interface LocationState {
  location: DetectedLocation;
  /**
   * "pending" until start-up has looked (the server-rendered page, or one call to
   * /api/location when the page arrived without it), then "settled".
   */
  status: "pending" | "settled";
}

let state: LocationState = { location: notDetected, status: "pending" };
const listeners = new Set<() => void>();
let started = false;

function publish(next: LocationState) {
  state = next;
  persist();
  for (const listener of listeners) listener();
}

function persist() {
  try {
    const kept = Object.fromEntries(persistWhitelist.map((key) => [key, state[key]]));
    window.localStorage.setItem(persistKey, JSON.stringify({ ...kept, _persist: { version: -1 } }));
  } catch {
    // Storage may be unavailable (private mode, disabled): nothing is lost, nothing was kept.
  }
}

function readServerLocation(): DetectedLocation | undefined {
  const element = document.getElementById(detectedLocationElementId);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as DetectedLocation;
  } catch {
    return undefined;
  }
}

/**
 * Start-up: take the location the server rendered into the page; only when there is none, ask
 * /api/location once. Skipped when a location is already held. Failure is logged, never shown.
 */
export function startLocationDetection(
  fetchLocation: () => Promise<Response> = () => fetch("/api/location"),
) {
  if (started || state.location.isLocationDetected) return;
  started = true;
  const fromServer = readServerLocation();
  if (fromServer) {
    publish({ status: "settled", location: fromServer });
    return;
  }
  fetchLocation()
    .then(async (response) => {
      if (!response.ok) throw new Error(`status ${response.status}`);
      const location = (await response.json()) as DetectedLocation;
      publish({ status: "settled", location });
    })
    .catch((error: unknown) => {
      console.warn("Failed to detect location", error);
      publish({ ...state, status: "settled" });
    });
}

export function useDetectedLocation(): LocationState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
