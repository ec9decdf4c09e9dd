/**
 * Keeps where a visitor came from (./visit-source.ts) as they land on a public page: only a page
 * request that carries campaign parameters, an ad click id or an outside referrer sets the cookie,
 * and such a page is rendered for that visitor alone (`private, no-store`), never answered from or
 * kept in the page cache: the cached pages stay the same bytes for everyone, without a cookie.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import type { NextFunction, Request, Response } from "express";

import type { Touch } from "~/domain/visit-source";

import { isPageRequest } from "../render-cache";
import {
  decodeVisitSource,
  encodeVisitSource,
  nextVisitSource,
  setCookieOf,
  touchOf,
  visitSourceIn,
} from "./visit-source";

/** The staff's desk and the homeowner's private pages are no landing pages. */
const notLanding = /^\/(office|requests|assets|api)(\/|$)/;

export interface VisitSourceCapture {
  /** The touch a request makes (null for most): the page cache leaves such a request alone. */
  touchOf(req: IncomingMessage): Touch | null;
  /** Express middleware: sets the cookie on the answer of a request that makes a touch. */
  keep(req: Request, res: Response, next: NextFunction): void;
}

export function visitSourceCapture({
  ownHosts,
  now,
  isSecure,
}: {
  /** The site's own host names (`SITE_URL`'s, `ALLOWED_HOSTS`): a referrer from them is no touch. */
  ownHosts: readonly string[];
  now: () => Date;
  isSecure: (req: IncomingMessage) => boolean;
}): VisitSourceCapture {
  const touches = new WeakMap<IncomingMessage, Touch | null>();

  function touchFor(req: IncomingMessage): Touch | null {
    if (touches.has(req)) return touches.get(req) ?? null;
    let touch: Touch | null = null;
    const url = req.method === "GET" && isPageRequest(req) ? parsedUrl(req.url) : null;
    if (url) {
      if (!notLanding.test(url.pathname)) {
        const referer = req.headers.referer;
        // The name the visitor reached us by is ours too (the proxy checked it is one of them).
        const host = (req.headers.host ?? "").replace(/:\d+$/, "");
        touch = touchOf(
          url,
          typeof referer === "string" ? referer : undefined,
          [...ownHosts, host],
          now(),
        );
      }
    }
    touches.set(req, touch);
    return touch;
  }

  function keep(req: Request, res: Response, next: NextFunction) {
    const touch = touchFor(req);
    if (!touch) {
      next();
      return;
    }
    const previous = decodeVisitSource(visitSourceIn(req.headers.cookie));
    const cookie = setCookieOf(encodeVisitSource(nextVisitSource(previous, touch)), isSecure(req));
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      if (status < 400) {
        res.appendHeader("Set-Cookie", cookie);
        // Its own answer: no shared cache (a proxy's, a CDN's) may keep a page that sets it.
        res.setHeader("Cache-Control", "private, no-store");
      }
      return writeHead(...args);
    }) as typeof res.writeHead;
    next();
  }

  return { touchOf: touchFor, keep };
}

/** The request's address, or null for one no URL parser reads (`//%zz/`): no touch, no error. */
function parsedUrl(target: string | undefined): URL | null {
  try {
    return new URL(
      `http://site.invalid${(target ?? "/").startsWith("/") ? "" : "/"}${target ?? "/"}`,
    );
  } catch {
    return null;
  }
}
