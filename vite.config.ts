import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

import { serverBundledPackages } from "./scripts/server-bundle.js";

/**
 * One chunk for what every page loads: the form controls every form shares (the public forms,
 * the desk, the private page), `cn` with its libraries, and the small modules the root uses
 * (toasts, meta, the visitor's region), and the messages the header and footer say
 * (components/shell-messages.ts). Left to Rollup, each set of routes sharing a module
 * gets a chunk of its own: a desk route importing the controls split them out of home's chunks
 * (+0.4 KB), and home loaded 25 files where 18 now carry the same code (-2 KB of JavaScript:
 * docs/decisions/0013-one-form-pattern.md).
 */
function sharedChunk(id: string): string | undefined {
  if (
    /\/app\/components\/ui\/(button|input|field|notice)\.tsx$|\/app\/lib\/utils\.ts$/.test(id) ||
    /\/app\/(lib\/(toast-store|meta|location-store|use-site-url|use-region)\.ts|content\/navigation\.ts|components\/(status-page\.tsx|shell-messages\.ts))$/.test(
      id,
    ) ||
    /\/node_modules\/(class-variance-authority|clsx)\//.test(id)
  ) {
    return "site";
  }
  return undefined;
}

/**
 * The fence: code under `server/` (the database, mail, texts, the readers of secrets) never
 * reaches a browser bundle. React Router refuses a `*.server.ts` module in the client build once
 * a route's loaders and actions are stripped; this refuses the whole `server/` folder the same
 * way, so a component that imports server code fails the build instead of shipping it
 * (docs/decisions/0018-the-fence.md).
 */
function serverFolderStaysOnTheServer(): Plugin {
  const serverFolder = fileURLToPath(new URL("./server/", import.meta.url));
  return {
    name: "server-folder-stays-on-the-server",
    load(id, options) {
      if (options?.ssr || !id.startsWith(serverFolder)) return null;
      this.error(
        `${id.slice(serverFolder.length - "server/".length)} is server code: a browser bundle may not import it. Reach it from a loader or action, or through a *.server.ts module.`,
      );
    },
  };
}

/**
 * The compiled messages' runtime is ours (app/lib/locale-runtime.ts): every message is called with
 * its locale, and Paraglide's own runtime would detect one.
 */
export function explicitLocaleRuntime(): Plugin {
  const messagesFolder = fileURLToPath(new URL("./app/paraglide/messages/", import.meta.url));
  const runtime = fileURLToPath(new URL("./app/lib/locale-runtime.ts", import.meta.url));
  return {
    name: "explicit-locale-runtime",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../runtime.js" && importer?.startsWith(messagesFolder)) return runtime;
      return null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // Terser's extra compression passes: about 2% less JavaScript than esbuild's minifier on
    // the first load, which sits near its 120 KB budget (README, "Benchmarks").
    // The server tests' build (server/test-support/pages-build.ts) renders the same HTML unminified.
    minify: process.env.PAGES_BUILD_FOR_TESTS ? false : "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : { output: { manualChunks: sharedChunk } },
  },
  ssr: { noExternal: serverBundledPackages },
  plugins: [explicitLocaleRuntime(), tailwindcss(), reactRouter(), serverFolderStaysOnTheServer()],
}));
