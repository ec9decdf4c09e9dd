import { useEffect, useRef, useState } from "react";
import { MapPin } from "lucide-react";

import { directionsUrl } from "~/components/map-section";
import { buttonVariants } from "~/components/ui/button";
import { formatPhone, type CompanyProfile } from "~/content/company";
import { officeName } from "~/content/navigation";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/paraglide/messages/_index.js";

import { loadMapsScript, type GoogleMap, type GoogleMarker } from "./maps-api";

export type MapStatus = "loading" | "loaded" | "error";

const grayscale = [{ stylers: [{ saturation: -100 }] }];

function infoWindowContent(profile: CompanyProfile, officeTitle: string) {
  const root = document.createElement("div");
  root.className = "office-map-info";
  const name = document.createElement("strong");
  name.textContent = officeTitle;
  const address = document.createElement("p");
  address.textContent = profile.address;
  const phone = document.createElement("a");
  phone.href = `tel:${profile.phoneForCall}`;
  phone.textContent = formatPhone(profile.phone);
  root.append(name, address, phone);
  return root;
}

/**
 * The office on a grayscale map at zoom 15 with a marker; the marker toggles an info window
 * (name, address, phone) that has its own close control.
 */
export default function OfficeMap({
  profile,
  apiKey,
  scriptUrl,
}: {
  profile: CompanyProfile;
  apiKey: string | null;
  scriptUrl: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const locale = useLocale();
  const title = officeName(profile, locale);
  const [status, setStatus] = useState<MapStatus>(apiKey ? "loading" : "error");

  useEffect(() => {
    const container = containerRef.current;
    if (!apiKey || !container) return;
    let cancelled = false;
    let marker: GoogleMarker | undefined;
    const listeners: { remove(): void }[] = [];
    loadMapsScript({ url: scriptUrl, apiKey })
      .then((maps) => {
        if (cancelled) return;
        const center = { lat: profile.latitude, lng: profile.longitude };
        const map: GoogleMap = new maps.Map(container, {
          center,
          zoom: 15,
          styles: grayscale,
          gestureHandling: "cooperative",
        });
        marker = new maps.Marker({ position: center, map, title });
        const info = new maps.InfoWindow({
          content: infoWindowContent(profile, title),
          ariaLabel: title,
        });
        let open = false;
        listeners.push(
          marker.addListener("click", () => {
            if (open) info.close();
            else if (marker) info.open({ map, anchor: marker });
            open = !open;
          }),
          info.addListener("closeclick", () => {
            open = false;
          }),
        );
        setStatus("loaded");
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn(`Error loading maps: ${error instanceof Error ? error.message : error}`);
        setStatus("error");
      });
    return () => {
      cancelled = true;
      for (const listener of listeners) listener.remove();
      marker?.setMap(null);
    };
  }, [apiKey, scriptUrl, profile, title]);

  return (
    <div className="absolute inset-0">
      <div
        ref={containerRef}
        className="absolute inset-0"
        role="region"
        aria-label={`Map of ${profile.name}`}
        hidden={status !== "loaded"}
      />
      {status === "loading" ? (
        <div
          className="absolute inset-0 grid place-items-center p-6 text-center font-semibold text-slate-700"
          role="status"
        >
          {m.map_loading({}, { locale })}
        </div>
      ) : null}
      {status === "error" ? (
        // No map: the panel reads as a locator card rather than an empty grey box.
        <div className="absolute inset-0 grid place-items-center bg-brand-50 p-6 text-center">
          <div className="grid max-w-xs justify-items-center gap-2 rounded-xl bg-white p-6 shadow-md ring-1 ring-slate-200">
            <MapPin className="size-8 text-brand-700" aria-hidden="true" />
            <p className="font-bold text-slate-900">{title}</p>
            <p className="text-slate-700">{profile.address}</p>
            <a
              href={directionsUrl(profile.address)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ size: "sm" })}
            >
              {m.map_open_in_google({}, { locale })}
              <span className="sr-only"> {m.opens_in_new_tab({}, { locale })}</span>
            </a>
            <p role="status" className="text-sm text-slate-600">
              {m.map_error({}, { locale })}
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
