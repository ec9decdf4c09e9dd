/**
 * The lifecycle every job queue of ours shares (the outbox's emails, the texts table), written
 * once: a poll timer, a nudge that looks sooner, batch after batch while a full batch came back,
 * one line when the database fails and one when it answers again, `drain` for tests, and `close`,
 * which stops the timer and waits for the batch in flight (drain on stop). What a batch is
 * (claiming due rows with a lease and `FOR UPDATE SKIP LOCKED`, sending each, recording how it
 * went) is the queue's own `runBatch`; `retryDelayMs` is the back-off both use after a failure.
 */

export interface LeaseQueueOptions {
  /** Claims and sends one batch of due rows; returns how many it claimed. Throws when it cannot. */
  runBatch: () => Promise<number>;
  /** A batch that claimed this many may have left more due: the next one runs at once. */
  batchSize: number;
  /** The longest the queue waits between looks, whatever `nextDueInMs` said. */
  pollMs: number;
  /**
   * How soon the next row falls due (a retry's back-off, an evening's reminder, a lease that runs
   * out), in milliseconds; null when none waits. Asked after each look: the queue looks again
   * then, or at `pollMs` if sooner. New rows wake it through `nudge`.
   */
  nextDueInMs?: () => Promise<number | null>;
  /** How long a nudge waits, so that a burst's rows go out in a few batches. */
  nudgeDelayMs: number;
  /** True while the process is busy answering visitors: a batch waits, at most `maxYieldMs`. */
  busy?: () => boolean;
  maxYieldMs?: number;
  /** Logged (`console.error`) when a batch throws; once per outage, not at every poll. */
  failureLine: (error: unknown) => string;
  /** Logged (`console.warn`) when a batch goes through after an outage; nothing when unset. */
  recoveryLine?: string;
}

/** Exponential backoff after the nth failed attempt, capped, with jitter so retries spread. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.75 + Math.random() * 0.25));
}

export class LeaseQueue {
  readonly #options: LeaseQueueOptions;
  #timer: NodeJS.Timeout | undefined;
  #timerDueAt = Number.POSITIVE_INFINITY;
  #running: Promise<void> | undefined;
  /** A nudge came while a poll ran: look again soon after it rather than at the next poll. */
  #runAgain = false;
  #started = false;
  #closed = false;
  #failing = false;
  /** The last look found a row due already and asked for one more look soon. */
  #lookedAgainForDue = false;

  constructor(options: LeaseQueueOptions) {
    this.#options = options;
  }

  /** Starts polling. */
  start(): void {
    if (this.#closed || this.#started) return;
    this.#started = true;
    this.#schedule(0);
  }

  /** Looks at the queue soon rather than at the next poll (called after an enqueue). */
  nudge(): void {
    if (!this.#started || this.#closed) return;
    if (this.#running) this.#runAgain = true;
    else this.#schedule(this.#options.nudgeDelayMs);
  }

  /** Runs batches until nothing is due (tests and the bench). */
  async drain(): Promise<void> {
    while ((await this.#options.runBatch()) > 0) {
      // keep going
    }
  }

  /** Stops polling and waits for the batch in flight; no batch starts after it. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Polls after `delayMs`, unless a poll is already due sooner. */
  #schedule(delayMs: number): void {
    if (this.#closed) return;
    const dueAt = Date.now() + delayMs;
    if (this.#timer && dueAt >= this.#timerDueAt) return;
    clearTimeout(this.#timer);
    this.#timerDueAt = dueAt;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerDueAt = Number.POSITIVE_INFINITY;
      void this.#poll();
    }, delayMs);
  }

  async #poll(): Promise<void> {
    if (this.#running) {
      this.#runAgain = true;
      return;
    }
    // `close` waits for the look and for the question of when to look next.
    const look = this.#runWhileDue().then(() => this.#nextLookInMs());
    this.#running = look.then(() => undefined);
    const nextLookInMs = await look;
    this.#running = undefined;
    const again = this.#runAgain;
    this.#runAgain = false;
    this.#schedule(again ? this.#options.nudgeDelayMs : nextLookInMs);
  }

  /**
   * When to look again: when the next row falls due, at most `pollMs` from now. A row due already
   * may have fallen due while this look ran (a short back-off on a busy machine): one more look
   * soon. Due already after that, it is one no look can take (another process holds it, or a
   * failed check put it back as it was): the poll comes back for it, so a row nobody can send
   * never keeps the queue looking.
   */
  async #nextLookInMs(): Promise<number> {
    const { nextDueInMs, nudgeDelayMs, pollMs } = this.#options;
    if (!nextDueInMs || this.#closed || this.#failing) return pollMs;
    try {
      const dueInMs = await nextDueInMs();
      if (dueInMs !== null && dueInMs <= 0) {
        const again = !this.#lookedAgainForDue;
        this.#lookedAgainForDue = true;
        return again ? nudgeDelayMs : pollMs;
      }
      this.#lookedAgainForDue = false;
      return dueInMs === null ? pollMs : Math.min(pollMs, Math.ceil(dueInMs));
    } catch {
      // The batch's own failure line speaks for the database; the poll looks again.
      return pollMs;
    }
  }

  async #runWhileDue(): Promise<void> {
    const { runBatch, batchSize, failureLine, recoveryLine } = this.#options;
    try {
      while (!this.#closed) {
        await this.#yieldToVisitors();
        if (this.#closed || (await runBatch()) < batchSize) break;
        // a full batch: more may be due
      }
      if (this.#failing && recoveryLine) console.warn(recoveryLine);
      this.#failing = false;
    } catch (error) {
      if (!this.#failing) console.error(failureLine(error));
      this.#failing = true;
    }
  }

  /**
   * Waits while visitors' requests are being written, at most `maxYieldMs`. A batch takes the
   * same process (and, on the embedded database, the same thread) as answering visitors; during
   * a burst the rows go out just after it instead of in between.
   */
  async #yieldToVisitors(): Promise<void> {
    const { busy, maxYieldMs = 0 } = this.#options;
    if (!busy) return;
    const until = Date.now() + maxYieldMs;
    while (!this.#closed && busy() && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
