/**
 * The private page's budgets: what one request, and one client address across requests, may
 * change or add in a day, and the one upload a request takes at a time. Kept in the rate-limit
 * table (one atomic upsert per count), so they hold across every server process sharing the
 * database and under any number of requests at once.
 */
import { and, eq, sql } from "drizzle-orm";

import type { Database } from "../db/database";
import { returnedRows } from "../db/json-rows";
import { rateLimitWindows } from "../db/schema";

/** Moves and cancels of one request, and from one address across requests, in 24 hours. */
export const changesPerDay = 5;
/** Photos added from one address across requests in 24 hours (a request holds `maxPhotos`). */
export const photosPerAddressPerDay = 20;

const daySeconds = 24 * 60 * 60;
/**
 * How long an upload holds its request's turn at most: longer than an upload may take to
 * arrive (HTTP_UPLOAD_TIMEOUT_MS, 5 minutes) and be decoded. A process that dies mid-upload
 * leaves a turn that ends by itself then.
 */
const uploadTurnSeconds = 15 * 60;
/** A refused upload may try again soon: the other one is usually done in seconds. */
const uploadTurnRetrySeconds = 30;

export type Refused = { ok: false; retryAfterSeconds: number };

/** A part of a budget taken: given back when what it was taken for did not happen. */
export type Taken = { ok: true; giveBack(): Promise<void> };

/**
 * Photos taken from an address's day: `count` of them, some given back once the upload is read;
 * the day ends in `retryAfterSeconds`.
 */
export type TakenPhotos = {
  ok: true;
  count: number;
  retryAfterSeconds: number;
  giveBack(count: number): Promise<void>;
};

interface Window {
  hits: number;
  /** The window's start, exactly as stored (microseconds), to give back to that window only. */
  startedAt: string;
  secondsLeft: number;
}

/**
 * Adds `amount` to `bucket`'s window (a new window once the last one ended): one statement, so
 * of any number of callers at once each sees the total its own amount made.
 */
async function add(
  db: Database,
  bucket: string,
  amount: number,
  windowSeconds: number,
): Promise<Window> {
  const started = rateLimitWindows.windowStartedAt;
  const ended = sql`${started} <= now() - ${windowSeconds} * interval '1 second'`;
  const [window] = returnedRows<{ hits: number; started_at: string; seconds_left: number }>(
    await db.execute(sql`
      insert into ${rateLimitWindows} (bucket, window_started_at, hits)
      values (${bucket}, now(), ${amount})
      on conflict (bucket) do update set
        hits = case when ${ended} then ${amount} else ${rateLimitWindows.hits} + ${amount} end,
        window_started_at = case when ${ended} then now() else ${started} end
      returning hits, window_started_at::text as started_at,
        ceil(extract(epoch from (window_started_at + ${windowSeconds} * interval '1 second' - now())))::int as seconds_left`),
  );
  if (!window) throw new Error("The page budget's counter returned no row");
  return {
    hits: Number(window.hits),
    startedAt: window.started_at,
    secondsLeft: Math.max(1, Number(window.seconds_left)),
  };
}

/** Takes `amount` back off the window it was added to (nothing once that window ended). */
async function subtract(db: Database, bucket: string, window: Window, amount: number) {
  if (amount <= 0) return;
  await db
    .update(rateLimitWindows)
    .set({ hits: sql`greatest(${rateLimitWindows.hits} - ${amount}, 0)` })
    .where(
      and(
        eq(rateLimitWindows.bucket, bucket),
        sql`${rateLimitWindows.windowStartedAt} = ${window.startedAt}::timestamptz`,
      ),
    );
}

export class PageBudgets {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Takes `amount` of `max` from `bucket`'s day, or nothing when that would go past it. */
  async #take(bucket: string, max: number, windowSeconds = daySeconds) {
    const window = await add(this.#db, bucket, 1, windowSeconds);
    const giveBack = () => subtract(this.#db, bucket, window, 1);
    if (window.hits <= max) return { ok: true as const, giveBack };
    await giveBack();
    return { ok: false as const, retryAfterSeconds: window.secondsLeft };
  }

  /**
   * One change (a move or a cancel) of request `requestId` from `client`: counted before it is
   * made (increment, then compare), so concurrent changes cannot pass the budget together.
   */
  async takeChange(requestId: string, client: string): Promise<Taken | Refused> {
    const ofRequest = await this.#take(`page-change-request ${requestId}`, changesPerDay);
    if (!ofRequest.ok) return ofRequest;
    const ofClient = await this.#take(`page-change-client ${client}`, changesPerDay);
    if (!ofClient.ok) {
      await ofRequest.giveBack();
      return ofClient;
    }
    return {
      ok: true,
      async giveBack() {
        await Promise.all([ofRequest.giveBack(), ofClient.giveBack()]);
      },
    };
  }

  /**
   * Up to `wanted` photos from `client`'s day, taken before the upload is read (so uploads at
   * once from one address cannot pass it together): as many as are left, or a refusal when
   * none is. The caller gives back what the upload did not use.
   */
  async takePhotos(client: string, wanted: number): Promise<TakenPhotos | Refused> {
    const bucket = `page-photos-client ${client}`;
    const window = await add(this.#db, bucket, wanted, daySeconds);
    const over = Math.max(0, window.hits - photosPerAddressPerDay);
    const count = Math.max(0, wanted - over);
    const giveBack = (amount: number) => subtract(this.#db, bucket, window, amount);
    await giveBack(wanted - count);
    if (count === 0) return { ok: false, retryAfterSeconds: window.secondsLeft };
    return { ok: true, count, retryAfterSeconds: window.secondsLeft, giveBack };
  }

  /**
   * The request's one upload at a time, across processes: the turn is a window of one; the
   * upload gives it back when it ends, however it ends.
   */
  async takeUploadTurn(requestId: string): Promise<Taken | Refused> {
    const bucket = `page-upload-turn ${requestId}`;
    const window = await add(this.#db, bucket, 1, uploadTurnSeconds);
    if (window.hits > 1) {
      await subtract(this.#db, bucket, window, 1);
      return { ok: false, retryAfterSeconds: uploadTurnRetrySeconds };
    }
    return { ok: true, giveBack: () => subtract(this.#db, bucket, window, 1) };
  }
}
