/**
 * Vitest's global set-up: one embedded database made and migrated for the whole run, which
 * every PGlite test database starts as a copy of (`testDatabases`). Creating one takes a few
 * seconds and about 600 MB in a process of its own; copying its files takes a fraction of one.
 * And one build of the pages, which every test server that draws pages renders (./pages-build.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import type { TestProject } from "vitest/node";

import { openDatabase } from "../db/database";
import { buildPagesForTests } from "./pages-build";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, to be copied, never opened. */
    pgliteTemplate: string;
    /** The folder of the pages' build the test servers render (./pages-build.ts). */
    pagesBuild: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), "pglite-template-"));
  const template = path.join(folder, "db");
  const database = await openDatabase({ pgliteDir: template });
  await database.close();
  project.provide("pgliteTemplate", template);
  project.provide("pagesBuild", await buildPagesForTests());
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
