/**
 * Vitest's global set-up: one embedded database made and migrated for the whole run, which
 * every PGlite test database starts as a copy of (`testDatabases`). Creating one takes a few
 * seconds and about 600 MB in a process of its own; copying its files takes a fraction of one.
 * Likewise one migrated PostgreSQL database, the template of every PostgreSQL test database
 * (migrating one took 0.62-0.71 s, copying the template 0.08-0.15 s, on a slow afternoon).
 * And one build of the pages, which every test server that draws pages renders (./pages-build.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import type { TestProject } from "vitest/node";

import { openDatabase } from "../db/database";
import { createPostgresTemplate } from "./databases";
import { buildPagesForTests } from "./pages-build";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, to be copied, never opened. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database's name, to be copied, never opened ("" without a server). */
    postgresTemplate: string;
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
  let postgresTemplate: Awaited<ReturnType<typeof createPostgresTemplate>> = null;
  const teardown = async () => {
    await rm(folder, { recursive: true, force: true });
    await postgresTemplate?.drop();
  };
  try {
    postgresTemplate = await createPostgresTemplate();
    project.provide("postgresTemplate", postgresTemplate?.name ?? "");
    project.provide("pagesBuild", await buildPagesForTests());
  } catch (error) {
    // No teardown is called for a set-up that throws: leave nothing behind.
    await teardown();
    throw error;
  }
  return teardown;
}
