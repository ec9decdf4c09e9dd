// One way to bundle a server entry for Node: the production launcher and `npm run staff`'s
// command (./build-launcher.js), and the reliability tests' child server.
import { build } from "esbuild";

/** Bundles `entry` (TypeScript) into one ES module at `outfile`, its packages left to node_modules. */
export function bundleServerEntry(entry, outfile) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
}
