/**
 * A route's opt-in to the server's page cache (`server/render-cache.ts`), exported from the route
 * module as `handle.pageCache`. Only public pages whose HTML is the same for every visitor may opt
 * in: never a page that reads the database, a session, a token or a form result.
 */
export interface PageCachePolicy {
  /**
   * The query parameters the page's HTML depends on. A request is served from the cache only when
   * each of them is absent or holds one canonical value (a state's name, a known county or
   * appliance); any other value is rendered for that request alone.
   */
  params: readonly PageCacheParam[];
  /**
   * The page copies the whole query string into its HTML (the services cards do): a request
   * with any other parameter is rendered for itself instead of sharing the entry.
   */
  copiesQueryString?: boolean;
  /** Renders kept per entry, for a page that varies on purpose (home's random reviews). */
  variants?: number;
}

export type PageCacheParam = "region" | "county" | "appliance";

export interface PageCacheHandle {
  pageCache?: PageCachePolicy;
}

/** The usual policy: the page depends on `?region=` only. */
export const regionPageCache: PageCachePolicy = { params: ["region"] };

export function pageCachePolicyOf(handle: unknown): PageCachePolicy | undefined {
  if (typeof handle !== "object" || handle === null || !("pageCache" in handle)) return undefined;
  return (handle as PageCacheHandle).pageCache;
}
