import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

import { applianceTypeIds } from "~/content/appliances";
import { serviceStates } from "~/content/states";
import { pageCachePolicyOf, type PageCacheParam, type PageCachePolicy } from "~/lib/page-cache";
import { regionParam } from "~/lib/region";

/** The values a cached page may be rendered for: anything else is rendered for its request alone. */
const canonicalValues: Record<PageCacheParam, ReadonlySet<string>> = {
  region: new Set(serviceStates.map((state) => state.name)),
  county: new Set(serviceStates.flatMap((state) => state.subAreas.map((area) => area.slug))),
  appliance: new Set(applianceTypeIds),
};

const maxKnownPaths = 1_000;

/** Finds the `handle.pageCache` of the route that renders a path, from the server build's routes. */
export function pageCachePolicies(build: ServerBuild) {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    byParent.set(route.parentId, siblings);
  }
  const withChildren = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const children = byParent.get(route.id);
      return (children ? { ...route, children: withChildren(children) } : route) as RouteObject;
    });
  const tree = withChildren(byParent.get(undefined) ?? []);

  // Matching ranks every route on each call: remember the answer for the paths asked most.
  const known = new Map<string, PageCachePolicy | undefined>();
  return function policyFor(pathname: string): PageCachePolicy | undefined {
    if (known.has(pathname)) return known.get(pathname);
    const leaf = matchRoutes(tree, pathname)?.at(-1);
    const policy = leaf
      ? pageCachePolicyOf(build.routes[leaf.route.id!]?.module.handle)
      : undefined;
    if (known.size < maxKnownPaths) known.set(pathname, policy);
    return policy;
  };
}

export interface PageRequest {
  pathname: string;
  /** The query string as requested, with its "?" (or empty). */
  search: string;
  /** The visitor's detected state, when the page is rendered for it (no `?region=`). */
  detectedState: string | null;
}

/**
 * The cache entry a request shares, or null when its page is rendered for it alone: the route
 * did not opt in, a parameter the page reads holds a value that is not canonical (random values
 * would each fill an entry), or the page copies the query string and this one has more.
 * Parameters the page does not read share the entry.
 */
export function pageCacheKey(
  policy: PageCachePolicy | undefined,
  { pathname, search, detectedState }: PageRequest,
): string | null {
  if (!policy) return null;
  const params = new URLSearchParams(search);
  const read = new URLSearchParams();
  for (const name of policy.params) {
    const values = params.getAll(name);
    if (values.length > 1) return null;
    const [value] = values;
    if (value === undefined) continue;
    if (!canonicalValues[name].has(value)) return null;
    read.set(name, value);
  }
  const readQuery = read.size > 0 ? `?${read.toString()}` : "";
  if (policy.copiesQueryString && search !== readQuery) return null;
  // Without `?region=` the page is drawn for the visitor's detected state.
  const detected = params.has(regionParam) ? "" : `\ndetected=${detectedState ?? ""}`;
  return `${pathname}${readQuery}${detected}`;
}
