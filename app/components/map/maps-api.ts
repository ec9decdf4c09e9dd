// The part of the Google Maps JavaScript API the office map uses (typed here rather than
// pulling in @types/google.maps for five calls).

export interface LatLngLiteral {
  lat: number;
  lng: number;
}

export interface MapsEventListener {
  remove(): void;
}

export interface GoogleMap {
  setCenter(center: LatLngLiteral): void;
}

export interface GoogleMarker {
  setMap(map: GoogleMap | null): void;
  setPosition(position: LatLngLiteral): void;
  addListener(event: "click", handler: () => void): MapsEventListener;
}

export interface GoogleInfoWindow {
  open(options: { map: GoogleMap; anchor: GoogleMarker }): void;
  close(): void;
  setContent(content: string | Node): void;
  addListener(event: "closeclick", handler: () => void): MapsEventListener;
}

export interface GoogleMapsNamespace {
  Map: new (
    element: HTMLElement,
    options: {
      center: LatLngLiteral;
      zoom: number;
      styles?: unknown[];
      disableDefaultUI?: boolean;
      zoomControl?: boolean;
      gestureHandling?: string;
    },
  ) => GoogleMap;
  Marker: new (options: {
    position: LatLngLiteral;
    map: GoogleMap;
    title?: string;
  }) => GoogleMarker;
  InfoWindow: new (options?: { content?: string | Node; ariaLabel?: string }) => GoogleInfoWindow;
}

declare global {
  interface Window {
    google?: { maps?: GoogleMapsNamespace };
    __officeMapsReady?: () => void;
  }
}

export interface MapsScriptOptions {
  url: string;
  apiKey: string;
  version?: string;
  language?: string;
  region?: string;
  libraries?: string[];
  timeoutMs?: number;
}

let pending: Promise<GoogleMapsNamespace> | null = null;

/**
 * Loads the maps script once, with the spec's parameters (key, version weekly, language, region,
 * libraries). Rejects on a script error or when it never calls back.
 */
export function loadMapsScript({
  url,
  apiKey,
  version = "weekly",
  language = "en",
  region = "US",
  libraries = [],
  timeoutMs = 15_000,
}: MapsScriptOptions): Promise<GoogleMapsNamespace> {
  if (window.google?.maps) return Promise.resolve(window.google.maps);
  if (pending) return pending;
  pending = new Promise<GoogleMapsNamespace>((resolve, reject) => {
    const params = new URLSearchParams({
      key: apiKey,
      v: version,
      language,
      region,
      callback: "__officeMapsReady",
      loading: "async",
    });
    if (libraries.length > 0) params.set("libraries", libraries.join(","));
    const script = document.createElement("script");
    const timer = setTimeout(
      () => fail(new Error("The maps script did not load in time")),
      timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      script.remove();
      pending = null;
      reject(error);
    };
    window.__officeMapsReady = () => {
      clearTimeout(timer);
      if (window.google?.maps) resolve(window.google.maps);
      else fail(new Error("The maps script loaded without the maps API"));
    };
    script.src = `${url}?${params.toString()}`;
    script.async = true;
    script.onerror = () => fail(new Error("The maps script failed to load"));
    document.head.append(script);
  });
  return pending;
}
