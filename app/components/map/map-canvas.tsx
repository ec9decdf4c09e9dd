import { MapPin } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";

import type { CompanyProfile } from "~/content/company";
import { officeName } from "~/content/navigation";
import { useLocale } from "~/lib/use-locale";
import type { RootMatchData } from "~/lib/meta";
import * as m from "~/paraglide/messages/_index.js";

const OfficeMap = lazy(() => import("./office-map"));

/**
 * The map's frame. The maps code and the provider's script load only when the section nears
 * the viewport, never during the first load.
 */
export function MapCanvas({ profile }: { profile: CompanyProfile }) {
  const config = useRouteLoaderData<RootMatchData>("root");
  const locale = useLocale();
  const frameRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div
      ref={frameRef}
      className="relative min-h-72 overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 lg:col-span-3"
    >
      {near ? (
        <Suspense fallback={<MapMessage>{m.map_loading({}, { locale })}</MapMessage>}>
          <OfficeMap
            profile={profile}
            apiKey={config?.googleMapsApiKey ?? null}
            scriptUrl={config?.googleMapsScriptUrl ?? ""}
          />
        </Suspense>
      ) : (
        <div className="absolute inset-0 grid place-items-center p-6 text-center">
          <div>
            <MapPin className="mx-auto size-10 text-brand-700" aria-hidden="true" />
            <p className="mt-3 text-lg font-bold text-slate-900">{officeName(profile, locale)}</p>
            <p className="text-slate-700">{profile.address}</p>
          </div>
        </div>
      )}
    </div>
  );
}

function MapMessage({ children }: { children: React.ReactNode }) {
  return (
    <div
      className="absolute inset-0 grid place-items-center p-6 text-center font-semibold text-slate-700"
      role="status"
    >
      {children}
    </div>
  );
}
