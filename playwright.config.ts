import { defineConfig } from "@playwright/test";

import { chromiumFlags, chromiumPath, headlessShellPath } from "./e2e/support/chromium";

export const e2ePort = Number(process.env.E2E_PORT ?? 3210);

/** What a visitor sees, checked in the full browser: axe at each width, and nothing sideways. */
const lookJourneys = ["accessibility.spec.ts", "no-sideways-scroll.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // Three on two cores: a journey waits on the server, its live events and its polls about a
  // quarter of its time (31 desk, field and after-the-job journeys: 3.6-4.0 min on two workers,
  // 2.9 on three, 3.0 on four).
  workers: 3,
  retries: 0,
  forbidOnly: process.env.CI === "true",
  reporter: [["list"]],
  // Debian's Chromium 156 on this two-core machine draws and runs axe about three times slower
  // than the build the journeys were written on (the same commit's accessibility spec: 4.1 min
  // with two workers), and the machine itself varies through the day (the same commit's journeys
  // took 5 min one night and 18.8 the next morning): generous limits keep a slow hour from
  // failing a journey.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    viewport: { width: 1280, height: 800 },
    trace: "off",
  },
  projects: [
    {
      name: "chromium",
      testMatch: lookJourneys,
      use: { launchOptions: { executablePath: chromiumPath, args: chromiumFlags } },
    },
    {
      name: "headless-shell",
      testIgnore: lookJourneys,
      use: { launchOptions: { executablePath: headlessShellPath, args: chromiumFlags } },
    },
  ],
});
