import { createHash } from "node:crypto";

import type { NextFunction, Request, Response } from "express";

/**
 * A page ready to send many times: its bytes, encoded once, cut at the slots each response fills
 * with its own values.
 */
interface CompiledPage {
  /** The bytes between slots: one more than `slotAt`. */
  segments: Buffer[];
  /** Which slot (an index into the `slots` option) follows each segment but the last. */
  slotAt: number[];
  /** Identifies the page's shared bytes, for the ETag. */
  hash: string;
}

interface CachedPage {
  status: number;
  headers: Record<string, string>;
  page: CompiledPage;
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
  /**
   * Stand-ins in the rendered page for what each response must have to itself (its CSP nonce,
   * the visitor's location): never shared between visitors.
   */
  slots?: readonly string[];
  /** This response's value for each slot, in the order of `slots`. */
  fill?: (req: Request, res: Response) => readonly string[];
  now?: () => number;
}

const keptHeaders = ["content-type", "cache-control", "link"];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const sha1 = (data: string) => createHash("sha1").update(data).digest("base64url");

/**
 * Cuts the page at its slots and encodes the pieces once: encoding ~100 KB of HTML and hashing
 * it on every hit took about a third of the time a cached page took to serve.
 */
function compile(html: string, slots: readonly string[], anySlot: RegExp | null): CompiledPage {
  const segments: Buffer[] = [];
  const slotAt: number[] = [];
  let position = 0;
  for (const match of anySlot ? html.matchAll(anySlot) : []) {
    segments.push(Buffer.from(html.slice(position, match.index), "utf8"));
    slotAt.push(slots.indexOf(match[0]));
    position = match.index + match[0].length;
  }
  segments.push(Buffer.from(html.slice(position), "utf8"));
  return { segments, slotAt, hash: sha1(html) };
}

/**
 * The page as this response sends it, and its ETag. Each response carries its own values, so
 * a page never revalidates to 304 with another response's nonce in the browser's copy.
 */
function filled(page: CompiledPage, values: readonly string[]) {
  const encoded = values.map((value) => Buffer.from(value, "utf8"));
  const parts: Buffer[] = [page.segments[0]!];
  page.slotAt.forEach((slot, index) => {
    parts.push(encoded[slot] ?? Buffer.alloc(0), page.segments[index + 1]!);
  });
  const body = Buffer.concat(parts);
  const etag = `W/"${sha1(`${page.hash}\n${values.join("\n")}`)}"`;
  return { body, etag };
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
 * response then gets its own values in the page's slots (`fill`), so nothing personal is ever
 * cached.
 */
export function renderCache({
  ttlMs = 30_000,
  maxEntries = 500,
  variantsFor = () => 1,
  varyKey = () => "",
  transform = (html) => html,
  slots = [],
  fill = () => [],
  now = Date.now,
}: RenderCacheOptions = {}) {
  const pages = new Map<string, CachedPage[]>();
  const anySlot = slots.length > 0 ? new RegExp(slots.map(escapeRegExp).join("|"), "g") : null;

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
      const { body, etag } = filled(hit.page, fill(req, res));
      res.set("ETag", etag).end(body);
      return;
    }

    // Hold the rendered page until it is complete, then fill it and send it in one piece.
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
      const page = compile(transform(rendered.toString("utf8")), slots, anySlot);
      if (res.statusCode === 200 && req.method === "GET") {
        const headers: Record<string, string> = {};
        for (const name of keptHeaders) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        store(key, { status: res.statusCode, headers, page, expiresAt: now() + ttlMs }, wanted);
      }
      const { body, etag } = filled(page, fill(req, res));
      res.removeHeader("content-length");
      res.set("ETag", etag);
      return end(body);
    }) as Response["end"];
    next();
  };
}
