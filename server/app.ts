import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

import type { ServerConfig } from "./config";
import { publicConfigFrom, type PublicConfig } from "./public-config";

declare module "react-router" {
  interface AppLoadContext {
    config: ServerConfig;
    publicConfig: PublicConfig;
  }
}

export interface ServerAppOptions {
  config: ServerConfig;
  /** The React Router server build; the production bundle passes its own. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves hashed client assets; off in development, where Vite does it. */
  serveStatic?: { clientDir: string };
}

export interface ServerApp {
  app: express.Express;
  /** Stops background work and releases connections. */
  close(): Promise<void>;
}

export async function createServerApp({
  config,
  build,
  serveStatic,
}: ServerAppOptions): Promise<ServerApp> {
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

  app.use(
    createRequestHandler({
      build: build ?? (() => import("virtual:react-router/server-build")),
      mode: config.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: () => ({ config, publicConfig: publicConfigFrom(config) }),
    }),
  );

  return { app, close: async () => {} };
}
