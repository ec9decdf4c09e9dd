import path from "node:path";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";

import { LeadWriter } from "./api/lead-writer";
import { createApiRouter } from "./api/router";
import { newsletterService, type NewsletterService } from "./api/unsubscribe";
import type { ServerConfig } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/database";
import { pruneExpiredRecords } from "./db/housekeeping";
import { createMailTransport } from "./mail/transport";
import { OutboxWorker } from "./outbox/worker";
import { publicConfigFrom, type PublicConfig } from "./public-config";
import { renderCache } from "./render-cache";

declare module "react-router" {
  interface AppLoadContext {
    config: ServerConfig;
    publicConfig: PublicConfig;
    newsletter: NewsletterService;
  }
}

const housekeepingIntervalMs = 10 * 60 * 1000;

export interface ServerAppOptions {
  config: ServerConfig;
  /** The React Router server build; the production bundle passes its own. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves hashed client assets; off in development, where Vite does it. */
  serveStatic?: { clientDir: string };
  /** The clock deciding "today" for preferred dates; tests set it. */
  now?: () => Date;
  /** Runs the outbox worker in this process (default); tests may drive it themselves. */
  startWorker?: boolean;
}

export interface ServerApp {
  app: express.Express;
  database: DatabaseHandle;
  outbox: OutboxWorker;
  /** Stops background work and releases connections. */
  close(): Promise<void>;
}

export async function createServerApp({
  config,
  build,
  serveStatic,
  now = () => new Date(),
  startWorker = true,
}: ServerAppOptions): Promise<ServerApp> {
  const dataDir = path.resolve(config.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(dataDir, "db"),
  });
  const { db } = database;
  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    mailDir: path.join(dataDir, "mail"),
  });
  const outbox = new OutboxWorker({
    db,
    transport,
    leaseSeconds: config.OUTBOX_LEASE_SECONDS,
    pollMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    backoffBaseMs: config.OUTBOX_BACKOFF_BASE_MS,
    backoffMaxMs: config.OUTBOX_BACKOFF_MAX_MS,
  });
  if (startWorker) outbox.start();
  const housekeeping = setInterval(() => {
    pruneExpiredRecords(db).catch((error: unknown) => {
      console.error(`Housekeeping failed: ${error instanceof Error ? error.message : error}`);
    });
  }, housekeepingIntervalMs);
  housekeeping.unref();
  const newsletter = newsletterService(db);

  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY) app.set("trust proxy", true);
  app.use(compression());

  if (serveStatic) {
    app.use(
      "/assets",
      express.static(`${serveStatic.clientDir}/assets`, {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
    app.use(express.static(serveStatic.clientDir, { maxAge: "1h", index: false, redirect: false }));
  }

  app.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });

  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await db.execute(sql`select 1`);
      res.json({ ok: true, outbox: await outbox.counts() });
    } catch (error) {
      console.error(`Not ready: ${error instanceof Error ? error.message : error}`);
      res.set("Retry-After", "10").status(503).json({ ok: false });
    }
  });

  // The embedded database runs one transaction at a time; a server's pool can take a few.
  const leads = new LeadWriter(db, {
    maxConcurrentBatches: database.driver === "pglite" ? 1 : 4,
  });
  app.use("/api", createApiRouter({ db, leads, config, now, onEnqueued: () => outbox.nudge() }));

  if (config.NODE_ENV === "production") {
    // Home (and the dialogs drawn over it) shows three random reviews: keep a few renders.
    app.use(
      renderCache({ variantsFor: (path) => (path === "/" || path.startsWith("/modals/") ? 6 : 1) }),
    );
  }

  app.use(
    createRequestHandler({
      build: build ?? (() => import("virtual:react-router/server-build")),
      mode: config.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: () => ({ config, publicConfig: publicConfigFrom(config), newsletter }),
    }),
  );

  return {
    app,
    database,
    outbox,
    async close() {
      clearInterval(housekeeping);
      await outbox.close();
      transport.close();
      await database.close();
    },
  };
}
