import type { MouseEvent } from "react";
import type { NavigateFunction } from "react-router";

import type { NavigationEntry } from "~/content/navigation";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";

// What the header's desktop menus and its phone menu share.

export function isCurrentSection(entry: NavigationEntry, pathname: string) {
  return entry.href === "/" ? pathname === "/" : pathname.startsWith(entry.href);
}

/**
 * The service areas' 83 sub-area links are plain anchors (cheap to render and hydrate); one
 * handler on their container follows them in the app, as a `<Link>` would.
 */
export function followInApp(event: MouseEvent<HTMLElement>, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element).closest("a");
  if (!anchor || anchor.target || anchor.origin !== window.location.origin) return;
  event.preventDefault();
  void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
}

/** A state's sub-areas: two columns when the list is long (North Carolina has 26 towns). */
export function SubAreaList({ state, className }: { state: NavigationEntry; className?: string }) {
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
