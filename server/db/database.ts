import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import { schema } from "./schema";

/** The one query API the app uses, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /**
   * Calls `onNotify` with the payload of every `NOTIFY` on `channel`, from any process sharing
   * the database; resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`: a PostgreSQL server. Unset: embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `null` keeps them in memory (tests). */
  pgliteDir: string | null;
  /** PostgreSQL: how long connecting may take before the work fails (a 503 for a visitor). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement that runs longer. */
  statementTimeoutMs?: number;
}

/** Opens the database and applies the committed migrations before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl, options);
    const db = drizzleNodePostgres(pool, { schema });
    try {
      await migrateNodePostgres(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      driver: "postgres",
      listen: (channel, onNotify) => listenOnPostgres(options, channel, onNotify),
      close: once(() => pool.end()),
    };
  }

  if (options.pgliteDir) await createPgliteDataDir(options.pgliteDir);
  const client = new PGlite(options.pgliteDir ?? undefined, {
    postgresqlconf: embeddedPostgresSettings,
    // The desk's search indexes (migration 0004); PostgreSQL servers ship it with contrib.
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    driver: "pglite",
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: once(() => client.close()),
  };
}

/**
 * The embedded server's settings. PostgreSQL's default 128 MB of shared buffers was most of
 * PGlite's memory; a small business's leads fit in far less (the server runs on 512 MB). 24 MB:
 * with 50,000 leads an office's inbox (its counts and its page) reads about 2,200 pages of 8 KB,
 * which 16 MB (2,048) could not hold from one request to the next: each read them from the files
 * again (a Texas inbox's two statements 27.5 ms at 16 MB, 19.8 at 24, 19.7 at 32).
 */
const embeddedPostgresSettings = ["shared_buffers = 24MB"];

/**
 * Creates the embedded database's files in a process of its own when the folder has none:
 * PGlite's initdb takes about 600 MB, which a process does not give back once it has it.
 */
async function createPgliteDataDir(dataDir: string) {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  await mkdir(dataDir, { recursive: true });
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = [
    `const { PGlite } = require(${JSON.stringify(pglite)});`,
    `const db = new PGlite(${JSON.stringify(dataDir)});`,
    "db.waitReady.then(() => db.close());",
  ].join("\n");
  await promisify(execFile)(process.execPath, ["-e", script], { timeout: 120_000 });
}

/** How long a client that lost its server may stay checked out before the pool drops it. */
const brokenClientGraceMs = 1_000;

/**
 * A pool that survives its server going away: an unreachable server fails work within the
 * connect time-out instead of hanging it, and a connection lost mid-transaction neither ends
 * the process nor leaks its pool slot, so the server recovers without a restart.
 */
function postgresPool(
  connectionString: string,
  { connectTimeoutMs = 2_000, statementTimeoutMs = 10_000 }: DatabaseOptions,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeoutMs,
    // A transaction left open by a stalled client must not hold its locks for long.
    idle_in_transaction_session_timeout: Math.max(statementTimeoutMs, 30_000),
    // The app's queries are short: PostgreSQL's JIT, which starts on a plan's estimated cost,
    // spent more compiling the owner's numbers (a correlated sum per job) than it saved: 103 ms
    // against 51 ms for the technicians' table of 50,000 leads (`npm run bench:desk`).
    options: "-c jit=off",
    keepAlive: true,
  });
  // An idle client losing its server emits here; unhandled, it would end the process.
  pool.on("error", (error) => console.error(`PostgreSQL pool: ${error.message}`));
  const checkedOut = new Set<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  pool.on("connect", (client) => {
    // The pool listens for errors only on idle clients. A checked-out client whose connection
    // breaks emits "error" with no listener, which would end the process.
    client.on("error", (error) => {
      if (!checkedOut.has(client)) return;
      console.error(`PostgreSQL connection lost: ${error.message}`);
      // Drizzle releases a client only once its transaction began; one lost during BEGIN is
      // never released, and each such loss would take a slot until the pool had none left.
      setTimeout(() => {
        if (checkedOut.has(client)) client.release(error);
      }, brokenClientGraceMs).unref();
    });
  });
  return pool;
}

const relistenDelayMs = 1_000;

/**
 * A connection of its own that `LISTEN`s (a pooled one would be handed to other work). When the
 * server goes away it connects again, every second, until it is back or the listener is stopped;
 * notifications sent meanwhile are lost, so a listener must not rely on them for correctness.
 */
async function listenOnPostgres(
  options: DatabaseOptions,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 2_000,
      keepAlive: true,
    });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    next.on("error", (error) => {
      console.error(`PostgreSQL listener: ${error.message}`);
      again();
    });
    next.on("end", again);
    client = next;
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
  };
  function again() {
    if (stopped || retry) return;
    const broken = client;
    client = null;
    broken?.removeAllListeners("end");
    void broken?.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = null;
      connect().catch(again);
    }, relistenDelayMs);
    retry.unref();
  }
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    current?.removeAllListeners("end");
    await current?.end().catch(() => undefined);
  };
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * The committed migrations: beside this module when run from source, or in the repository's
 * server/db/migrations when run from the bundle in build/server/.
 */
function findMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, "migrations"),
    path.join(here, "..", "..", "server", "db", "migrations"),
    path.resolve("server", "db", "migrations"),
  ];
  const found = candidates.find((candidate) =>
    existsSync(path.join(candidate, "meta", "_journal.json")),
  );
  if (!found) throw new Error(`Database migrations not found in ${candidates.join(", ")}`);
  return found;
}

/** What `db.transaction` hands its callback: the same query API, inside the transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
