import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The form controls every page's forms share (the public forms, the desk, the private page) in
 * one chunk. Left to Rollup, a desk route that imports them splits them out of the chunks the
 * public pages load into chunks of their own, adding files and bytes to home's first load.
 */
function sharedControlsChunk(id: string): string | undefined {
  if (
    /\/app\/components\/ui\/(button|input|field|notice)\.tsx$|\/app\/lib\/utils\.ts$/.test(id) ||
    /\/node_modules\/(class-variance-authority|clsx|tailwind-merge)\//.test(id)
  ) {
    return "controls";
  }
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // Terser's extra compression passes: about 2% less JavaScript than esbuild's minifier on
    // the first load, which sits near its 120 KB budget (README, "Benchmarks").
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : { output: { manualChunks: sharedControlsChunk } },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
