import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type express from "express";
import {
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";

import { formBodyLimitBytes } from "~/lib/bounded-body.server";

import { isUpload } from "./http-server";

/**
 * The page routes' handler for Express: React Router's, fed and answered the way
 * `@react-router/express` does it, with what the edge owes every page and every future one:
 * - an address with a malformed escape (`/%E0%A4%A`) is 400;
 * - a method the route does not serve (OPTIONS, TRACE, PUT, a POST where there is no action)
 *   is 405 with `Allow`, before the router runs (nothing to log);
 * - a POST's body is read within a bound and must be a form the router can read: otherwise 400
 *   (415 for another type, 413 past the bound), whichever action it was for. The private
 *   page's photo uploads (`isUpload`) stream to their own bounded reader;
 * - a route's own header replaces the app's default of that name (one `X-Content-Type-Options`
 *   even when a route sends its own); only `Set-Cookie` adds up.
 */

const formTypes = /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/** The router context of a request; the build it is for names the keys (entry.server.tsx). */
type LoadContextOf = (req: express.Request, build: ServerBuild) => RouterContextProvider;

interface PageRequestOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: LoadContextOf;
}

/** The route tree as `matchRoutes` reads it, built once per build. */
const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();

function routeTreeOf(build: ServerBuild): RouteObject[] {
  const known = routeTrees.get(build);
  if (known) return known;
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive },
    );
    children.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) =>
      route.index ? route : { ...route, children: attach(children.get(route.id) ?? []) },
    );
  const tree = attach(children.get(undefined) ?? []);
  routeTrees.set(build, tree);
  return tree;
}

/** The methods the route at `pathname` serves: GET and HEAD if it draws or loads, POST if it acts. */
function allowedMethods(build: ServerBuild, pathname: string): string[] {
  // A data request (`/contact.data`, `/_root.data`) is for the route of its page.
  const page = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const leaf = matchRoutes(routeTreeOf(build), page)?.at(-1)?.route.id;
  const module = leaf ? build.routes[leaf]?.module : undefined;
  if (!module) return ["GET", "HEAD"];
  const methods = module.default || module.loader ? ["GET", "HEAD"] : [];
  if (module.action) methods.push("POST");
  return methods;
}

/** Whether each segment of the path decodes (the router warns of, and 404s, one that does not). */
function isReadablePath(path: string): boolean {
  try {
    for (const segment of path.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

function plainAnswer(res: express.Response, status: number, text: string) {
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(text);
}

type BodyRead =
  | { ok: true; body: Uint8Array<ArrayBuffer> }
  | { ok: false; status: 400 | 413 | 415; text: string };

/**
 * A form's body, read within the bound whatever `Content-Length` claims; the rest is read and
 * dropped, so the client gets the answer rather than a connection closed under it.
 */
async function readFormBody(req: express.Request): Promise<BodyRead> {
  const type = req.get("content-type") ?? "";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size <= formBodyLimitBytes) chunks.push(chunk);
  }
  if (size > formBodyLimitBytes) {
    return {
      ok: false,
      status: 413,
      text: `The form is larger than ${formBodyLimitBytes / 1024} KB`,
    };
  }
  if (!formTypes.test(type)) {
    return {
      ok: false,
      status: 415,
      text: "Send the form as application/x-www-form-urlencoded or multipart/form-data",
    };
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    await new Response(body, { headers: { "Content-Type": type } }).formData();
  } catch {
    return { ok: false, status: 400, text: "The form could not be read" };
  }
  return { ok: true, body };
}

function headersOf(req: express.Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** The request's address, built as `@react-router/express` builds it. */
function urlOf(req: express.Request): string {
  const [, forwardedPort] = req.app.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((text) => Number.parseInt(text ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`).href;
}

async function sendResponse(
  res: express.Response,
  response: Response,
  allow: () => Promise<string>,
) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (response.status === 405 && !response.headers.has("allow"))
    res.setHeader("Allow", await allow());
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

export function pageRequestHandler({
  build,
  mode,
  getLoadContext,
}: PageRequestOptions): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  const currentBuild = typeof build === "function" ? build : () => Promise.resolve(build);

  return async (req, res, next) => {
    try {
      if (!isReadablePath(req.path)) {
        plainAnswer(res, 400, "The address could not be read");
        return;
      }
      const method = req.method.toUpperCase();
      const allowed = async () => allowedMethods(await currentBuild(), req.path);
      if (method !== "GET" && method !== "HEAD") {
        const methods = await allowed();
        if (!methods.includes(method)) {
          res.set("Allow", methods.join(", "));
          plainAnswer(res, 405, "Method Not Allowed");
          return;
        }
      }
      let body: BodyInit | undefined;
      if (method === "POST") {
        if (isUpload(req)) {
          body = createReadableStreamFromReadable(req);
        } else {
          const read = await readFormBody(req);
          if (!read.ok) {
            plainAnswer(res, read.status, read.text);
            return;
          }
          body = read.body;
        }
      }
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(urlOf(req), {
        method,
        headers: headersOf(req),
        signal: controller.signal,
        ...(body === undefined ? {} : { body, duplex: "half" as const }),
      });
      const response = await handle(request, getLoadContext(req, await currentBuild()));
      await sendResponse(res, response, async () => (await allowed()).join(", "));
    } catch (error) {
      next(error);
    }
  };
}
