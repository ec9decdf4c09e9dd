import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";

import { OfficeHours } from "~/components/office-hours";
import { SiteLogo } from "~/components/site-logo";
import { brandName, formatPhone, tagline } from "~/content/company";
import { navigationFor } from "~/content/navigation";
import { useLocale } from "~/lib/use-locale";
import { useRegion } from "~/lib/use-region";
import * as m from "~/components/shell-messages";

import { LanguageLink } from "./language-link";

const socialLinks = [
  { label: "Facebook", icon: "/social/facebook.svg" },
  { label: "Instagram", icon: "/social/instagram.svg" },
  { label: "YouTube", icon: "/social/youtube.svg" },
] as const;

export function SiteFooter({ newsletter }: { newsletter?: React.ReactNode }) {
  const { profile, link } = useRegion();
  const locale = useLocale();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-950 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <div className="inline-flex rounded-lg bg-white px-3 py-2">
            <SiteLogo className="flex items-center gap-2.5" />
          </div>
          <p className="mt-4 text-sm leading-relaxed text-slate-300">{tagline}.</p>
          <ul className="mt-5 flex gap-3" aria-label={m.footer_social_media({}, { locale })}>
            {socialLinks.map(({ label, icon }) => (
              <li key={label}>
                <a
                  href="#"
                  className="grid size-10 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20"
                >
                  <img src={icon} alt="" width={20} height={20} loading="lazy" />
                  <span className="sr-only">{label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">
            {m.footer_contact({}, { locale })}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2.5">
              <MapPin className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden="true" />
              <address className="not-italic">
                {profile.street}
                <br />
                {profile.region}
              </address>
            </li>
            <li className="flex gap-2.5">
              <Phone className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden="true" />
              <a className="hover:text-white hover:underline" href={`tel:${profile.phoneForCall}`}>
                {formatPhone(profile.phone)}
              </a>
            </li>
            <li className="flex gap-2.5">
              <Mail className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden="true" />
              {/* A long address wraps anywhere: at 320 px it is wider than the column. */}
              <a
                className="[overflow-wrap:anywhere] hover:text-white hover:underline"
                href={`mailto:${profile.email}`}
              >
                {profile.email}
              </a>
            </li>
            <li className="flex gap-2.5">
              <Clock className="mt-0.5 size-4 shrink-0 text-accent-400" aria-hidden="true" />
              <OfficeHours />
            </li>
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">
            {m.footer_quick_links({}, { locale })}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {navigationFor(locale).map((entry) => (
              <li key={entry.href}>
                <Link to={link(entry.href)} className="hover:text-white hover:underline">
                  {entry.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={link("/policy")} className="hover:text-white hover:underline">
                {m.nav_privacy_policy({}, { locale })}
              </Link>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">
            {m.footer_newsletter({}, { locale })}
          </h2>
          <p className="mt-4 text-sm text-slate-300">{m.footer_newsletter_blurb({}, { locale })}</p>
          <div className="mt-4">{newsletter}</div>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {brandName}. {m.footer_licensed({}, { locale })}
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <LanguageLink className="hover:text-white hover:underline" />
            <Link to={link("/policy")} className="hover:text-white hover:underline">
              {m.nav_privacy_policy({}, { locale })}
            </Link>
            {/* The offline location database's licence (CC BY 4.0) asks for this credit. */}
            <a href="https://db-ip.com" className="hover:text-white hover:underline">
              {m.footer_ip_credit({}, { locale })}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
