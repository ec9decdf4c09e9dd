import express from "express";
import { createServer } from "vite";

import type { createServerApp as CreateServerApp } from "./app";
import { parseConfig } from "./config";

const config = parseConfig();
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const app = express();
app.use(vite.middlewares);
const { createServerApp } = (await vite.ssrLoadModule("./server/app.ts")) as {
  createServerApp: typeof CreateServerApp;
};
// Server modules load once; route modules still hot-reload through Vite.
const serverApp = await createServerApp({ config });
app.use((req, res, next) => {
  try {
    serverApp.app(req, res, next);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    next(error);
  }
});
app.listen(config.PORT, () => console.log(`Dev server on http://localhost:${config.PORT}`));
