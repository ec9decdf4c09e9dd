import path from "node:path";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";

import { LeadWriter } from "./api/lead-writer";
import { createLeadSubmissions } from "./api/lead-submissions";
import { clientAddress, createApiRouter } from "./api/router";
import { newsletterService, type NewsletterService } from "./api/unsubscribe";
import type { ServerConfig } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/database";
import { pruneExpiredRecords } from "./db/housekeeping";
import { formSubmissionsFor, type FormSubmissions } from "./forms";
import { createMailTransport } from "./mail/transport";
import { OutboxWorker } from "./outbox/worker";
import { publicConfigFrom, type PublicConfig } from "./public-config";
import { precompressedAssets } from "./precompressed";
import { deferAppScripts } from "./defer-app-scripts";
import { renderCache } from "./render-cache";
import { pageNonce, sameOriginPosts, securityHeaders } from "./security";
import { clientIp } from "./geo/client-ip";
import { createLocationService, type LocationService } from "./geo/location-service";
import { createLocationRouter } from "./geo/router";
import {
  detectedLocationElement,
  detectedLocationSlot,
  serviceRegionOf,
  withDetectedLocationSlot,
} from "./geo/page-location";
import { cspNoncePlaceholder } from "~/lib/csp";
import { notDetected, type DetectedLocation } from "~/lib/detected-location";
import { regionParam } from "~/lib/region";

declare module "react-router" {
  interface AppLoadContext {
    config: ServerConfig;
    publicConfig: PublicConfig;
    newsletter: NewsletterService;
    /** The lead forms' submission pipeline (the JSON API's), for this request's visitor. */
    forms: FormSubmissions;
    /** The visitor's state when detected and one of the six ("Texas"), else null. */
    detectedRegion: string | null;
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
  /** Where visitors are; by default the offline database (and ipinfo when configured). */
  locations?: LocationService;
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
  locations: givenLocations,
}: ServerAppOptions): Promise<ServerApp> {
  const locations = givenLocations ?? (await createLocationService({ config }));
  const dataDir = path.resolve(config.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(dataDir, "db"),
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  const { db } = database;
  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    mailDir: path.join(dataDir, "mail"),
    timeoutMs: config.SMTP_TIMEOUT_MS,
  });
  // The embedded database runs one transaction at a time; a server's pool can take a few.
  const leads = new LeadWriter(db, {
    maxConcurrentBatches: database.driver === "pglite" ? 1 : 4,
  });
  const outbox = new OutboxWorker({
    db,
    transport,
    busy: () => leads.isBusy(),
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
  const security = { siteUrl: config.SITE_URL, mapsScriptUrl: config.GOOGLE_MAPS_SCRIPT_URL };
  app.use(securityHeaders());

  if (serveStatic) {
    app.use("/assets", precompressedAssets(path.resolve(serveStatic.clientDir, "assets")));
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

  // Every POST, the API's and the page actions', refuses a foreign Origin.
  app.use(sameOriginPosts(security));
  const submissions = createLeadSubmissions({
    db,
    leads,
    config,
    now,
    onEnqueued: () => outbox.nudge(),
  });
  app.use("/api", createLocationRouter({ locations, trustProxy: config.TRUST_PROXY }));
  app.use("/api", createApiRouter(submissions));

  // Pages are rendered for the visitor's detected state (when the address names no region).
  app.use(async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const detected = await locations.lookup(clientIp(req, config.TRUST_PROXY));
    res.locals.detectedLocation = detected;
    res.locals.detectedRegion = serviceRegionOf(detected);
    next();
  });

  app.use(
    renderCache({
      ttlMs: config.NODE_ENV === "production" ? 30_000 : 0,
      // Home (and the dialogs drawn over it) shows three random reviews: keep a few renders.
      variantsFor: (path) => (path === "/" || path.startsWith("/modals/") ? 6 : 1),
      varyKey: (req, res) =>
        req.query[regionParam] === undefined ? String(res.locals.detectedRegion ?? "") : "",
      transform: (html) => withDetectedLocationSlot(deferAppScripts(html)),
      slots: [cspNoncePlaceholder, detectedLocationSlot],
      fill: (_req, res) => [
        pageNonce(res, security),
        detectedLocationElement(
          (res.locals.detectedLocation as DetectedLocation | undefined) ?? notDetected,
        ),
      ],
    }),
  );

  app.use(
    createRequestHandler({
      build: build ?? (() => import("virtual:react-router/server-build")),
      mode: config.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, res) => ({
        config,
        publicConfig: publicConfigFrom(config),
        newsletter,
        forms: formSubmissionsFor(submissions, clientAddress(req)),
        detectedRegion: (res.locals.detectedRegion as string | null | undefined) ?? null,
      }),
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
      await locations.close();
      await database.close();
    },
  };
}
