import { expect, test } from "vitest";

import { LruCache } from "./lru-cache";

test("the least recently used entry is forgotten first", () => {
  const cache = new LruCache<string, number>(2);
  cache.set("a", 1);
  cache.set("b", 2);
  expect(cache.get("a")).toBe(1);
  cache.set("c", 3);
  expect(cache.get("b")).toBeUndefined();
  expect(cache.get("a")).toBe(1);
  expect(cache.get("c")).toBe(3);
  expect(cache.size).toBe(2);
  cache.clear();
  expect(cache.size).toBe(0);
});

test("a size of 0 keeps nothing", () => {
  const cache = new LruCache<string, number>(0);
  cache.set("a", 1);
  expect(cache.get("a")).toBeUndefined();
});
