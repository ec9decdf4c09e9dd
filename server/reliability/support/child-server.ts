import { spawn } from "node:child_process";
import { readdirSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { bundleServerEntry } from "../../../scripts/server-bundle.js";

const entry = fileURLToPath(new URL("../child-server.ts", import.meta.url));
const root = fileURLToPath(new URL("../../..", import.meta.url));

let bundle: Promise<string> | undefined;

/**
 * child-server.ts bundled as the production launcher is (scripts/server-bundle.js), once per
 * process: each start then loads one file where `--import tsx` compiled and loaded the sources
 * module by module (5.1 against 7.5-8.1 CPU-seconds to "Serving on" on a slow day; the crash
 * test starts one or more per cycle). Under node_modules, so that its packages resolve as they
 * do from build/server/.
 */
function childServerBundle(): Promise<string> {
  bundle ??= (async () => {
    const folder = path.join(root, "node_modules/.cache/child-server");
    const outfile = path.join(folder, `${process.pid}.mjs`);
    await bundleServerEntry(entry, outfile);
    // A worker stopped by its runner leaves its copy: none an hour old is still starting servers.
    for (const name of readdirSync(folder)) {
      const other = path.join(folder, name);
      if (Date.now() - statSync(other).mtimeMs > 60 * 60 * 1000) rmSync(other, { force: true });
    }
    return outfile;
  })();
  return bundle;
}

export interface ChildServer {
  baseUrl: string;
  pid: number;
  /** Every line it wrote to stdout and stderr so far. */
  output: string[];
  /** Settles when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/** A port that was free a moment ago, so a server restarted on it keeps its address. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The server in its own process (server/reliability/child-server.ts: what server/main.ts runs,
 * without pages), on 127.0.0.1:`port`; resolves once it listens. Port 0 takes a free one, read
 * back from its "Serving on" line; a test that restarts a server on the same address picks one
 * first with `freePort()`.
 */
export async function startChildServer(
  port: number,
  env: Record<string, string>,
  { startTimeoutMs = 30_000 } = {},
): Promise<ChildServer> {
  const child = spawn(process.execPath, [await childServerBundle()], {
    // The committed migrations are found from the repository's root (server/db/database.ts).
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      // The tests book one window again and again: they are about losing nothing, not places.
      WINDOW_CAPACITY: "100000",
      // They book fixed dates years ahead (test-support/fixtures.ts).
      BOOKING_DAYS_AHEAD: "3650",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not listen:\n${output.join("\n")}`)),
      startTimeoutMs,
    );
    const onLine = (line: string) => {
      output.push(line);
      const serving = /^Serving on https?:\/\/[^/]*:(\d+)/.exec(line);
      if (serving) {
        clearTimeout(timer);
        resolve(Number(serving[1]));
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let partial = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const lines = (partial + chunk).split("\n");
        partial = lines.pop() ?? "";
        lines.forEach(onLine);
      });
    }
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code ?? signal}):\n${output.join("\n")}`));
    });
  });
  const listenedOn = await listening;
  return {
    baseUrl: `http://127.0.0.1:${listenedOn}`,
    pid: child.pid ?? 0,
    output,
    exited,
    kill: (signal) => {
      child.kill(signal);
    },
  };
}
