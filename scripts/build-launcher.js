// Compiles the production launcher next to the React Router server bundle.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { bundleServerEntry } from "./server-bundle.js";

await bundleServerEntry("server/main.ts", "build/server/main.js");
// And `npm run staff`'s command, which then starts in about a second where tsx compiled its
// sources first (10-12 s on a slow day).
await bundleServerEntry("server/desk/staff-cli.ts", "build/server/staff.js");

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
