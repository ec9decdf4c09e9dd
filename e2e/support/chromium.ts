/** Debian's Chromium, which Playwright and Lighthouse drive (Playwright's own download fails here). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Launch flags for the closed network this runs on: without the background-networking ones,
 * Chromium waits on services it cannot reach and hangs.
 */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
