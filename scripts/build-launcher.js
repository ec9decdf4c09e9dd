// Compiles the production launcher next to the React Router server bundle.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { build } from "esbuild";

// And `npm run staff`'s command, which then starts in about a second where tsx compiled its
// sources first (10-12 s on a slow day).
for (const [entry, outfile] of [
  ["server/main.ts", "build/server/main.js"],
  ["server/desk/staff-cli.ts", "build/server/staff.js"],
]) {
  await build({
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

// Hashed assets, compressed once at the highest levels (served by server/precompressed.ts).
const assetsDir = "build/client/assets";
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const body = readFileSync(`${assetsDir}/${name}`);
  writeFileSync(
    `${assetsDir}/${name}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${assetsDir}/${name}.gz`, gzipSync(body, { level: 9 }));
}
