import { randomBytes } from "node:crypto";

import type { NextFunction, Request, RequestHandler, Response } from "express";

export interface SecurityOptions {
  siteUrl: string;
  /** The maps provider's script address: its origin may serve scripts, tiles and data. */
  mapsScriptUrl: string;
}

const mapsHosts = [
  "https://maps.googleapis.com",
  "https://maps.gstatic.com",
  "https://*.googleapis.com",
  "https://*.gstatic.com",
  "https://*.ggpht.com",
];

export function contentSecurityPolicy(nonce: string, { mapsScriptUrl }: SecurityOptions): string {
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
    "form-action 'self'",
  ].join("; ");
}

/** A fresh nonce for each response: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
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

/**
 * The headers every response carries. Assets and JSON get a short policy that allows nothing
 * (it is sent with every file, so it is kept small); pages get their nonce policy when finished.
 */
export function securityHeaders(): RequestHandler {
  const fallbackPolicy =
    "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
  return (req: Request, res: Response, next: NextFunction) => {
    res.set({
      "Content-Security-Policy": fallbackPolicy,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": permissionsPolicy,
      "Cross-Origin-Opener-Policy": "same-origin",
      "Cross-Origin-Resource-Policy": "same-origin",
      "X-Frame-Options": "DENY",
    });
    if (req.secure) {
      res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
}

/** A fresh nonce for this page response, with the policy that allows its scripts. */
export function pageNonce(res: Response, options: SecurityOptions): string {
  const nonce = newNonce();
  res.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
  return nonce;
}

/**
 * Cross-site POSTs are refused: a browser request whose Origin names another site gets 403,
 * whether it is for the JSON API or a page's action. Requests without Origin (servers,
 * scripts) are judged by the other rules.
 */
export function sameOriginPosts({ siteUrl }: Pick<SecurityOptions, "siteUrl">): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    const origin = req.get("origin");
    if (req.method !== "POST" || !origin) return next();
    const ownOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
    if (origin === siteOrigin || origin === ownOrigin) return next();
    const message = "Cross-site requests are not accepted";
    if (req.path.startsWith("/api/")) res.status(403).json({ success: false, error: message });
    else res.status(403).type("text/plain").send(message);
  };
}
