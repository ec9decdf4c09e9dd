import type { StateSlug } from "~/content/states";

import { newLeadsChannel, requestChangesChannel } from "../db/notifications";
import type { LiveStream } from "./live-hub";

/**
 * The two kinds of live stream the hub (`./live-hub.ts`) serves, as the routes open them: what
 * each hears, the event it sends, how soon its browser comes back and what bounds it.
 */

/**
 * How many streams one session may hold at once: a few desk tabs. A sixth is refused, so one
 * stolen or buggy session cannot pile up connections.
 */
export const maxStreamsPerSession = 5;

/** How many open pages may follow one request: anyone with the link may open one. */
export const maxStreamsPerRequest = 3;

/**
 * How many homeowners' pages one client (an address, an IPv6 client by its /64, as every limit
 * knows it) may follow at once, whatever their links: a household's phones and tabs, not a script
 * holding hundreds of links open.
 */
export const maxStreamsPerClient = 6;

/** How many homeowners' pages the process follows at once, whatever their requests. */
export const maxRequestPageStreams = 500;

/** A homeowner's stream ends after this long, and the browser opens a new one. */
const requestPageLifetimeMs = 15 * 60_000;

export interface DeskStreamRequest {
  staffId: string;
  sessionId: string;
  /** The offices whose news the person hears. */
  offices: readonly StateSlug[];
  /** Whether the session still grants the stream (`sessionStillGrants`). */
  stillGranted(): Promise<boolean>;
}

/**
 * A signed-in person's stream (the inbox, a lead page, the board, My day): "lead" when one of
 * their offices has news; it lives no longer than the session and the person's access.
 */
export function deskStream(request: DeskStreamRequest): LiveStream {
  return {
    hears: request.offices.map((office) => ({ channel: newLeadsChannel, payload: office })),
    event: "lead",
    retryMs: 2_000,
    caps: [
      {
        counts: `session:${request.sessionId}`,
        max: maxStreamsPerSession,
        refusal: `This session already has ${maxStreamsPerSession} live desk tabs open. Close one, then reload.`,
      },
    ],
    owner: { staffId: request.staffId, sessionId: request.sessionId },
    stillGranted: () => request.stillGranted(),
  };
}

const tooManyRequestPages = "Too many pages follow this request live. Reload to see it.";

/**
 * A homeowner's private page (its link was checked), opened from `client` (the address as
 * ../api/router.ts `clientAddress` gives it): "change" when its request changes.
 */
export function requestPageStream(requestId: string, client: string): LiveStream {
  return {
    hears: [{ channel: requestChangesChannel, payload: requestId }],
    event: "change",
    retryMs: 5_000,
    caps: [
      {
        counts: `request:${requestId}`,
        max: maxStreamsPerRequest,
        refusal: tooManyRequestPages,
      },
      {
        counts: `client:${client}`,
        max: maxStreamsPerClient,
        refusal:
          "Too many live pages are open from your connection. Close one, then reload this page.",
      },
      { counts: "request-pages", max: maxRequestPageStreams, refusal: tooManyRequestPages },
    ],
    lifetimeMs: requestPageLifetimeMs,
  };
}
