import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";

import type { RootMatchData } from "./meta";

import { localizedHref, type Locale } from "./locale";
import { useLocale } from "./use-locale";
import { usePageLocation } from "./page-location";
import { regionInfo, withRegion, type RegionInfo } from "./region";

export interface UseRegion extends RegionInfo {
  /** An internal href in the page's language, with the visitor's `?region=` carried over. */
  link: (href: string) => string;
  /** The same in another language (the language switch). */
  linkIn: (href: string, locale: Locale) => string;
}

export function useRegion(): UseRegion {
  const { search } = usePageLocation();
  const locale = useLocale();
  const detectedState = useRouteLoaderData<RootMatchData>("root")?.detectedState ?? null;
  return useMemo(() => {
    const info = regionInfo(new URLSearchParams(search), detectedState);
    const linkIn = (href: string, inLocale: Locale) =>
      withRegion(localizedHref(href, inLocale), info.region);
    return { ...info, link: (href: string) => linkIn(href, locale), linkIn };
  }, [search, detectedState, locale]);
}
