// `node scripts/messages.js`: compiles the site's messages (messages/en.json, messages/es.json)
// into app/paraglide/ with Paraglide JS, after checking them (scripts/message-check.js): a message
// missing in Spanish fails the build, the type check and `npm test`.
// The message-format plugin is named by its path in project.inlang/settings.json: the default is
// a CDN address, and without the plugin the compile "succeeds" with no messages at all.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

import { messageProblems } from "./message-check.js";

const locales = ["en", "es"];

function read(locale) {
  return JSON.parse(readFileSync(`messages/${locale}.json`, "utf8"));
}

const problems = messageProblems(read("en"), read("es"));
if (problems.length > 0) {
  console.error(`messages: ${problems.length} problem(s)\n  ${problems.join("\n  ")}`);
  process.exit(1);
}

// The compile takes seconds (Paraglide loads its SQLite-backed project): the build, the type
// check and the tests each ask for it, so it is skipped when its inputs have not changed.
const inputs = createHash("sha256");
for (const file of [
  "project.inlang/settings.json",
  ...locales.map((locale) => `messages/${locale}.json`),
  "scripts/messages.js",
  "scripts/message-check.js",
  "node_modules/@inlang/paraglide-js/package.json",
]) {
  inputs.update(readFileSync(file));
}
const inputsHash = inputs.digest("hex");
const hashFile = "app/paraglide/.inputs-hash";
if (existsSync(hashFile) && readFileSync(hashFile, "utf8") === inputsHash) process.exit(0);

// `--if-available` (npm's postinstall): an install without the dev dependencies (`--omit=dev`)
// has no compiler and needs none; the build, the type check and the tests ask for it strictly.
let compile;
try {
  ({ compile } = await import("@inlang/paraglide-js"));
} catch (error) {
  if (process.argv.includes("--if-available")) process.exit(0);
  throw error;
}

await compile({
  project: "./project.inlang",
  outdir: "./app/paraglide",
  // Every message is called with its locale ({ locale }), read from the page's address or the
  // homeowner's request: nothing is detected, stored or remembered (issue 39, point 2). The
  // runtime's getLocale is replaced by app/lib/locale-runtime.ts in every bundle (vite.config.ts).
  strategy: ["baseLocale"],
  emitTsDeclarations: true,
  emitReadme: false,
});
writeFileSync(hashFile, inputsHash);
// Paraglide's project keeps a timer alive for about half a minute after it is closed.
process.exit(0);
