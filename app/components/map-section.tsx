import { Clock, ExternalLink, Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import { Link } from "react-router";

import { JsonLd } from "~/components/json-ld";
import { MapCanvas } from "~/components/map/map-canvas";
import { OfficeHours } from "~/components/office-hours";
import { formatPhone } from "~/content/company";
import { officeName, serviceAreasFor } from "~/content/navigation";
import { useLocale } from "~/lib/use-locale";
import * as m from "~/components/shell-messages";
import { businessJsonLd } from "~/lib/structured-data";
import { useRegion } from "~/lib/use-region";
import { useSiteUrl } from "~/lib/use-site-url";

export function directionsUrl(address: string) {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}`;
}

function InfoRow({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid grid-cols-[1.25rem_1fr] gap-x-3">
      {/* A group of a <dl> holds only its <dt> and <dd>: the icon sits in the term. */}
      <dt className="col-span-2 grid grid-cols-subgrid font-semibold text-slate-900">
        <Icon className="mt-0.5 size-5 text-brand-700" aria-hidden="true" />
        {label}
      </dt>
      <dd className="col-start-2">{children}</dd>
    </div>
  );
}

/** The office panel beside the map, on every page. The map canvas itself loads lazily. */
export function MapSection() {
  const { profile, state, link } = useRegion();
  const locale = useLocale();
  const areas = serviceAreasFor(state?.label, locale);
  const siteUrl = useSiteUrl();
  return (
    <section
      aria-labelledby="map-section-heading"
      className="border-t border-slate-200 bg-slate-50"
    >
      <JsonLd data={businessJsonLd(profile, siteUrl)} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-5 lg:px-8">
        <MapCanvas profile={profile} />
        <div className="lg:col-span-2">
          <h2 id="map-section-heading" className="text-2xl font-bold text-slate-900">
            {officeName(profile, locale)}
          </h2>
          <dl className="mt-5 space-y-4 text-slate-700">
            <InfoRow icon={MapPin} label={m.map_address({}, { locale })}>
              {profile.street}
              <br />
              {profile.region}
            </InfoRow>
            <InfoRow icon={Phone} label={m.map_phone({}, { locale })}>
              <a
                className="hover:text-brand-800 hover:underline"
                href={`tel:${profile.phoneForCall}`}
              >
                {formatPhone(profile.phone)}
              </a>
            </InfoRow>
            <InfoRow icon={Mail} label={m.map_email({}, { locale })}>
              {/* A long address wraps anywhere: at 320 px it is wider than the panel. */}
              <a
                className="[overflow-wrap:anywhere] hover:text-brand-800 hover:underline"
                href={`mailto:${profile.email}`}
              >
                {profile.email}
              </a>
            </InfoRow>
            <InfoRow icon={Clock} label={m.map_hours({}, { locale })}>
              <OfficeHours />
            </InfoRow>
          </dl>
          <a
            href={directionsUrl(profile.address)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
          >
            {m.map_get_directions({}, { locale })}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">{m.opens_in_new_tab({}, { locale })}</span>
          </a>
          <h3 className="mt-6 font-semibold text-slate-900">
            {m.map_service_areas({}, { locale })}
          </h3>
          <div
            role="region"
            className="mt-2 max-h-[200px] overflow-y-auto pr-2 text-sm leading-relaxed text-slate-700"
            tabIndex={0}
            aria-label={m.map_service_areas({}, { locale })}
          >
            {areas.map((area, index) => (
              <span key={area.href}>
                <Link to={link(area.href)} className="hover:text-brand-800 hover:underline">
                  {area.label}
                </Link>
                {index < areas.length - 1 ? ", " : ""}
              </span>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
