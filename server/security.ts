import { randomBytes } from "node:crypto";

import type { IncomingMessage, ServerResponse } from "node:http";

import type { NextFunction, Request, RequestHandler, Response } from "express";
import proxyAddr from "proxy-addr";

import { emailLogoPath } from "./mail/format";

export interface SecurityOptions {
  siteUrl: string;
  /** The maps provider's script address: its origin may serve scripts, tiles and data. */
  mapsScriptUrl: string;
  /** Stripe Checkout's origin, when cards are taken: the pay form's 303 leads there. */
  checkoutOrigin?: string | null;
}

const mapsHosts = [
  "https://maps.googleapis.com",
  "https://maps.gstatic.com",
  "https://*.googleapis.com",
  "https://*.gstatic.com",
  "https://*.ggpht.com",
];

export function contentSecurityPolicy(
  nonce: string,
  { mapsScriptUrl, checkoutOrigin }: SecurityOptions,
): string {
  const mapsOrigin = new URL(mapsScriptUrl).origin;
  const maps = [...new Set([mapsOrigin, ...mapsHosts])].join(" ");
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts our nonced scripts load (the maps script) run; nothing else.
    `script-src 'nonce-${nonce}' 'strict-dynamic' ${maps}`,
    `style-src 'self' 'unsafe-inline' https://fonts.googleapis.com`,
    `img-src 'self' data: ${maps}`,
    `font-src 'self' https://fonts.gstatic.com`,
    `connect-src 'self' ${maps}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // Chromium holds a form's redirect to this too: the pay form's 303 goes to Stripe Checkout.
    checkoutOrigin ? `form-action 'self' ${checkoutOrigin}` : "form-action 'self'",
  ].join("; ");
}

const nonceBytes = 16;
const noncesPerDraw = 256;
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * A fresh nonce for each response: 128 random bits, never reused. They are drawn from the
 * system's random source 256 at a time, which costs one call instead of one per page.
 */
export function newNonce(): string {
  if (poolOffset + nonceBytes > randomPool.length) {
    randomPool = randomBytes(nonceBytes * noncesPerDraw);
    poolOffset = 0;
  }
  const nonce = randomPool.toString("base64", poolOffset, poolOffset + nonceBytes);
  poolOffset += nonceBytes;
  return nonce;
}

const permissionsPolicy = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "interest-cohort=()",
].join(", ");

const fallbackPolicy =
  "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

const everyResponse: Record<string, string> = {
  "Content-Security-Policy": fallbackPolicy,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": permissionsPolicy,
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/**
 * The headers every response carries. Assets and JSON get a short policy that allows nothing
 * (it is sent with every file, so it is kept small); pages get their nonce policy when finished.
 */
export function setSecurityHeaders(res: ServerResponse, { secure }: { secure: boolean }) {
  for (const name in everyResponse) res.setHeader(name, everyResponse[name]!);
  if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** Pages whose address holds a secret (a homeowner's request, a staff invitation). */
const tokenPaths = /^\/(?:requests|office\/invitation)\//;

export function securityHeaders(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    setSecurityHeaders(res, { secure: req.secure });
    // The emails' logo is loaded by mail apps, from their own origins.
    if (req.path === emailLogoPath) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    // Their token is never sent on to another site, not even as an origin.
    if (tokenPaths.test(req.path)) res.setHeader("Referrer-Policy", "no-referrer");
    next();
  };
}

/**
 * Gives each page response a fresh nonce, with the policy that allows its scripts. The policy
 * is built once around its nonce.
 */
export function pageNonces(options: SecurityOptions) {
  const marker = "\u0000nonce\u0000";
  const [before = "", after = ""] = contentSecurityPolicy(marker, options).split(marker);
  return function pageNonce(res: ServerResponse): string {
    const nonce = newNonce();
    res.setHeader("Content-Security-Policy", `${before}${nonce}${after}`);
    return nonce;
  };
}

const loopbackAddresses = proxyAddr.compile("loopback");

/** Whether an IP address is this machine's (127.0.0.0/8, ::1, or either IPv4-mapped). */
export function isLoopback(address: string): boolean {
  return address !== "" && loopbackAddresses(address, 0);
}

/** Whether the socket's peer is this machine (a health check, a local proxy, a test). */
export function fromLoopback(req: IncomingMessage): boolean {
  return isLoopback(req.socket.remoteAddress ?? "");
}

const loopbackNames = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The host name a `Host` header names, lower-cased, without port or trailing dot. */
function hostNameOf(host: string | undefined): string | undefined {
  const match = /^(\[[^\]]*\]|[^:]*)(?::\d*)?$/.exec(host?.trim().toLowerCase() ?? "");
  const name = match?.[1]?.replace(/\.$/, "");
  return name ? name : undefined;
}

/**
 * Which `Host` a request may name: `SITE_URL`'s host or one in `ALLOWED_HOSTS`, any port. A page
 * on a rebound name (attacker.example resolving to this server) names its own host, so it never
 * reads an answer. Loopback names are served to this machine's clients (tests, a local proxy),
 * and to anyone when `SITE_URL` is itself on loopback (a development server in a container).
 */
export function hostRule({
  siteUrl,
  allowedHosts,
}: {
  siteUrl: string;
  allowedHosts: readonly string[];
}): (req: IncomingMessage) => boolean {
  const siteHost = new URL(siteUrl).hostname.toLowerCase();
  const named = new Set([siteHost, ...allowedHosts]);
  const loopbackSite = loopbackNames.has(siteHost);
  return (req) => {
    const host = hostNameOf(req.headers.host);
    if (host === undefined) return false;
    if (named.has(host)) return true;
    return loopbackNames.has(host) && (loopbackSite || fromLoopback(req));
  };
}

const healthPaths = /^\/(?:healthz|readyz)(?:\?|$)/;

/**
 * Refuses (400) a request whose `Host` the rule does not know; a health check from this machine
 * is answered whatever it names. Runs before anything else, the page cache included.
 */
export function knownHostsOnly(
  isKnownHost: (req: IncomingMessage) => boolean,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    if (isKnownHost(req) || (healthPaths.test(req.url ?? "") && fromLoopback(req))) return next();
    res.statusCode = 400;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Connection", "close");
    res.end("Unknown host");
  };
}

/**
 * Cross-site POSTs are refused: a browser request whose Origin names another site (or is "null"
 * from anywhere but this site), or that the browser itself marks as sent from another site
 * (`Sec-Fetch-Site`, which no page can set), gets 403, whether it is for the JSON API or a
 * page's action. Requests without either header (servers, scripts) are judged by the other
 * rules.
 */
export function sameOriginPosts({ siteUrl }: Pick<SecurityOptions, "siteUrl">): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    if (!origin) {
      if (site !== "cross-site" && site !== "same-site") return next();
    } else {
      const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
      if (origin === siteOrigin || origin === ownOrigin) return next();
      // A page sent with `Referrer-Policy: no-referrer` (a private link's) posts with Origin
      // "null"; the browser's own Sec-Fetch-Site says where it came from. Vouched for here, it
      // goes on without the "null" that React Router's own check refuses.
      if (origin === "null" && site === "same-origin") {
        delete req.headers.origin;
        return next();
      }
    }
    const message = "Cross-site requests are not accepted";
    if (req.path.startsWith("/api/")) res.status(403).json({ success: false, error: message });
    else res.status(403).type("text/plain").send(message);
  };
}
