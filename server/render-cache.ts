// Long on purpose: cutting a rendered page at its per-visitor slots and compressing the pieces
// once (deflate blocks joined with crc32-combine.ts) only make sense together; apart they hide the
// invariant that a kept page is the same bytes for every visitor.
import { createHash } from "node:crypto";
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";

import type { IncomingMessage, ServerResponse } from "node:http";

import type { NextFunction, Request, Response } from "express";

import { crc32Combine, crc32Shift } from "./crc32-combine";

/**
 * A page ready to send many times: its bytes, encoded once, cut at the slots each response fills
 * with its own values.
 */
interface CompiledPage {
  /** The bytes between slots: one more than `slotAt`. */
  segments: Buffer[];
  /** Which slot (an index into the `slots` option) follows each segment but the last. */
  slotAt: number[];
  /** When the page is kept, its pieces compressed once: see `gzipped`. */
  deflated: DeflatedSegments | null;
  /** Identifies the page's shared bytes, for the ETag. */
  hash: string;
  /** The memory the page holds. */
  byteLength: number;
}

interface DeflatedSegments {
  /** Each segment as raw DEFLATE ending in a full flush. */
  segments: Buffer[];
  /** Each segment's CRC-32 and the operator that moves a CRC past it (`crc32Shift`). */
  crcs: number[];
  shifts: number[];
}

interface CachedPage {
  status: number;
  headers: Record<string, string>;
  page: CompiledPage;
  expiresAt: number;
}

/** Where a request's page is kept: its entry, and how many renders that entry holds. */
export interface PageCacheEntry {
  key: string;
  /** Renders kept for a page that varies on purpose (home's random reviews); a hit picks one. */
  variants: number;
}

export interface RenderCacheOptions {
  /** How long a rendered page is served again, in milliseconds; 0 keeps nothing. */
  ttlMs?: number;
  /** The most bytes kept, all pages together; the least recently used go first. */
  maxBytes?: number;
  /**
   * The entry a request's page is kept in, or null when the page is rendered for this request
   * alone (it did not opt in, or the request is not one to share).
   */
  entryFor?: (req: IncomingMessage) => PageCacheEntry | null;
  /** Rewrites every rendered page once, before it is kept and sent. */
  transform?: (html: string) => string;
  /**
   * Stand-ins in the rendered page for what each response must have to itself (its CSP nonce,
   * the visitor's location): never shared between visitors.
   */
  slots?: readonly string[];
  /** This response's value for each slot, in the order of `slots`. */
  fill?: (req: IncomingMessage, res: ServerResponse) => readonly string[];
  now?: () => number;
}

const keptHeaders = ["content-type", "cache-control", "link"];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const sha1 = (data: string) => createHash("sha1").update(data).digest("base64url");

/**
 * Cuts the page at its slots and encodes the pieces once: encoding ~100 KB of HTML and hashing
 * it on every hit took about a third of the time a cached page took to serve. A page that is
 * kept is also compressed once, piece by piece, so a hit is never compressed again.
 */
function compile(
  html: string,
  slots: readonly string[],
  anySlot: RegExp | null,
  compress: boolean,
): CompiledPage {
  const segments: Buffer[] = [];
  const slotAt: number[] = [];
  let position = 0;
  for (const match of anySlot ? html.matchAll(anySlot) : []) {
    segments.push(Buffer.from(html.slice(position, match.index), "utf8"));
    slotAt.push(slots.indexOf(match[0]));
    position = match.index + match[0].length;
  }
  segments.push(Buffer.from(html.slice(position), "utf8"));
  // A full flush ends each piece on a byte boundary with an empty history, so the pieces can be
  // joined with other DEFLATE blocks in between (RFC 1951).
  const deflated = compress
    ? {
        segments: segments.map((segment) =>
          deflateRawSync(segment, { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH }),
        ),
        crcs: segments.map((segment) => crc32(segment)),
        shifts: segments.map((segment) => crc32Shift(segment.length)),
      }
    : null;
  const sum = (buffers: readonly Buffer[]) =>
    buffers.reduce((total, buffer) => total + buffer.length, 0);
  return {
    segments,
    slotAt,
    deflated,
    hash: sha1(html),
    byteLength: sum(segments) + sum(deflated?.segments ?? []),
  };
}

/** The values of this response's slots, encoded, in page order. */
function slotValues(page: CompiledPage, values: readonly string[]) {
  const encoded = values.map((value) => Buffer.from(value, "utf8"));
  return page.slotAt.map((slot) => encoded[slot] ?? Buffer.alloc(0));
}

/** A run of bytes as stored (uncompressed) DEFLATE blocks, not the last of the stream. */
function storedBlocks(data: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < data.length; start += 0xffff) {
    const chunk = data.subarray(start, start + 0xffff);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const lastEmptyBlock = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * The filled page as a gzip member (RFC 1952) built from the pieces compressed when the page was
 * kept, with this response's slot values as stored blocks between them: no compression per hit,
 * and the CRC combined from the pieces' CRCs rather than computed over the page again.
 */
function gzipped(page: CompiledPage, deflated: DeflatedSegments, values: readonly Buffer[]) {
  const parts: Buffer[] = [gzipHeader, deflated.segments[0]!];
  let crc = deflated.crcs[0]!;
  let size = page.segments[0]!.length;
  values.forEach((value, index) => {
    parts.push(...storedBlocks(value), deflated.segments[index + 1]!);
    crc = crc32Combine(crc, crc32(value), crc32Shift(value.length));
    crc = crc32Combine(crc, deflated.crcs[index + 1]!, deflated.shifts[index + 1]!);
    size += value.length + page.segments[index + 1]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(lastEmptyBlock, trailer);
  return parts;
}

/**
 * The page as this response sends it, in pieces (written together, never copied into one
 * buffer), and its ETag. Each response carries its own values, so a page never revalidates to
 * 304 with another response's nonce in the browser's copy.
 */
function filled(page: CompiledPage, values: readonly string[], gzip: boolean) {
  const encoded = slotValues(page, values);
  const etag = `W/"${sha1(`${page.hash}\n${values.join("\n")}`)}"`;
  if (gzip && page.deflated) {
    return { parts: gzipped(page, page.deflated, encoded), etag, encoding: "gzip" };
  }
  const parts: Buffer[] = [page.segments[0]!];
  encoded.forEach((value, index) => parts.push(value, page.segments[index + 1]!));
  return { parts, etag, encoding: null };
}

const acceptsHtml = /text\/html|text\/\*|\*\/\*/;

/** An address that answers with a page: not the API, not React Router's data requests. */
function isPageAddress(req: IncomingMessage) {
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return !path.endsWith(".data") && !path.startsWith("/api/");
}

/** A request to read a page (one the cache may answer). */
export function isPageRequest(req: IncomingMessage) {
  const accept = req.headers.accept;
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    isPageAddress(req) &&
    (accept === undefined || acceptsHtml.test(accept))
  );
}

/** Whether the client takes gzip (`Accept-Encoding`, RFC 9110 section 12.5.3). */
export function acceptsGzip(header: string | undefined) {
  if (!header) return false;
  return header.split(",").some((item) => {
    const [coding = "", ...params] = item.split(";").map((part) => part.trim().toLowerCase());
    if (coding !== "gzip" && coding !== "x-gzip" && coding !== "*") return false;
    const quality = params.find((param) => param.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/**
 * Server-rendered HTML, reused for a short while by the requests that share an entry (`entryFor`):
 * only pages that opted in, keyed by what they depend on, bounded in bytes. Each response then
 * gets its own values in the page's slots (`fill`), so nothing personal is ever kept. Every page,
 * kept or not, is rewritten by `transform` and filled the same way. `serveHit` goes first in
 * the server's request handler, `keepRendered` just before the renderer.
 */
export function renderCache({
  ttlMs = 30_000,
  maxBytes = 32 * 1024 * 1024,
  entryFor = () => null,
  transform = (html) => html,
  slots = [],
  fill = () => [],
  now = Date.now,
}: RenderCacheOptions = {}) {
  const pages = new Map<string, CachedPage[]>();
  let keptBytes = 0;
  /** Raised by `forget`: a page whose render began before is not kept (it may be stale). */
  let generation = 0;
  const anySlot = slots.length > 0 ? new RegExp(slots.map(escapeRegExp).join("|"), "g") : null;
  const bytesOf = (entries: readonly CachedPage[]) =>
    entries.reduce((total, entry) => total + entry.page.byteLength, 0);

  function replace(key: string, entries: CachedPage[]) {
    keptBytes -= bytesOf(pages.get(key) ?? []);
    pages.delete(key);
    if (entries.length === 0) return;
    // Map order is use order: the entry goes to the back, the least recently used is first.
    pages.set(key, entries);
    keptBytes += bytesOf(entries);
  }

  function store(key: string, page: CachedPage, wanted: number) {
    if (ttlMs <= 0 || page.page.byteLength > maxBytes) return;
    const fresh = (pages.get(key) ?? []).filter((entry) => entry.expiresAt > now());
    replace(key, [...fresh, page].slice(-wanted));
    while (keptBytes > maxBytes) {
      const oldest = pages.keys().next().value;
      if (oldest === undefined) break;
      replace(oldest, []);
    }
  }

  const entries = new WeakMap<IncomingMessage, PageCacheEntry | null>();
  const entryOf = (req: IncomingMessage) => {
    if (!entries.has(req)) entries.set(req, ttlMs > 0 ? entryFor(req) : null);
    return entries.get(req) ?? null;
  };

  /**
   * Answers a page request from a kept page, before any framework runs for it: the bytes already
   * kept (compressed when the client takes gzip), filled with this response's values. False when
   * there is no fresh page for it.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    if (ttlMs <= 0 || !isPageRequest(req)) return false;
    const entry = entryOf(req);
    if (!entry) return false;
    const variants = (pages.get(entry.key) ?? []).filter((page) => page.expiresAt > now());
    if (variants.length < entry.variants) return false;
    const hit = variants[Math.floor(Math.random() * variants.length)]!;
    replace(entry.key, variants);
    const gzip = acceptsGzip(req.headers["accept-encoding"]);
    const { parts, etag, encoding } = filled(hit.page, fill(req, res), gzip);
    res.statusCode = hit.status;
    for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
    res.setHeader("X-Render-Cache", "hit");
    res.setHeader("ETag", etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader(
      "Content-Length",
      parts.reduce((total, part) => total + part.length, 0),
    );
    res.cork();
    for (const part of parts) res.write(part);
    res.end();
    return true;
  }

  /**
   * Takes every rendered page (kept or not), rewrites it with `transform`, keeps it when its
   * request has an entry, and sends it filled with this response's values.
   */
  function keepRendered(req: Request, res: Response, next: NextFunction) {
    // Every page gets its own values, the ones a form's POST answers with too; only GETs are kept.
    if (!isPageAddress(req)) return next();
    const entry = isPageRequest(req) ? entryOf(req) : null;
    const renderedIn = generation;

    // Hold the rendered page until it is complete, then fill it and send it in one piece.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    // Anything but HTML (a resource route's JSON, the desk's event stream) goes out as written:
    // a stream that never ends must not be held back. Its type is known by its first write.
    let streamed: boolean | null = null;
    const isStreamed = () =>
      (streamed ??= !String(res.getHeader("content-type") ?? "").startsWith("text/html"));
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
      if (isStreamed()) return write(chunk, ...rest);
      collect(chunk, rest[0]);
      const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (streamed === true) return end(chunk, ...rest);
      if (chunk !== undefined && typeof chunk !== "function") collect(chunk, rest[0]);
      const rendered = Buffer.concat(chunks);
      const contentType = String(res.getHeader("content-type") ?? "");
      if (!contentType.startsWith("text/html")) return end(rendered);
      const keep =
        entry !== null &&
        res.statusCode === 200 &&
        req.method === "GET" &&
        renderedIn === generation;
      const page = compile(transform(rendered.toString("utf8")), slots, anySlot, keep);
      if (keep) {
        const headers: Record<string, string> = {};
        for (const name of keptHeaders) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        store(
          entry.key,
          { status: res.statusCode, headers, page, expiresAt: now() + ttlMs },
          entry.variants,
        );
      }
      // The compression middleware encodes this response as the client asks.
      const { parts, etag } = filled(page, fill(req, res), false);
      res.removeHeader("content-length");
      res.set("ETag", etag);
      return end(Buffer.concat(parts));
    }) as Response["end"];
    next();
  }

  return {
    serveHit,
    keepRendered,
    /**
     * Drops every kept page of `pathname` (all its variants and query strings), and keeps no
     * render of it already under way: what it shows changed (a review was published).
     */
    forget(pathname: string) {
      generation += 1;
      // A key is lines (the path and query, then what else the page was kept for).
      const ofPath = (line: string) => line === pathname || line.startsWith(`${pathname}?`);
      for (const key of [...pages.keys()]) {
        if (key.split("\n").some(ofPath)) replace(key, []);
      }
    },
    /** What is kept now: entries and bytes (for tests and diagnostics). */
    size: () => ({ entries: pages.size, bytes: keptBytes }),
  };
}
