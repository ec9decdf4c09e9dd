import type { NextFunction, Request, Response } from "express";

interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  expiresAt: number;
}

export interface RenderCacheOptions {
  /** How long a rendered page is served again, in milliseconds. */
  ttlMs?: number;
  /** How many URLs are kept; the least recently used goes first. */
  maxEntries?: number;
  /**
   * Renders kept per URL whose HTML varies between visits on purpose (home shows three
   * random reviews): a hit serves one of them at random.
   */
  variantsFor?: (path: string) => number;
  now?: () => number;
}

const keptHeaders = ["content-type", "cache-control", "link"];

/**
 * A short-lived in-memory cache of server-rendered HTML, keyed by URL. Pages depend only on
 * the URL (content is static, region comes from the query), so a render can be reused.
 */
export function renderCache({
  ttlMs = 30_000,
  maxEntries = 500,
  variantsFor = () => 1,
  now = Date.now,
}: RenderCacheOptions = {}) {
  const pages = new Map<string, CachedPage[]>();

  function store(key: string, page: CachedPage, wanted: number) {
    const fresh = (pages.get(key) ?? []).filter((entry) => entry.expiresAt > now());
    pages.delete(key);
    pages.set(key, [...fresh, page].slice(-wanted));
    while (pages.size > maxEntries) {
      const oldest = pages.keys().next().value;
      if (oldest === undefined) break;
      pages.delete(oldest);
    }
  }

  return function renderCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    const cacheable =
      (req.method === "GET" || req.method === "HEAD") &&
      !req.path.endsWith(".data") &&
      !req.path.startsWith("/api/") &&
      req.accepts("html") !== false;
    if (!cacheable) return next();

    const key = req.originalUrl;
    const wanted = Math.max(1, variantsFor(req.path));
    const variants = (pages.get(key) ?? []).filter((entry) => entry.expiresAt > now());
    if (variants.length >= wanted) {
      const hit = variants[Math.floor(Math.random() * variants.length)]!;
      pages.delete(key);
      pages.set(key, variants);
      res.status(hit.status).set(hit.headers).set("X-Render-Cache", "hit");
      res.send(hit.body);
      return;
    }

    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string") {
        chunks.push(
          Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
        );
      } else if (chunk instanceof Uint8Array) {
        chunks.push(Buffer.from(chunk));
      }
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== "function") collect(chunk, rest[0]);
      const contentType = String(res.getHeader("content-type") ?? "");
      if (res.statusCode === 200 && contentType.startsWith("text/html") && req.method === "GET") {
        const headers: Record<string, string> = {};
        for (const name of keptHeaders) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        store(
          key,
          {
            status: res.statusCode,
            headers,
            body: Buffer.concat(chunks),
            expiresAt: now() + ttlMs,
          },
          wanted,
        );
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}
