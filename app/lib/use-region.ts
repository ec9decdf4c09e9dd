import { useMemo } from "react";

import { usePageLocation } from "./page-location";
import { regionInfo, withRegion, type RegionInfo } from "./region";

export interface UseRegion extends RegionInfo {
  /** An internal href with the visitor's `?region=` carried over. */
  link: (href: string) => string;
}

export function useRegion(): UseRegion {
  const { search } = usePageLocation();
  return useMemo(() => {
    const info = regionInfo(new URLSearchParams(search));
    return { ...info, link: (href: string) => withRegion(href, info.region) };
  }, [search]);
}
