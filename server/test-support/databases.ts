import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import pg from "pg";

import { openDatabase } from "../db/database";

import { copyFolder } from "./copy-folder";

/** The PostgreSQL server the suite also runs against; each test file gets its own database. */
export const postgresTestUrl =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabaseInstance {
  /** The environment that points the server at this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export interface TestDatabase {
  label: "PGlite" | "PostgreSQL";
  available: boolean;
  create(): Promise<TestDatabaseInstance>;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: postgresTestUrl,
    connectionTimeoutMillis: 3_000,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresReachable(): Promise<string | null> {
  try {
    await withAdminClient((client) => client.query("select 1"));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function temporaryDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), "appliance-repair-test-"));
}

const pglite: TestDatabase = {
  label: "PGlite",
  available: true,
  async create() {
    const dataDir = await temporaryDataDir();
    // A copy of the run's migrated database (server/test-support/global-setup.ts); imported
    // here, as bench/chaos.ts runs outside Vitest and uses only PostgreSQL.
    const { inject } = await import("vitest");
    await copyFolder(inject("pgliteTemplate"), path.join(dataDir, "db"));
    return {
      env: { DATA_DIR: dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
};

function databaseUrl(name: string): string {
  const url = new URL(postgresTestUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated PostgreSQL database for a test run to copy (`create database … template`), or null
 * when no server answers. Nothing may stay connected to it: PostgreSQL copies only a template
 * nobody is using.
 */
export async function createPostgresTemplate(): Promise<{
  name: string;
  drop(): Promise<void>;
} | null> {
  if ((await postgresReachable()) !== null) return null;
  const name = `test_template_${process.pid}_${Date.now()}`;
  await withAdminClient((client) => client.query(`create database "${name}"`));
  const drop = () =>
    withAdminClient(async (client) => {
      await client.query(`drop database if exists "${name}" with (force)`);
    });
  try {
    const database = await openDatabase({ databaseUrl: databaseUrl(name), pgliteDir: null });
    await database.close();
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

/** Inside Vitest, the run's migrated template (./global-setup.ts); elsewhere (bench/chaos.ts), none. */
async function postgresTemplateName(): Promise<string> {
  if (!process.env.VITEST) return "";
  const { inject } = await import("vitest");
  return inject("postgresTemplate");
}

function postgres(available: boolean): TestDatabase {
  return {
    label: "PostgreSQL",
    available,
    async create() {
      const name = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
      const template = await postgresTemplateName();
      await withAdminClient((client) =>
        client.query(`create database "${name}"${template ? ` template "${template}"` : ""}`),
      );
      const dataDir = await temporaryDataDir();
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(name) },
        async drop() {
          await withAdminClient((client) =>
            client.query(`drop database if exists "${name}" with (force)`),
          );
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

/**
 * The database another test server already uses (a second instance of the app on it); dropping
 * it is left to that server.
 */
export function sameDatabase(of: { databaseEnv: Record<string, string> }): TestDatabase {
  return {
    label: of.databaseEnv.DATABASE_URL ? "PostgreSQL" : "PGlite",
    available: true,
    create: () => Promise.resolve({ env: of.databaseEnv, drop: () => Promise.resolve() }),
  };
}

/**
 * PGlite always; PostgreSQL when its server answers. Without one, its tests are skipped with a
 * note, except in CI (CI=true), where a missing server is an error.
 */
export async function testDatabases(): Promise<TestDatabase[]> {
  const problem = await postgresReachable();
  if (problem && process.env.CI === "true") {
    throw new Error(`PostgreSQL at ${postgresTestUrl} is required in CI: ${problem}`);
  }
  if (problem) {
    console.warn(`Skipping the PostgreSQL tests: ${postgresTestUrl} is unreachable (${problem})`);
  }
  return [pglite, postgres(problem === null)];
}
