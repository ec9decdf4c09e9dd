import { Menu, Phone, X } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";

import { ScheduleLink } from "~/components/schedule-link";
import { SiteLogo } from "~/components/site-logo";
import { formatPhone } from "~/content/company";
import { navigationFor } from "~/content/navigation";
import { useLocale } from "~/lib/use-locale";
import { usePageLocation } from "~/lib/page-location";
import { useRegion } from "~/lib/use-region";
import * as m from "~/components/shell-messages";

import { DesktopMenuItem } from "./header-desktop-menu";
import { LanguageLink } from "./language-link";
import { PhoneMenuItem } from "./header-phone-menu";

export function SiteHeader() {
  const { link, profile } = useRegion();
  const locale = useLocale();
  const navigation = navigationFor(locale);
  const { pathname } = usePageLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const mobileOpen = menuOpenOn === pathname;
  const setMobileOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const mobileMenuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || !mobileOpen) return;
    setMobileOpen(false);
    menuButton.current?.focus();
  };

  return (
    <header
      className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur"
      onKeyDown={closeOnEscape}
    >
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
        <Link to={link("/")} className="flex items-center gap-2.5 rounded-md">
          {/* Between 1024 and 1280 px the full menu needs the name's width: the mark stays. */}
          <SiteLogo className="flex items-center gap-2.5" nameClassName="lg:max-xl:sr-only" />
        </Link>

        <nav aria-label={m.nav_main({}, { locale })} className="hidden self-stretch lg:block">
          <ul className="flex h-full">
            {navigation.map((entry) => (
              <DesktopMenuItem key={entry.href} entry={entry} />
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-3 lg:flex">
          {/* Below 1280 px the menu needs the room: the footer's link is on every page. */}
          <LanguageLink className="rounded-md px-1 py-2 text-sm font-semibold text-slate-800 hover:text-brand-800 hover:underline max-xl:hidden" />
          <a
            href={`tel:${profile.phoneForCall}`}
            className="hidden items-center gap-1.5 text-sm font-bold text-slate-900 hover:text-brand-800 2xl:inline-flex"
          >
            <Phone className="size-4 text-brand-700" aria-hidden="true" />
            {formatPhone(profile.phone)}
          </a>
          <ScheduleLink />
        </div>

        <div className="flex items-center gap-1 lg:hidden">
          <a
            href={`tel:${profile.phoneForCall}`}
            className="inline-flex items-center gap-1.5 rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <Phone className="size-4" aria-hidden="true" />
            <span className="max-[359px]:sr-only">{m.header_call({}, { locale })}</span>
            <span className="sr-only"> {formatPhone(profile.phone)}</span>
          </a>
          <button
            ref={menuButton}
            type="button"
            className="inline-flex items-center gap-2 rounded-md p-2 text-slate-800 hover:bg-slate-100"
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            onClick={() => setMobileOpen(!mobileOpen)}
          >
            {mobileOpen ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
            <span className="sr-only">
              {mobileOpen
                ? m.header_close_menu({}, { locale })
                : m.header_open_menu({}, { locale })}
            </span>
          </button>
        </div>
      </div>

      <nav
        id={mobileMenuId}
        aria-label={m.nav_mobile({}, { locale })}
        hidden={!mobileOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-6 lg:hidden"
      >
        {/* Drawn only while open: the menu needs the app to open anyway, and every page is
            lighter to load and hydrate without a second copy of the navigation. */}
        {mobileOpen ? (
          <>
            <ul>
              {navigation.map((entry) => (
                <PhoneMenuItem
                  key={entry.href}
                  entry={entry}
                  onNavigate={() => setMobileOpen(false)}
                />
              ))}
            </ul>
            <div className="mt-4 grid gap-3">
              <ScheduleLink size="lg" onClick={() => setMobileOpen(false)} />
              <a
                href={`tel:${profile.phoneForCall}`}
                className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 py-3 font-semibold text-slate-900"
              >
                <Phone className="size-4" aria-hidden="true" />
                {m.header_call_number({ phone: formatPhone(profile.phone) }, { locale })}
              </a>
              <LanguageLink className="justify-center rounded-lg py-3 font-semibold text-brand-800 underline" />
            </div>
          </>
        ) : null}
      </nav>
    </header>
  );
}
