// `npm test`: the static checks, a fresh production build (made with fake secrets) and the scan
// of its client files, the unit and server tests (Vitest, drawing that build's pages), then the
// Chromium journeys (Playwright). Ends with one "N passed, N failed" line.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statfsSync } from "node:fs";

// Each phase's time, printed at the end so the next person sees where the run goes.
const phases = [];
const runStarted = Date.now();

/**
 * The tests' temporary folders in memory, where the machine has a tmpfs and no TMPDIR was
 * chosen. Every PGlite test server starts on a fresh copy of a migrated database (972 files,
 * 39 MB) that is removed again after its file: on this VM's disk a copy took 1.3 s and 2
 * CPU-seconds, on /dev/shm 0.08 s and 0.13 (a PGlite test server's whole start 1.8 s → 0.7 s).
 */
function memoryTmpdir() {
  const tmpfsMagic = 0x01021994;
  if (process.env.TMPDIR) return null;
  try {
    if (statfsSync("/dev/shm").type !== tmpfsMagic) return null;
    return mkdtempSync("/dev/shm/appliance-repair-tests-");
  } catch {
    return null;
  }
}
const testTmpdir = memoryTmpdir();
// Every phase below inherits it (each starts with this process's environment).
if (testTmpdir) process.env.TMPDIR = testTmpdir;

function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  process.stdout.write(result.stdout ?? "");
  process.stderr.write(result.stderr ?? "");
  const phase = [command === "npx" ? "" : command, ...args]
    .filter((part) => part && !part.startsWith("--exclude") && !part.includes("/"))
    .join(" ")
    .trim();
  phases.push({ phase, seconds: (Date.now() - started) / 1000 });
  // Vitest writes its failed tests' details to stderr: both are read for "What failed".
  return { ok: result.status === 0, output: `${result.stdout ?? ""}\n${result.stderr ?? ""}` };
}

// eslint-disable-next-line no-control-regex -- strips the runners' colour codes
const strip = (text) => text.replace(/\u001b\[[0-9;]*m/g, "");
let passed = 0;
let failed = 0;
// What failed, repeated just above the last line: a long log is often read from its end only.
const failures = [];

// The static checks: React Router's route types first (tsc reads them), then the type check,
// the linter, the formatter and the build side by side (each uses about one core; one after
// another they took ~115 s of a slow day's run, the build another 18-34 s).
function runConcurrently(commands) {
  const started = Date.now();
  return Promise.all(
    commands.map(
      ([command, args, env = {}]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, {
            stdio: ["ignore", "pipe", "pipe"],
            env: { ...process.env, ...env },
          });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (status) => {
            process.stdout.write(output);
            const phase = `${[command === "npx" ? "" : command, ...args].join(" ").trim()} (side by side)`;
            phases.push({ phase, seconds: (Date.now() - started) / 1000 });
            resolve({ command, args, ok: status === 0 });
          });
        }),
    ),
  );
}
// The build is made with a fake value for every secret the server knows, and its client files
// are then scanned for them and for server-only code (scripts/client-build-scan.test.ts). Only
// the build's own process gets them: the journeys' server starts later with its own env.
const buildSecrets = JSON.parse(
  readFileSync(new URL("./build-secrets.json", import.meta.url), "utf8"),
);
const messages = run("node", ["scripts/messages.js"]);
const typegen = run("npx", ["react-router", "typegen"]);
const [build, ...checkResults] = await runConcurrently([
  ["npm", ["run", "build", "--silent"], buildSecrets],
  ["npx", ["tsc", "--noEmit"]],
  ["npx", ["eslint", "."]],
  ["npx", ["prettier", "--check", "."]],
]);
for (const { command, args, ok } of [
  { command: "node", args: ["scripts/messages.js"], ...messages },
  { command: "npx", args: ["react-router", "typegen"], ...typegen },
  ...checkResults,
]) {
  if (!ok) {
    console.log(`${command} ${args.join(" ")} failed`);
    failures.push(`${command} ${args.join(" ")} failed`);
    failed += 1;
  }
}
if (!build.ok) failed += 1;

// Files whose tests wait on time-outs and stop servers on purpose (a 1 s request time-out, a
// graceful stop, a crash): they run after the rest, so that the rest's work on the same two
// cores cannot make a time-out fire early, and one file at a time (two at a time took 40 s
// against 68 s, but a fresh-clone run of that failed two of them on a busy hour).
const timedFiles = [
  "server/reliability/",
  "server/http-server.test.ts",
  "server/geo/location-service.test.ts",
];
// Every page drawn with React's development build and its warnings (the rest draw with the
// production build, as the server does: vitest.config.ts), in the second pass, with its files.
const developmentReactFiles = ["server/pages-in-development.test.ts"];
const vitestRuns = [
  {
    args: [
      "vitest",
      "run",
      ...[...timedFiles, ...developmentReactFiles].flatMap((file) => [
        "--exclude",
        `${file}${file.endsWith("/") ? "**" : ""}`,
      ]),
    ],
    env: {},
  },
  {
    args: ["vitest", "run", "--maxWorkers=1", ...timedFiles, ...developmentReactFiles],
    env: { TEST_REACT_BUILD: "development" },
  },
];
function tallyVitest(args, env = {}) {
  const unit = run("npx", args, env);
  const unitOutput = strip(unit.output);
  const unitFailed = Number(/Tests\s+(\d+) failed/.exec(unitOutput)?.[1] ?? 0);
  passed += Number(/Tests\s+(?:\d+ failed \| )?(\d+) passed/.exec(unitOutput)?.[1] ?? 0);
  failed += unitFailed || (unit.ok ? 0 : 1);
  const failedBlock = /Failed Tests? \d+[\s\S]*?(?=\n\s*Test Files|$)/.exec(unitOutput)?.[0];
  if (failedBlock) failures.push(...failedBlock.split("\n").slice(0, 120));
  else if (!unit.ok) failures.push(`vitest ${args.slice(1).join(" ")} did not finish cleanly`);
}

if (build.ok) {
  tallyVitest(["vitest", "run", "--config", "vitest.client-build.config.ts"]);
}

// The server tests draw the pages of the build just made (server/test-support/pages-build.ts)
// rather than making a second one of the same sources.
for (const { args, env } of vitestRuns) {
  tallyVitest(args, { ...(build.ok ? { PAGES_BUILD_FROM: "build" } : {}), ...env });
}

if (build.ok) {
  const e2e = run("npx", ["playwright", "test"]);
  const e2eOutput = strip(e2e.output);
  passed += Number(/(\d+) passed/.exec(e2eOutput)?.[1] ?? 0);
  const e2eFailed = Number(/(\d+) failed/.exec(e2eOutput)?.[1] ?? 0);
  failed += e2eFailed || (e2e.ok ? 0 : 1);
  failures.push(
    ...e2eOutput
      .split("\n")
      .filter((line) => /✘|^\s+\[(?:chromium|headless-shell)\] ›|flaky/.test(line)),
  );
}
if (!build.ok) failures.push("npm run build failed");

if (testTmpdir) rmSync(testTmpdir, { recursive: true, force: true, maxRetries: 3 });

const total = (Date.now() - runStarted) / 1000;
console.log(
  `\nWhere the time went (${Math.round(total)} s):\n${phases
    .map(({ phase, seconds }) => `  ${String(Math.round(seconds)).padStart(5)} s  ${phase}`)
    .join("\n")}`,
);
if (failures.length > 0) console.log(`\nWhat failed:\n${failures.join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
