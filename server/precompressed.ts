import { existsSync } from "node:fs";
import path from "node:path";

import type { RequestHandler } from "express";

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/**
 * Serves the build's hashed assets as the brotli (or gzip) files written at build time at the
 * highest compression level, where the browser accepts them; anything else falls through.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = path.join(assetsDir, path.normalize(req.path).replace(/^(\.\.[/\\])+/, ""));
    const type = types[path.extname(file)];
    if (!type || !file.startsWith(assetsDir)) return next();
    const encoding = req.acceptsEncodings("br", "gzip");
    const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : null;
    if (!suffix || !existsSync(file + suffix)) return next();
    res.set({
      "Content-Type": type,
      "Content-Encoding": encoding as string,
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    });
    res.sendFile(file + suffix, { cacheControl: false }, (error) => {
      if (error) next(error);
    });
  };
}
