import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";

export async function waitForUrl(url: string, child?: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

export function startNode(script: string, args: string[], env: Record<string, string>) {
  return spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * The Node flags `npm start` runs the production server with (package.json is their one home):
 * one V8 helper thread (each thread's malloc arena kept tens of megabytes), a small young
 * generation and a slower-growing heap (README, "A server for a 512 MB instance").
 */
export function productionNodeFlags(): string[] {
  const scripts = (
    JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }
  ).scripts;
  const flags = /\bnode((?: --\S+)*) build\/server\/main\.js/.exec(scripts.start)?.[1] ?? "";
  return flags.split(" ").filter(Boolean);
}

/**
 * The production build, run as `npm start` runs it. `SERVER_NODE_FLAGS` adds flags of one's own
 * (say `--cpu-prof --cpu-prof-dir=/tmp/profile`, which NODE_OPTIONS does not take).
 */
export function startServer(env: Record<string, string>, output: "ignore" | "inherit" = "ignore") {
  const extraFlags = (process.env.SERVER_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  // As `npm start` sets them: glibc's malloc arenas, one per thread that decodes a photo, kept
  // about 170 MB freed after 12 uploads at once (npm run bench:uploads); with a fixed mmap
  // threshold a photo's buffers go back to the system when freed instead of into the heap.
  env = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", ...env };
  return spawn(
    process.execPath,
    [...productionNodeFlags(), ...extraFlags, "build/server/main.js"],
    {
      env: { ...process.env, NODE_ENV: "production", ...env },
      stdio: ["ignore", output, "inherit"],
    },
  );
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  latenciesMs: number[];
}

/** Keeps `connections` keep-alive requests in flight for `seconds`. */
export async function runLoad(
  url: string,
  { connections = 20, seconds = 10 }: { connections?: number; seconds?: number } = {},
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const stopAt = performance.now() + seconds * 1000;
  const latenciesMs: number[] = [];
  let errors = 0;

  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.get(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, agent },
        (response) => {
          response.on("data", () => undefined);
          response.on("end", () => {
            if (response.statusCode === 200) latenciesMs.push(performance.now() - started);
            else errors++;
            resolve();
          });
        },
      );
      request.on("error", () => {
        errors++;
        resolve();
      });
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < stopAt) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: latenciesMs.length,
    errors,
    seconds: elapsed,
    requestsPerSecond: latenciesMs.length / elapsed,
    latenciesMs,
  };
}

export function percentile(values: number[], p: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
