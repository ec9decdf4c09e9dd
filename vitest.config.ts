import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

import { explicitLocaleRuntime } from "./vite.config";

export default defineConfig({
  plugins: [explicitLocaleRuntime()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
    environment: "node",
    globalSetup: ["server/test-support/global-setup.ts"],
    // An unexpected console.error fails the test it was written in (server/test-support/console-errors.ts).
    setupFiles: ["server/test-support/vitest-setup.ts"],
    // Both cores: most files wait on servers, sockets and time-outs rather than compute (the
    // default on two cores is one worker; the whole suite took 565 s with it, 307 s with two).
    maxWorkers: 2,
    // A worker keeps the modules it has loaded from one file to the next: the server, React
    // Router's build and PGlite load once per worker, not once per file (the two-worker pass:
    // 371 s isolated, 251 s not, the same afternoon). Every test makes its own servers and
    // databases; a test that changes something global (TZ, fake timers) puts it back.
    isolate: false,
    // React and React Router as the server runs them: their production builds. Vitest's default
    // ("test") loads their development builds, which drew each page with its checks (the two
    // slowest files: 11.7 of their 75 CPU-seconds in React's development code) and are not what
    // a homeowner is served. The main pass: 315 s → 281 s wall, 551 → 490 CPU-seconds. Those
    // checks run over every page in server/pages-in-development.test.ts
    // (TEST_REACT_BUILD=development, scripts/test.js).
    env: { NODE_ENV: process.env.TEST_REACT_BUILD === "development" ? "test" : "production" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
