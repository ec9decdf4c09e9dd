import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";

import type { RootMatchData } from "./meta";

import { usePageLocation } from "./page-location";
import { regionInfo, withRegion, type RegionInfo } from "./region";

export interface UseRegion extends RegionInfo {
  /** An internal href with the visitor's `?region=` carried over. */
  link: (href: string) => string;
}

export function useRegion(): UseRegion {
  const { search } = usePageLocation();
  const detectedState = useRouteLoaderData<RootMatchData>("root")?.detectedState ?? null;
  return useMemo(() => {
    const info = regionInfo(new URLSearchParams(search), detectedState);
    return { ...info, link: (href: string) => withRegion(href, info.region) };
  }, [search, detectedState]);
}
