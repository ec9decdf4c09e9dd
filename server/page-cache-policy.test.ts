import { expect, test } from "vitest";

import type { PageCachePolicy } from "~/lib/page-cache";

import { pageCacheKey } from "./page-cache-policy";

const regionOnly: PageCachePolicy = { params: ["region"] };
const statePage: PageCachePolicy = { params: ["region", "county"] };
const copies: PageCachePolicy = { params: ["region"], copiesQueryString: true };

const key = (
  policy: PageCachePolicy | undefined,
  search: string,
  detectedState: string | null = "Virginia",
) => pageCacheKey(policy, { pathname: "/p", search, detectedState });

test("a route that did not opt in has no entry", () => {
  expect(key(undefined, "")).toBeNull();
  expect(key(undefined, "?region=Texas")).toBeNull();
});

test("parameters the page does not read share the entry", () => {
  expect(key(regionOnly, "?region=Texas&utm_source=ad&x=1")).toBe(key(regionOnly, "?region=Texas"));
  expect(key(regionOnly, "?fbclid=123")).toBe(key(regionOnly, ""));
});

test("without ?region= the entry is the detected state's; with it, the detected state is no part", () => {
  expect(key(regionOnly, "", "Virginia")).not.toBe(key(regionOnly, "", "Florida"));
  expect(key(regionOnly, "", null)).not.toBe(key(regionOnly, "", "Florida"));
  expect(key(regionOnly, "?region=Texas", "Virginia")).toBe(key(regionOnly, "?region=Texas", null));
});

test("a value that is not canonical is rendered for its request alone", () => {
  expect(key(regionOnly, "?region=texas")).toBeNull();
  expect(key(regionOnly, "?region=Atlantis")).toBeNull();
  expect(key(regionOnly, "?region=Texas&region=Florida")).toBeNull();
  expect(key(statePage, "?region=Texas&county=harris")).not.toBeNull();
  expect(key(statePage, "?county=nowhere")).toBeNull();
  expect(key(statePage, "?county=harris")).not.toBe(key(statePage, "?county=dallas"));
});

test("a page that copies the query string shares an entry only for exactly its own parameters", () => {
  expect(key(copies, "?region=North+Carolina")).not.toBeNull();
  expect(key(copies, "?region=North+Carolina&utm_source=ad")).toBeNull();
  expect(key(copies, "?region=North%20Carolina")).toBeNull();
  expect(key(copies, "")).not.toBeNull();
});
