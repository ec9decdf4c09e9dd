import { ChevronDown, Menu, Phone, X } from "lucide-react";
import {
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from "react";
import { Link, NavLink, useNavigate, type NavigateFunction } from "react-router";

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

/**
 * The service areas' 83 sub-area links are plain anchors (cheap to render and hydrate); one
 * handler on their container follows them in the app, as a `<Link>` would.
 */
function followInApp(event: MouseEvent<HTMLElement>, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element).closest("a");
  if (!anchor || anchor.target || anchor.origin !== window.location.origin) return;
  event.preventDefault();
  void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
}

/**
 * A hover menu opens on hover and while focus is inside it (CSS), and closes on Escape or once
 * one of its links is followed, until the pointer comes back or focus leaves the item
 * (WCAG 1.4.13: content shown on hover or focus can be dismissed).
 */
function useDismissibleMenu() {
  const [dismissed, setDismissed] = useState(false);
  const pointerInside = useRef(false);
  const itemProps = {
    onMouseEnter: () => {
      pointerInside.current = true;
      setDismissed(false);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      pointerInside.current = false;
      if (!event.currentTarget.contains(document.activeElement)) setDismissed(false);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const focusLeft = !event.currentTarget.contains(event.relatedTarget);
      if (focusLeft && !pointerInside.current) setDismissed(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== "Escape" || dismissed) return;
      setDismissed(true);
      event.currentTarget.querySelector<HTMLElement>(":scope > a")?.focus();
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      const anchor = (event.target as Element).closest("a");
      const inMenu = anchor && event.currentTarget.querySelector(":scope > div")?.contains(anchor);
      if (!inMenu) return;
      setDismissed(true);
      anchor.blur();
    },
  };
  return { dismissed, itemProps };
}

const openOnHoverOrFocus =
  "group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100";

/** A state's sub-areas: two columns when the list is long (North Carolina has 26 towns). */
function SubAreaList({ state, className }: { state: NavigationEntry; className?: string }) {
  const { link } = useRegion();
  const areas = state.children ?? [];
  return (
    <ul
      aria-label={`${state.label} areas`}
      className={cn(areas.length > 9 && "columns-2 gap-x-4", className)}
    >
      {areas.map((area) => (
        <li key={area.href} className="break-inside-avoid">
          <a href={link(area.href)}>{area.label}</a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Service Areas on a wide screen: every state with its sub-areas, in columns across the header's
 * width, scrolling within the viewport when it is short. Opens on hover and on keyboard focus.
 */
function AreasPanel({ entry, openClass }: { entry: NavigationEntry; openClass: string }) {
  const { link } = useRegion();
  const navigate = useNavigate();
  return (
    <div
      className={cn(
        "invisible absolute inset-x-4 top-full z-40 opacity-0 transition-opacity sm:inset-x-6 lg:inset-x-8",
        openClass,
      )}
    >
      {/* Routes the links' clicks (Enter on a link is a click too). */}
      <ul
        aria-label={`${entry.label} pages`}
        onClick={(event) => followInApp(event, navigate)}
        className="grid max-h-[calc(100dvh-6rem)] grid-cols-3 gap-x-8 gap-y-5 overflow-y-auto rounded-lg border border-slate-200 bg-white p-5 text-sm shadow-xl [&_ul_a]:block [&_ul_a]:rounded [&_ul_a]:px-2 [&_ul_a]:py-1 [&_ul_a]:text-slate-700 [&_ul_a:hover]:bg-brand-50 [&_ul_a:hover]:text-brand-800"
      >
        {(entry.children ?? []).map((state) => (
          <li key={state.href}>
            <a
              href={link(state.href)}
              className="mb-1 block rounded px-2 py-1 font-bold text-brand-800 hover:bg-brand-50"
            >
              {state.label}
            </a>
            <SubAreaList state={state} />
          </li>
        ))}
      </ul>
    </div>
  );
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
      <li className="flex items-center">
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
  return <DesktopSubmenuItem entry={entry} linkClass={linkClass} current={current} />;
}

function DesktopSubmenuItem({
  entry,
  linkClass,
  current,
}: {
  entry: NavigationEntry;
  linkClass: string;
  current: boolean;
}) {
  const { link } = useRegion();
  const { dismissed, itemProps } = useDismissibleMenu();
  const children = entry.children ?? [];
  const hasAreas = children.some((child) => child.children);
  const openClass = dismissed ? "" : openOnHoverOrFocus;
  return (
    // The sub-menu opens on hover and whenever focus is inside the item (keyboard). The item
    // spans the header's height, so the pointer stays on it on the way down to the menu.
    <li
      className={cn("group flex items-center", !hasAreas && "relative")}
      data-has-submenu=""
      {...itemProps}
    >
      <Link to={link(entry.href)} className={linkClass} aria-current={current ? "page" : undefined}>
        {entry.label}
        <ChevronDown
          className={cn(
            "size-4 transition-transform",
            !dismissed && "group-focus-within:rotate-180 group-hover:rotate-180",
          )}
          aria-hidden="true"
        />
      </Link>
      {hasAreas ? (
        <AreasPanel entry={entry} openClass={openClass} />
      ) : (
        <div
          className={cn(
            "invisible absolute top-full left-0 z-40 opacity-0 transition-opacity",
            openClass,
          )}
        >
          <ul
            aria-label={`${entry.label} pages`}
            className="min-w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-xl"
          >
            {children.map((child) => (
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
      )}
    </li>
  );
}

function MobileMenuItem({ entry, onNavigate }: { entry: NavigationEntry; onNavigate: () => void }) {
  const { link } = useRegion();
  const navigate = useNavigate();
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
            <li key={child.href} className={cn(child.children && "relative")}>
              <Link
                to={link(child.href)}
                onClick={onNavigate}
                className={cn("block py-2 text-sm text-slate-700", child.children && "pr-12")}
              >
                {child.label}
              </Link>
              {child.children ? (
                // A native toggle: it opens before the app's scripts arrive, and keeps no state.
                <details className="group/areas">
                  <summary className="absolute top-0 right-0 cursor-pointer list-none rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                    <ChevronDown
                      className="size-5 transition-transform group-open/areas:rotate-180"
                      aria-hidden="true"
                    />
                    <span className="sr-only">{`${child.label} areas`}</span>
                  </summary>

                  <div
                    onClick={(event) => {
                      followInApp(event, navigate);
                      if (event.defaultPrevented) onNavigate();
                    }}
                  >
                    <SubAreaList
                      state={child}
                      className="pb-2 pl-4 text-sm text-slate-700 [&_a]:block [&_a]:py-2"
                    />
                  </div>
                </details>
              ) : null}
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

        <nav aria-label="Main" className="hidden self-stretch lg:block">
          <ul className="flex h-full">
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
        {/* Drawn only while open: the menu needs the app to open anyway, and every page is
            lighter to load and hydrate without a second copy of the navigation. */}
        {mobileOpen ? (
          <>
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
          </>
        ) : null}
      </nav>
    </header>
  );
}
