import { defineConfig } from "vitest/config";

// The scan of the production build's client files: scripts/test.js runs it with this config
// after `npm run build` (the main run, vitest.config.ts, comes before the build).
export default defineConfig({
  test: {
    include: ["scripts/client-build-scan.test.ts"],
    environment: "node",
    setupFiles: ["server/test-support/vitest-setup.ts"],
  },
});
