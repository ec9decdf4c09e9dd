import { existsSync } from "node:fs";

/** Debian's Chromium, which Playwright and Lighthouse drive (Playwright's own download fails here). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's build of the same Chromium as its headless shell (`apt-get install -y
 * chromium-headless-shell`): the same Blink and V8 of the same version, without the full
 * browser's window layer and GPU process, which is what Playwright itself runs headless journeys
 * in. The journeys' behaviour runs here; what a visitor sees (axe, the widths) in the full browser
 * (playwright.config.ts). The same journeys took a quarter less CPU here (decision 0025). Where it is
 * not installed, the full browser runs them all.
 */
const headlessShell = process.env.HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
export const headlessShellPath = existsSync(headlessShell) ? headlessShell : chromiumPath;

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
