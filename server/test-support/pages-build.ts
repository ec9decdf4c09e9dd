/**
 * The pages the server tests render: one React Router build of the sources, made by Vitest's
 * global set-up and loaded by every test server that draws pages (`withPages`). A Vite dev server
 * per test file took about 12 s each on a slow day (27 files), and each one's route typegen
 * rewrote `.react-router/types` while another file's was writing it (an unhandled ENOENT).
 *
 * The build is kept under `node_modules/.cache/test-pages/<hash of its sources>`, so a second
 * run (the timed files, a developer's next file) reuses it until a page or server module changes.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import type { ServerBuild } from "react-router";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cacheFolder = path.join(root, "node_modules/.cache/test-pages");

/** What the build is made of: the app, the server (its tests aside), the configuration. */
function sourcesHash(): string {
  const listed = spawnSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server", "public"],
    { cwd: root, encoding: "utf8" },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const files = listed.stdout
    .split("\n")
    .filter(
      (file) => file && !/\.test\.tsx?$/.test(file) && !file.startsWith("server/test-support/"),
    )
    .concat([
      "vite.config.ts",
      "react-router.config.ts",
      "package.json",
      "package-lock.json",
      "tsconfig.json",
    ])
    .sort();
  const hash = createHash("sha256");
  for (const file of files) {
    const absolute = path.join(root, file);
    // A file deleted but not yet staged is listed by git and gone from the disk.
    if (!existsSync(absolute)) continue;
    hash.update(file).update("\0").update(readFileSync(absolute)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** A build of other sources, or one a stopped run left half made, older than this goes. */
const staleAfterMs = 60 * 60 * 1000;

/**
 * Builds the pages unless a build of the same sources is there; returns its folder.
 * `PAGES_BUILD_FROM` names a production build just made of these same sources (`npm test` makes
 * one before the tests): it is copied instead of building again.
 */
export async function buildPagesForTests(): Promise<string> {
  const folder = path.join(cacheFolder, sourcesHash());
  if (existsSync(path.join(folder, "server/index.js"))) return folder;
  await mkdir(cacheFolder, { recursive: true });
  const building = `${folder}.${process.pid}.building`;
  const started = Date.now();
  const madeFrom = process.env.PAGES_BUILD_FROM;
  if (madeFrom) {
    await cp(path.resolve(root, madeFrom), building, { recursive: true });
  } else {
    const built = spawnSync("npx", ["react-router", "build"], {
      cwd: root,
      encoding: "utf8",
      env: {
        ...process.env,
        NODE_ENV: "production",
        REACT_ROUTER_BUILD_DIRECTORY: building,
        PAGES_BUILD_FOR_TESTS: "1",
      },
    });
    if (built.status !== 0) {
      await rm(building, { recursive: true, force: true });
      throw new Error(`The pages' build for the tests failed:\n${built.stdout}\n${built.stderr}`);
    }
  }
  try {
    await rename(building, folder);
  } catch (error) {
    // A run beside this one finished the same build first: its copy serves.
    if (!existsSync(path.join(folder, "server/index.js"))) throw error;
    await rm(building, { recursive: true, force: true });
  }
  // Not touched for an hour: no run is reading it (a run beside this one may be, on other sources).
  for (const entry of await readdir(cacheFolder)) {
    const other = path.join(cacheFolder, entry);
    if (other !== folder && Date.now() - (await stat(other)).mtimeMs > staleAfterMs) {
      await rm(other, { recursive: true, force: true });
    }
  }
  console.log(
    madeFrom
      ? `The pages for the tests are ${madeFrom}, copied in ${Math.round((Date.now() - started) / 1000)} s`
      : `The pages were built for the tests in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return folder;
}

/**
 * Refuses a build of older sources: in watch mode (`npx vitest`) the global set-up ran once, and
 * the pages would be drawn from code since edited.
 */
export function assertPagesBuildCurrent(folder: string): void {
  if (path.basename(folder) !== sourcesHash()) {
    throw new Error(
      "The pages' build for the tests is older than the sources: run `npx vitest run`, or restart watch mode.",
    );
  }
}

/** The route bundle of the build in `folder`, as the production server loads its own. */
export async function loadPagesBuild(folder: string): Promise<ServerBuild> {
  const built = (await import(pathToFileURL(path.join(folder, "server/index.js")).href)) as {
    routeBuild(): Promise<ServerBuild>;
  };
  return built.routeBuild();
}
