import { ChevronDown } from "lucide-react";
import { useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from "react";
import { Link, NavLink, useNavigate } from "react-router";

import type { NavigationEntry } from "~/content/navigation";
import { usePageLocation } from "~/lib/page-location";
import { useLocale } from "~/lib/use-locale";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";
import * as m from "~/components/shell-messages";

import { followInApp, isCurrentSection, SubAreaList } from "./header-menus";

// The header's menus on a wide screen: a link per section, its pages (or every state's areas)
// opening on hover and on keyboard focus.

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

/**
 * Service Areas on a wide screen: every state with its sub-areas, in columns across the header's
 * width, scrolling within the viewport when it is short. Opens on hover and on keyboard focus.
 */
function AreasPanel({ entry, openClass }: { entry: NavigationEntry; openClass: string }) {
  const { link } = useRegion();
  const locale = useLocale();
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
        aria-label={m.nav_section_pages({ section: entry.label }, { locale })}
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

export function DesktopMenuItem({ entry }: { entry: NavigationEntry }) {
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
  const locale = useLocale();
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
            aria-label={m.nav_section_pages({ section: entry.label }, { locale })}
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
