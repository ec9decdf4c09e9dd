import { createHash } from "node:crypto";

import type { NextFunction, Request, Response } from "express";

interface CachedPage {
  status: number;
  headers: Record<string, string>;
  /** Kept as a string: decoding ~100 KB of UTF-8 on every hit cost about 1 ms. */
  html: string;
  expiresAt: number;
}

export interface RenderCacheOptions {
  /** How long a rendered page is served again, in milliseconds; 0 keeps nothing. */
  ttlMs?: number;
  /** How many URLs are kept; the least recently used goes first. */
  maxEntries?: number;
  /**
   * Renders kept per URL whose HTML varies between visits on purpose (home shows three
   * random reviews): a hit serves one of them at random.
   */
  variantsFor?: (path: string) => number;
  /** What else, besides the URL, the render depends on (the visitor's detected state). */
  varyKey?: (req: Request, res: Response) => string;
  /** Rewrites a freshly rendered page once, before it is kept and sent. */
  transform?: (html: string) => string;
  /** Per-request finishing of a page (cached or fresh): what must never be shared. */
  finish?: (html: string, req: Request, res: Response) => string;
  now?: () => number;
}

const keptHeaders = ["content-type", "cache-control", "link"];

/**
 * The ETag of the page as sent. Each response carries its own CSP nonce, so a page never
 * revalidates to 304 with another response's nonce in the browser's copy.
 */
function etagOf(body: Buffer) {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

function isPageRequest(req: Request) {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    !req.path.endsWith(".data") &&
    !req.path.startsWith("/api/") &&
    req.accepts("html") !== false
  );
}

/**
 * Server-rendered HTML, reused for a short while per URL (and whatever `varyKey` adds): pages
 * depend only on the URL and the visitor's state, so one render serves many visitors. Each
 * response is then finished per request (`finish`), so nothing personal is ever cached.
 */
export function renderCache({
  ttlMs = 30_000,
  maxEntries = 500,
  variantsFor = () => 1,
  varyKey = () => "",
  transform = (html) => html,
  finish = (html) => html,
  now = Date.now,
}: RenderCacheOptions = {}) {
  const pages = new Map<string, CachedPage[]>();

  function store(key: string, page: CachedPage, wanted: number) {
    if (ttlMs <= 0) return;
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
    if (!isPageRequest(req)) return next();

    const key = `${req.originalUrl}\n${varyKey(req, res)}`;
    const wanted = Math.max(1, variantsFor(req.path));
    const variants = (pages.get(key) ?? []).filter((entry) => entry.expiresAt > now());
    if (variants.length >= wanted) {
      const hit = variants[Math.floor(Math.random() * variants.length)]!;
      pages.delete(key);
      pages.set(key, variants);
      res.status(hit.status).set(hit.headers).set("X-Render-Cache", "hit");
      const finished = Buffer.from(finish(hit.html, req, res), "utf8");
      res.set("ETag", etagOf(finished)).end(finished);
      return;
    }

    // Hold the rendered page until it is complete, then finish it and send it in one piece.
    const chunks: Buffer[] = [];
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
      const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== "function") collect(chunk, rest[0]);
      const rendered = Buffer.concat(chunks);
      const contentType = String(res.getHeader("content-type") ?? "");
      if (!contentType.startsWith("text/html")) return end(rendered);
      const html = transform(rendered.toString("utf8"));
      if (res.statusCode === 200 && req.method === "GET") {
        const headers: Record<string, string> = {};
        for (const name of keptHeaders) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        store(key, { status: res.statusCode, headers, html, expiresAt: now() + ttlMs }, wanted);
      }
      const finished = Buffer.from(finish(html, req, res), "utf8");
      res.removeHeader("content-length");
      res.set("ETag", etagOf(finished));
      return end(finished);
    }) as Response["end"];
    next();
  };
}
