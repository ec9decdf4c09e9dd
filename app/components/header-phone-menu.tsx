import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";

import type { NavigationEntry } from "~/content/navigation";
import { useLocale } from "~/lib/use-locale";
import { useRegion } from "~/lib/use-region";
import { cn } from "~/lib/utils";
import * as m from "~/components/shell-messages";

import { followInApp, SubAreaList } from "./header-menus";

// The header's menu on a phone: each section with a toggle for its pages, and a native toggle
// for each state's areas.

export function PhoneMenuItem({
  entry,
  onNavigate,
}: {
  entry: NavigationEntry;
  onNavigate: () => void;
}) {
  const { link } = useRegion();
  const locale = useLocale();
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
            <span className="sr-only">{m.nav_sub_menu({ section: entry.label }, { locale })}</span>
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
                    <span className="sr-only">
                      {m.nav_areas_of({ state: child.label }, { locale })}
                    </span>
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
