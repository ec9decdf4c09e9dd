import { useRouteLoaderData } from "react-router";

import type { RootMatchData } from "./meta";

export function useSiteUrl(): string {
  return useRouteLoaderData<RootMatchData>("root")?.siteUrl ?? "";
}
