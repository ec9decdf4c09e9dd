// The composition root: it builds every service (database, mail, outbox, desk, the homeowners'
// requests) and wires the Express app in the order requests meet them. Long because it is the one
// place where that order is written; what each part does lives in its own module.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type ErrorRequestHandler } from "express";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";

import type { Services } from "./services";

import { LeadWriter } from "./leads/lead-writer";
import { createLeadSubmissions } from "./leads/lead-submissions";
import { clientAddress, createApiRouter } from "./api/router";
import { newsletterService } from "./api/unsubscribe";
import type { ServerConfig } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/database";
import { pruneExpiredRecords, refreshEmbeddedStatistics } from "./db/housekeeping";
import { jobsDueChannel } from "./db/notifications";
import { closeFederalHolidays } from "./requests/holidays";
import { formSubmissionsFor } from "./leads/forms";
import { createMailTransport } from "./mail/transport";
import type { DeskServices } from "./desk/desk-services";
import { authSecret, createStaffAuth } from "./desk/staff-auth";
import { listenForStaffCommands } from "./desk/staff-channel";
import { LiveHub } from "./live/live-hub";
import { pruneSentEmailBodies } from "./desk/privacy.server";
import { OutboxWorker } from "./outbox/worker";
import { TextWorker } from "./texts/text-worker";
import { textProviderConfigured, textProviderFor } from "./texts/provider";
import { createTextWebhooks } from "./texts/webhooks";
import { createAvailabilityRouter } from "./requests/availability-router";
import { HomeownerRequests } from "./requests/homeowner-requests";
import { clientKeys } from "./requests/client-keys";
import { RequestLinks, requestLinkSecret } from "./requests/request-links";
import { publicConfigFrom } from "./public-config";
import { precompressedAssets } from "./precompressed";
import { deferAppScripts } from "./defer-app-scripts";
import { visitSourceCapture } from "./attribution/capture";
import { isPageRequest, renderCache } from "./render-cache";
import { pageCacheKey, pageCachePolicies } from "./page-cache-policy";
import { PublicPrices } from "./prices/public-prices";
import { pageRequestHandler } from "./page-requests";
import { publishedReviewsChannel } from "./reviews/published-reviews.server";
import {
  hostRule,
  isLoopback,
  knownHostsOnly,
  pageNonces,
  sameOriginPosts,
  securityHeaders,
  setSecurityHeaders,
} from "./security";
import { clientIp, compileTrustProxy, type TrustProxy } from "./geo/client-ip";
import { createLocationService, type LocationService } from "./geo/location-service";
import { createLocationRouter } from "./geo/router";
import {
  detectedLocationElement,
  detectedLocationSlot,
  serviceRegionOf,
  withDetectedLocationSlot,
} from "./geo/page-location";
import { cspNoncePlaceholder } from "~/lib/csp";
import { localizedHref, locales } from "~/lib/locale";
import { CardPayments } from "./payments/card-payments.server";
import { checkoutOriginFor, stripeClientFor } from "./payments/stripe-client";
import { catchUpStripeEvents, createStripeWebhook } from "./payments/stripe-webhook";
import { requestErrorLine } from "~/lib/log-line";
import { idempotencyKeySlot } from "~/lib/idempotency-field";
import { notDetected, type DetectedLocation } from "~/lib/detected-location";
import { regionParam } from "~/lib/region";

/** The key under which the route bundle reads the services (its entry.server.tsx exports it). */
function servicesKeyOf(build: ServerBuild): RouterContext<Services> {
  const { servicesContext } = build.entry.module as { servicesContext?: RouterContext<Services> };
  if (!servicesContext) throw new Error("The build's entry.server exports no servicesContext");
  return servicesContext;
}

/**
 * The pages' bundle built with this module: the production build's; the server tests take it
 * from a build of their own (server/test-support/pages-build.ts).
 */
export function routeBuild(): Promise<ServerBuild> {
  return import("virtual:react-router/server-build");
}

const housekeepingIntervalMs = 10 * 60 * 1000;
/** Every sixth round of housekeeping (hourly) refreshes the embedded database's statistics. */
const statisticsEveryRounds = 6;

async function resolveBuild(build: ServerBuild | (() => Promise<ServerBuild>)) {
  return typeof build === "function" ? build() : build;
}

interface Visitor {
  detectedLocation: DetectedLocation;
  /** The visitor's state when the page is drawn for it (no `?region=`), else null. */
  detectedState: string | null;
}

/** Whether the request came over HTTPS, as Express's `req.secure` decides it. */
function isSecure(req: IncomingMessage, trustProxy: TrustProxy) {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!trustProxy(req.socket.remoteAddress ?? "", 0)) return false;
  const forwarded = req.headers["x-forwarded-proto"];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return proto === "https";
}

/** The query string of a request's URL, with its "?" (empty when there is none). */
function searchOf(url: string) {
  const start = url.indexOf("?");
  return start === -1 || start === url.length - 1 ? "" : url.slice(start);
}

interface HttpError {
  status: number;
}

function isClientHttpError(error: unknown): error is HttpError {
  if (typeof error !== "object" || error === null || !("status" in error)) return false;
  const { status } = error;
  return typeof status === "number" && status >= 400 && status < 500;
}

/**
 * What reaches Express's end: a client's error (a malformed address, a body a parser refused)
 * is answered with its status and not logged; anything else is a 500 and one line in the log.
 */
// Express knows an error handler by its four parameters, the last unused here.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const lastErrorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (res.headersSent) {
    // Part of the answer is out: it cannot become an error page; the client sees it cut off.
    console.error(requestErrorLine(req.method, req.originalUrl, error));
    res.destroy();
    return;
  }
  const status = isClientHttpError(error) ? error.status : 500;
  if (status === 500) console.error(requestErrorLine(req.method, req.originalUrl, error));
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("text/plain")
    .send(status === 500 ? "Internal error" : "Bad request");
};

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
  /** How long the page cache keeps a page: 30 s in production, 0 (nothing) otherwise. */
  pageCacheTtlMs?: number;
}

export interface ServerApp {
  app: express.Express;
  /** Serves requests: kept pages at once, the rest through `app`. Give this to the HTTP server. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  database: DatabaseHandle;
  outbox: OutboxWorker;
  /** Sends the texts table (started with the outbox worker). */
  texts: TextWorker;
  /** What the page cache holds now. */
  pageCache: { size(): { entries: number; bytes: number } };
  /** Ends the desk's live streams, which never finish on their own (a stopping server). */
  endStreams(): void;
  /** Reads back from Stripe the paid sessions whose events were missed: how many were acted on. */
  catchUpCards(): Promise<number>;
  /** Stops background work and releases connections. */
  close(): Promise<void>;
}

export async function createServerApp({
  config,
  build,
  serveStatic,
  now: givenNow,
  startWorker = true,
  locations: givenLocations,
  pageCacheTtlMs = config.NODE_ENV === "production" ? 30_000 : 0,
}: ServerAppOptions): Promise<ServerApp> {
  const now = givenNow ?? (() => new Date());
  const locations = givenLocations ?? (await createLocationService({ config }));
  const loadBuild = build ?? routeBuild;
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
    defaultCapacity: config.WINDOW_CAPACITY,
    placesPerClient: config.PLACES_PER_CLIENT,
  });
  const links = new RequestLinks(await requestLinkSecret(db), config.SITE_URL);
  await closeFederalHolidays(db, now());
  const outbox = new OutboxWorker({
    db,
    transport,
    busy: () => leads.isBusy(),
    leaseSeconds: config.OUTBOX_LEASE_SECONDS,
    pollMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    backoffBaseMs: config.OUTBOX_BACKOFF_BASE_MS,
    backoffMaxMs: config.OUTBOX_BACKOFF_MAX_MS,
    customerEmailsPerDay: config.CUSTOMER_EMAILS_PER_DAY,
    ...(givenNow ? { now } : {}),
  });
  const textWorker = new TextWorker({
    db,
    provider: textProviderFor(config, dataDir),
    ...(textProviderConfigured(config)
      ? { statusCallbackUrl: `${config.SITE_URL}/api/sms/status` }
      : {}),
    leaseSeconds: config.OUTBOX_LEASE_SECONDS,
    pollMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    backoffBaseMs: config.OUTBOX_BACKOFF_BASE_MS,
    backoffMaxMs: config.OUTBOX_BACKOFF_MAX_MS,
    perNumberPerDay: config.TEXTS_PER_NUMBER_PER_DAY,
    ...(givenNow ? { now } : {}),
  });
  // Emails and texts stored by any process, through any path, go out at once (migration 0050).
  // Heard before the workers start: a listener that cannot connect fails the start with none.
  const stopHearingJobs = startWorker
    ? await database.listen(jobsDueChannel, (table) => {
        if (table === "texts") textWorker.nudge();
        else outbox.nudge();
      })
    : async () => undefined;
  if (startWorker) {
    outbox.start();
    textWorker.start();
  }
  const visits = { config, links, now };
  const stripe = stripeClientFor(config);
  const cards = new CardPayments(db, visits, stripe);
  const requests = new HomeownerRequests(db, visits, () => outbox.nudge(), cards);
  await refreshEmbeddedStatistics(database, { deadRows: false });
  let housekeepingRound = 0;
  const housekeeping = setInterval(() => {
    housekeepingRound += 1;
    Promise.all([
      pruneExpiredRecords(db),
      ...(housekeepingRound % statisticsEveryRounds === 0
        ? [refreshEmbeddedStatistics(database)]
        : []),
      pruneSentEmailBodies(db, config.MAIL_RETENTION_DAYS),
      // A server running into a new year closes the year after's holidays too.
      closeFederalHolidays(db, now()),
    ]).catch((error: unknown) => {
      console.error(`Housekeeping failed: ${error instanceof Error ? error.message : error}`);
    });
  }, housekeepingIntervalMs);
  housekeeping.unref();
  // Card payments Stripe told of while this server was down (or whose delivery failed) are
  // read back at start and every hour after.
  const catchUpCards = async () => (stripe ? catchUpStripeEvents(db, stripe, cards, now()) : 0);
  const catchUpCardsLater = () => {
    catchUpCards().catch((error: unknown) => {
      console.error(
        `Card payments catch-up failed: ${error instanceof Error ? error.message : error}`,
      );
    });
  };
  if (startWorker) catchUpCardsLater();
  const cardCatchUp = setInterval(catchUpCardsLater, 60 * 60 * 1000);
  cardCatchUp.unref();
  const newsletter = newsletterService(db);
  const staffAuth = createStaffAuth({ db, siteUrl: config.SITE_URL, secret: await authSecret(db) });
  const live = new LiveHub();
  await live.start(database);
  const prices = new PublicPrices(db);
  await prices.start(database);
  const desk: DeskServices = {
    db,
    auth: staffAuth,
    config,
    visits,
    leads,
    onEnqueued: () => outbox.nudge(),
    // This process's kept pages at once; the others' by `publishedReviewsChannel` below.
    forgetPage: (pathname) => forgetInEveryLanguage(pathname),
    cards,
  };
  const publicConfig = publicConfigFrom(config);
  // The embedded database admits this process only: `npm run staff` talks to it instead.
  const staffChannel =
    database.driver === "pglite"
      ? await listenForStaffCommands({ dataDir, db, auth: staffAuth }).catch((error: unknown) => {
          console.warn(
            `Staff commands cannot reach this server (${error instanceof Error ? error.message : error}): stop it to run \`npm run staff\`.`,
          );
          return null;
        })
      : null;

  const app = express();
  app.disable("x-powered-by");
  // One rule for the visitor's address: Express's req.ip (the rate limit) and clientIp (location).
  const trustProxy = compileTrustProxy(config.TRUST_PROXY);
  app.set("trust proxy", trustProxy);
  const security = {
    siteUrl: config.SITE_URL,
    mapsScriptUrl: config.GOOGLE_MAPS_SCRIPT_URL,
    checkoutOrigin: checkoutOriginFor(config),
  };
  app.use(securityHeaders());
  // A foreign Host (DNS rebinding) is refused before anything reads the request.
  const isKnownHost = hostRule({ siteUrl: config.SITE_URL, allowedHosts: config.ALLOWED_HOSTS });
  app.use(knownHostsOnly(isKnownHost));

  // A page is drawn for the visitor's detected state only when the address names no region;
  // otherwise nothing about the visitor goes into the render.
  const visitors = new WeakMap<IncomingMessage, Visitor>();
  async function locateVisitor(req: IncomingMessage): Promise<Visitor> {
    const known = visitors.get(req);
    if (known) return known;
    const detectedLocation = await locations.lookup(clientIp(req, trustProxy));
    const names = new URLSearchParams(searchOf(req.url ?? "")).has(regionParam);
    const visitor = {
      detectedLocation,
      detectedState: names ? null : serviceRegionOf(detectedLocation),
    };
    visitors.set(req, visitor);
    return visitor;
  }
  const isPage = (req: IncomingMessage) =>
    isPageRequest(req) && !(req.url ?? "").startsWith("/assets/");
  app.use(async (req, _res, next) => {
    if (isPage(req)) await locateVisitor(req);
    next();
  });

  const visitSources = visitSourceCapture({
    ownHosts: [new URL(config.SITE_URL).hostname, ...config.ALLOWED_HOSTS],
    now,
    isSecure: (req) => isSecure(req, trustProxy),
  });
  app.use(visitSources.keep);

  const pageNonce = pageNonces(security);
  const policyFor = pageCacheTtlMs > 0 ? pageCachePolicies(await resolveBuild(loadBuild)) : null;
  const pageCache = renderCache({
    ttlMs: pageCacheTtlMs,
    maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
    entryFor: (req) => {
      // A landing that says where the visitor came from is rendered for them alone.
      if (visitSources.touchOf(req)) return null;
      const url = req.url ?? "/";
      const search = searchOf(url);
      const pathname = url.slice(0, url.length - search.length).replace(/\?$/, "");
      const policy = policyFor?.(pathname);
      const key = pageCacheKey(policy, {
        pathname,
        search,
        detectedState: visitors.get(req)?.detectedState ?? null,
      });
      // Keyed by the prices' version too: a saved price is on the very next page.
      return key && policy
        ? { key: `${prices.version}\n${key}`, variants: policy.variants ?? 1 }
        : null;
    },
    transform: (html) => withDetectedLocationSlot(deferAppScripts(html)),
    slots: [cspNoncePlaceholder, detectedLocationSlot, idempotencyKeySlot],
    fill: (req, res) => [
      pageNonce(res),
      detectedLocationElement(visitors.get(req)?.detectedLocation ?? notDetected),
      randomUUID(),
    ],
  });
  // A page's kept copies in both languages (a published review changes /reviews and /es/reviews).
  const forgetInEveryLanguage = (pathname: string) => {
    for (const locale of locales) pageCache.forget(localizedHref(pathname, locale));
  };
  const stopForgettingReviews = await database.listen(publishedReviewsChannel, (pathname) =>
    forgetInEveryLanguage(pathname),
  );
  app.use(compression());

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

  // The outbox's counts are for this machine and for our proxies' own checks; anyone else (a
  // visitor, through a proxy or not) learns only whether the server is ready.
  const seesOutbox = (req: IncomingMessage) =>
    isLoopback(clientIp(req, trustProxy)) ||
    (req.headers["x-forwarded-for"] === undefined && trustProxy(req.socket.remoteAddress ?? "", 0));
  app.get("/readyz", async (req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await db.execute(sql`select 1`);
      res.json(seesOutbox(req) ? { ok: true, outbox: await outbox.counts() } : { ok: true });
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
    links,
    clientKeyOf: await clientKeys(db),
    config,
    now,
    onEnqueued: () => outbox.nudge(),
    pricePolicyFor: (office) => prices.policyFor(office),
  });
  app.use(
    "/api",
    createTextWebhooks({
      db,
      siteUrl: config.SITE_URL,
      authToken: config.TWILIO_AUTH_TOKEN,
      onReply: () => textWorker.nudge(),
    }),
  );
  app.use(
    "/api",
    createStripeWebhook({ db, payments: cards, webhookSecret: config.STRIPE_WEBHOOK_SECRET, now }),
  );
  app.use("/api", createLocationRouter({ locations, trustProxy }));
  app.use(
    "/api",
    createAvailabilityRouter({
      db,
      defaultCapacity: config.WINDOW_CAPACITY,
      bookingDaysAhead: config.BOOKING_DAYS_AHEAD,
      now,
    }),
  );
  app.use("/api", createApiRouter(submissions));

  app.use(pageCache.keepRendered);

  app.use(
    pageRequestHandler({
      build: loadBuild,
      mode: config.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, build) => {
        const services: Services = {
          config,
          publicConfig,
          newsletter,
          forms: formSubmissionsFor(submissions, clientAddress(req)),
          detectedState: visitors.get(req)?.detectedState ?? null,
          desk,
          clientAddress: clientAddress(req),
          requests,
          live,
          prices,
        };
        return new RouterContextProvider(new Map([[servicesKeyOf(build), services]]));
      },
    }),
  );
  app.use(lastErrorHandler);

  /**
   * A page kept in the cache is answered before Express runs at all: the visitor's location and
   * the security headers, then the kept bytes. Everything else goes to the app.
   */
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (pageCacheTtlMs <= 0 || !isPage(req) || !isKnownHost(req)) {
      app(req, res);
      return;
    }
    serveKeptPage(req, res).then(
      (served) => {
        if (!served) app(req, res);
      },
      (error: unknown) => {
        console.error(`Page cache: ${error instanceof Error ? error.message : String(error)}`);
        if (res.headersSent) res.destroy();
        else app(req, res);
      },
    );
  };
  async function serveKeptPage(req: IncomingMessage, res: ServerResponse) {
    await locateVisitor(req);
    setSecurityHeaders(res, { secure: isSecure(req, trustProxy) });
    return pageCache.serveHit(req, res);
  }

  return {
    app,
    handler,
    database,
    outbox,
    texts: textWorker,
    pageCache,
    endStreams: () => {
      live.endStreams();
    },
    catchUpCards,
    async close() {
      clearInterval(housekeeping);
      clearInterval(cardCatchUp);
      await live.close();
      // Already closed (a database that went down): nothing is listening any more.
      await stopForgettingReviews().catch(() => undefined);
      await stopHearingJobs().catch(() => undefined);
      await prices.close();
      await staffChannel?.close();
      await outbox.close();
      await textWorker.close();
      transport.close();
      await locations.close();
      await database.close();
    },
  };
}
