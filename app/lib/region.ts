import { defaultProfile, profileForState, type CompanyProfile } from "~/content/company";
import { findStateByRegion, type ServiceState } from "~/content/states";

export const regionParam = "region";

/** The company profile for `?region=`: the matching state's, otherwise Texas. */
export function pickCompanyProfile(region: string | null | undefined): CompanyProfile {
  const state = findStateByRegion(region);
  return state ? profileForState(state.slug) : defaultProfile;
}

/** The hero's place name: the matched state's name, otherwise "Neighborhood". */
export function heroRegionName(region: string | null | undefined): string {
  return findStateByRegion(region)?.name ?? "Neighborhood";
}

/** Appends `?region=` to an internal href (keeping any query it already has). */
export function withRegion(href: string, region: string | null | undefined): string {
  if (!region) return href;
  const [path = "", query = ""] = href.split("?");
  const params = new URLSearchParams(query);
  params.set(regionParam, region);
  return `${path}?${params.toString()}`;
}

export interface RegionInfo {
  /** The raw `?region=` value, carried on links as it is. */
  region: string | null;
  state: ServiceState | undefined;
  profile: CompanyProfile;
}

/**
 * The region in force: `?region=` when the address has one, otherwise the state the server
 * detected for this visitor (one of the six, or none).
 */
export function regionInfo(
  search: URLSearchParams,
  detectedState: string | null = null,
): RegionInfo {
  const region = search.get(regionParam) ?? detectedState;
  return {
    region,
    state: findStateByRegion(region),
    profile: pickCompanyProfile(region),
  };
}
