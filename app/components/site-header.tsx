import { ChevronDown, Menu, Phone, X } from "lucide-react";
import { useId, useState } from "react";
import { Link, NavLink } from "react-router";

import { ScheduleLink } from "~/components/schedule-link";
import { SiteLogo } from "~/components/site-logo";
import { formatPhone } from "~/content/company";
import { navigation, type NavigationEntry } from "~/content/navigation";
import { usePageLocation } from "~/lib/page-location";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";

function isCurrentSection(entry: NavigationEntry, pathname: string) {
  return entry.href === "/" ? pathname === "/" : pathname.startsWith(entry.href);
}

function DesktopMenuItem({ entry }: { entry: NavigationEntry }) {
  const { link } = useRegion();
  const { pathname } = usePageLocation();
  const current = isCurrentSection(entry, pathname);
  const linkClass = cn(
    "inline-flex items-center gap-1 rounded-md px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-brand-50 hover:text-brand-800",
    current && "text-brand-800",
  );
  if (!entry.children) {
    return (
      <li>
        <NavLink
          to={link(entry.href)}
          className={linkClass}
          aria-current={current ? "page" : undefined}
        >
          {entry.label}
        </NavLink>
      </li>
    );
  }
  return (
    // The sub-menu opens on hover and whenever focus is inside the item (keyboard).
    <li className="group relative" data-has-submenu="">
      <Link to={link(entry.href)} className={linkClass} aria-current={current ? "page" : undefined}>
        {entry.label}
        <ChevronDown
          className="size-4 transition-transform group-focus-within:rotate-180 group-hover:rotate-180"
          aria-hidden="true"
        />
      </Link>
      <div className="invisible absolute top-full left-0 z-40 pt-2 opacity-0 transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
        <ul
          aria-label={`${entry.label} pages`}
          className="min-w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-xl"
        >
          {entry.children.map((child) => (
            <li key={child.href}>
              <Link
                to={link(child.href)}
                className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800"
              >
                {child.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

function MobileMenuItem({ entry, onNavigate }: { entry: NavigationEntry; onNavigate: () => void }) {
  const { link } = useRegion();
  const [open, setOpen] = useState(false);
  const submenuId = useId();
  return (
    <li className="border-b border-slate-100">
      <div className="flex items-center justify-between">
        <Link
          to={link(entry.href)}
          onClick={onNavigate}
          className="flex-1 py-3 text-base font-semibold text-slate-800"
        >
          {entry.label}
        </Link>
        {entry.children ? (
          <button
            type="button"
            className="rounded-md p-3 text-slate-700 hover:bg-slate-100"
            aria-expanded={open}
            aria-controls={submenuId}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronDown
              className={cn("size-5 transition-transform", open && "rotate-180")}
              aria-hidden="true"
            />
            <span className="sr-only">{`${entry.label} sub-menu`}</span>
          </button>
        ) : null}
      </div>
      {entry.children ? (
        <ul id={submenuId} hidden={!open} className="pb-3 pl-4">
          {entry.children.map((child) => (
            <li key={child.href}>
              <Link
                to={link(child.href)}
                onClick={onNavigate}
                className="block py-2 text-sm text-slate-700"
              >
                {child.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function SiteHeader() {
  const { link, profile } = useRegion();
  const { pathname } = usePageLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const mobileOpen = menuOpenOn === pathname;
  const setMobileOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const mobileMenuId = useId();

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
        <Link to={link("/")} className="flex items-center gap-2.5 rounded-md">
          {/* Between 1024 and 1280 px the full menu needs the name's width: the mark stays. */}
          <SiteLogo className="flex items-center gap-2.5" nameClassName="lg:max-xl:sr-only" />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center">
            {navigation.map((entry) => (
              <DesktopMenuItem key={entry.href} entry={entry} />
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-3 lg:flex">
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
            <span className="max-[359px]:sr-only">Call</span>
            <span className="sr-only"> {formatPhone(profile.phone)}</span>
          </a>
          <button
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
            <span className="sr-only">{mobileOpen ? "Close menu" : "Open menu"}</span>
          </button>
        </div>
      </div>

      <nav
        id={mobileMenuId}
        aria-label="Mobile"
        hidden={!mobileOpen}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-6 lg:hidden"
      >
        <ul>
          {navigation.map((entry) => (
            <MobileMenuItem
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
            Call {formatPhone(profile.phone)}
          </a>
        </div>
      </nav>
    </header>
  );
}
