import { afterEach, expect, test, vi } from "vitest";

import { waitUntil } from "../test-support/fixtures";
import { LeaseQueue, retryDelayMs, type LeaseQueueOptions } from "./lease-queue";

const queues: LeaseQueue[] = [];

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.close()));
  vi.restoreAllMocks();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A queue of numbers in memory: `claim` takes up to `batchSize` due rows, `deliver` records one;
 * `batches` is how many each batch claimed.
 */
function memoryQueue(options: Partial<LeaseQueueOptions> & { batchSize?: number } = {}) {
  const batchSize = options.batchSize ?? 2;
  const due: number[] = [];
  const delivered: number[] = [];
  const batches: number[] = [];
  const state = { down: false, deliver: async (row: number) => void delivered.push(row) };
  const claim = async () => {
    if (state.down) throw new Error("connection refused");
    return due.splice(0, batchSize);
  };
  const queue = new LeaseQueue({
    async runBatch() {
      const rows = await claim();
      batches.push(rows.length);
      for (const row of rows) await state.deliver(row);
      return rows.length;
    },
    batchSize,
    pollMs: 60_000,
    nudgeDelayMs: 5,
    failureLine: (error) => `Jobs: cannot claim: ${error instanceof Error ? error.message : error}`,
    recoveryLine: "Jobs: the database answers again",
    ...options,
  });
  queues.push(queue);
  return { queue, due, delivered, batches, state };
}

test("a full batch runs the next one at once, not at the next poll", async () => {
  const { queue, due, delivered, batches } = memoryQueue({ batchSize: 2, pollMs: 60_000 });
  due.push(1, 2, 3, 4, 5);
  queue.start();
  await waitUntil(() => delivered.length === 5, 2_000);
  expect(delivered).toEqual([1, 2, 3, 4, 5]);
  // Two full batches, then one that was not full: the poll ends there.
  expect(batches).toEqual([2, 2, 1]);
});

test("a failing claim is logged once, and its recovery once", async () => {
  const errors: string[] = [];
  const warnings: string[] = [];
  vi.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line));
  vi.spyOn(console, "warn").mockImplementation((line: string) => void warnings.push(line));
  const { queue, due, delivered, batches, state } = memoryQueue({ pollMs: 5 });
  state.down = true;
  queue.start();
  // Several polls fail while the database is away.
  await sleep(60);
  expect(batches).toEqual([]);
  expect(errors).toEqual(["Jobs: cannot claim: connection refused"]);
  expect(warnings).toEqual([]);

  due.push(7);
  state.down = false;
  // Several polls go through once it is back.
  await waitUntil(() => batches.length >= 3, 2_000);
  expect(delivered).toEqual([7]);
  expect(errors).toEqual(["Jobs: cannot claim: connection refused"]);
  expect(warnings).toEqual(["Jobs: the database answers again"]);
});

test("close() waits for the batch in flight, and no batch starts after it", async () => {
  const { queue, due, delivered, batches, state } = memoryQueue({ batchSize: 1 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const deliver = state.deliver;
  state.deliver = async (row) => {
    await released;
    await deliver(row);
  };
  // Three rows in batches of one: each full batch would start the next at once.
  due.push(1, 2, 3);
  queue.start();
  await waitUntil(() => batches.length === 1, 2_000);

  let closed = false;
  const closing = queue.close().then(() => (closed = true));
  await sleep(30);
  expect(closed).toBe(false);
  release();
  await closing;
  expect(delivered).toEqual([1]);
  await sleep(30);
  expect(batches).toEqual([1]);
  expect(due).toEqual([2, 3]);
});

test("a nudge looks soon; after close() it does nothing", async () => {
  const { queue, due, delivered, batches } = memoryQueue({ pollMs: 60_000, nudgeDelayMs: 5 });
  queue.start();
  await waitUntil(() => batches.length === 1, 2_000);
  due.push(1);
  queue.nudge();
  await waitUntil(() => delivered.includes(1), 2_000);

  await queue.close();
  due.push(2);
  queue.nudge();
  await sleep(50);
  expect(batches).toEqual([0, 1]);
  expect(delivered).toEqual([1]);
});

test("drain() runs batches until one claims nothing", async () => {
  const { queue, due, delivered, batches } = memoryQueue({ batchSize: 2 });
  due.push(1, 2, 3, 4);
  await queue.drain();
  expect(delivered).toEqual([1, 2, 3, 4]);
  expect(batches).toEqual([2, 2, 0]);
});

test("a row falling due later (a back-off, an evening's reminder) is looked at then, not at the next poll", async () => {
  const dueAt = Date.now() + 300;
  const { queue, due, delivered } = memoryQueue({
    pollMs: 60_000,
    nextDueInMs: async () => (delivered.length === 0 ? dueAt - Date.now() : null),
  });
  // The row is there by the time it says it is due (the poll is a minute away).
  setTimeout(() => due.push(7), 250);
  queue.start();
  await waitUntil(() => delivered.length === 1, 5_000);
  expect(delivered).toEqual([7]);
});

for (const [what, claims] of [
  ["could not take (another process holds it)", 0],
  ["put back as it was (a check that failed)", 1],
] as const) {
  test(`a row due already that a look ${what} waits for the poll: the queue never spins on it`, async () => {
    let looks = 0;
    const queue = new LeaseQueue({
      async runBatch() {
        looks += 1;
        return claims;
      },
      nextDueInMs: async () => -5,
      batchSize: 2,
      pollMs: 200,
      nudgeDelayMs: 5,
      failureLine: () => "Jobs: cannot claim",
    });
    queues.push(queue);
    queue.start();
    await sleep(1_000);
    // The first look and one a poll (200 ms): a spin at the nudge's 5 ms would be ~200.
    expect(looks).toBeGreaterThanOrEqual(3);
    expect(looks).toBeLessThanOrEqual(8);
  });
}

test("retryDelayMs doubles from the base, stops at the cap, and spreads by up to a quarter", () => {
  vi.spyOn(Math, "random").mockReturnValue(0.999_999);
  expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 1_000, 5_000))).toEqual([
    1_000, 2_000, 4_000, 5_000,
  ]);
  vi.spyOn(Math, "random").mockReturnValue(0);
  expect(retryDelayMs(2, 1_000, 5_000)).toBe(1_500);
});
