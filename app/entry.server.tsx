import { PassThrough } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";

import { cspNoncePlaceholder } from "./lib/csp";
import { requestErrorLine } from "./lib/log-line";
import { pageCachePolicyOf } from "./lib/page-cache";

export const streamTimeout = 5_000;

/** Whether the page rendered opted in to the page cache: the same HTML for every visitor. */
function isSharedPage({ staticHandlerContext, routeModules }: EntryContext) {
  const leaf = staticHandlerContext.matches.at(-1);
  return leaf !== undefined && pageCachePolicyOf(routeModules[leaf.route.id]?.handle) !== undefined;
}

/**
 * What the router logs of an error in a loader, an action or a render: nothing for an answer
 * to the visitor's own mistake (a 404, a 400 a route threw) or for a visitor who left; one line
 * otherwise, never a stack, so a flood of bad requests cannot flood the log.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(requestErrorLine(request.method, request.url, error));
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and the render cache want whole pages; browsers too: pages have no slow data.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={cspNoncePlaceholder} />,
      {
        nonce: cspNoncePlaceholder,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Pages depend on the visitor's detected state and carry a per-response nonce; a page
          // that did not opt in to the page cache may read a token or the database: kept nowhere.
          responseHeaders.set(
            "Cache-Control",
            isSharedPage(routerContext) ? "private, no-cache" : "no-store",
          );
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(requestErrorLine(request.method, request.url, error));
        },
      },
    );
  });
}

// The server puts its services in the router context under this key (server/app.ts).
export { servicesContext } from "./services.server";
