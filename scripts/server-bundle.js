// One way to bundle a server entry for Node: the production launcher and `npm run staff`'s
// command (./build-launcher.js), and the reliability tests' child server.
import { build } from "esbuild";

/**
 * Packages bundled into every server build all the same (this bundle and Vite's `ssr.noExternal`):
 * lucide-react's entry imports every one of its ~1,600 icons, which cost each process that
 * imports it about 0.3 s of CPU at start; bundled, only the few the server draws are kept.
 */
export const serverBundledPackages = ["lucide-react"];
const bundledPackages = new Set(serverBundledPackages);

/** Bundles `entry` (TypeScript) into one ES module at `outfile`, its packages left to node_modules. */
export function bundleServerEntry(entry, outfile) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [
      {
        name: "packages-external",
        setup(builder) {
          // A bare specifier ("express", "drizzle-orm/pg-core", "node:fs") is a package's.
          builder.onResolve({ filter: /^[^./~]/ }, ({ path }) => {
            const name = path.startsWith("@")
              ? path.split("/").slice(0, 2).join("/")
              : path.split("/")[0];
            return bundledPackages.has(name) ? undefined : { path, external: true };
          });
        },
      },
    ],
    logLevel: "warning",
  });
}
