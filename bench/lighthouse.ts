// `npm run bench:lighthouse`: Lighthouse's mobile preset, 5 runs per page (median), against the
// production build; prints scores and metrics and exits non-zero when a budget is missed.
// `npm run bench:lighthouse -- --slow`: the same on a budget phone (the CPU slowed 8× instead of
// 4×), over every public page, against issue 11's budgets for that phone.
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";

import { publicPaths } from "../app/routes/sitemap";
import { chromiumFlags, chromiumPath } from "../e2e/support/chromium";
import { freePort } from "../server/reliability/support/child-server";

import { startNode, waitForUrl } from "./support";

const slow = process.argv.includes("--slow");

const representativePages = [
  "/",
  "/services",
  "/services/refrigerator",
  "/service-areas/texas",
  "/brands",
  "/reviews",
  "/contact",
];
const pages =
  process.env.LIGHTHOUSE_PAGES?.split(",") ?? (slow ? publicPaths : representativePages);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
// A port of its own: on a shared machine a fixed one may be another run's server, measured by mistake.
const port = await freePort();
// Issue 5's budgets for the mobile preset; issue 11's for a budget phone, whose CPU is slower than
// the preset's 4× slow-down: the scores that do not depend on the CPU stay, LCP may reach the
// Web Vitals' "good" limit.
const budgets = slow
  ? {
      performance: 90,
      accessibility: 100,
      "best-practices": 100,
      seo: 100,
      lcpMs: 2500,
      tbtMs: 200,
      cls: 0.05,
    }
  : {
      performance: 95,
      accessibility: 100,
      "best-practices": 100,
      seo: 100,
      lcpMs: 2000,
      tbtMs: 150,
      cls: 0.05,
    };
const cpuSlowdownMultiplier = slow ? 8 : 4;

process.env.CHROME_PATH ??= chromiumPath;
if (!existsSync("build/server/main.js")) execSync("npm run build", { stdio: "inherit" });

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-lighthouse-"));
const server = startNode("build/server/main.js", [], {
  NODE_ENV: "production",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH,
  chromeFlags: ["--headless=new", ...chromiumFlags],
});

/**
 * One Lighthouse run. A run whose trace Chromium failed to record (NO_NAVSTART, seen on a
 * fresh browser's first navigation) has no metrics at all: it is run again, not counted as a
 * page scoring 0.
 */
async function audit(url: string, attemptsLeft = 3): Promise<Result> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    // Lighthouse merges this into the mobile preset's throttling; the network stays the same.
    throttling: { cpuSlowdownMultiplier },
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  const lhr = result?.lhr;
  if (lhr && !lhr.runtimeError) return lhr;
  const reason = lhr?.runtimeError?.code ?? "no result";
  if (attemptsLeft <= 1) throw new Error(`Lighthouse failed on ${url}: ${reason}`);
  console.error(`  (${url}: ${reason}; running again)`);
  return audit(url, attemptsLeft - 1);
}

let missed = 0;
const pageColumn = Math.max(24, ...pages.map((page) => page.length));
// Other work on the machine slows the pages down as much as a slower CPU does: it goes with the figures.
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");
// Lighthouse's own measure of this CPU: figures from machines with different indexes differ.
const benchmarkIndexes: number[] = [];
try {
  await waitForUrl(`http://127.0.0.1:${port}/healthz`, server);
  console.log(
    `Lighthouse mobile, CPU slowed ${cpuSlowdownMultiplier}×, median of ${runs} run(s), ${pages.length} page(s); load average ${loadAverage()}\n`,
  );
  console.log(`${"page".padEnd(pageColumn)}  perf  a11y  best   seo    LCP ms   TBT ms    CLS`);
  for (const page of pages) {
    const samples: Record<string, number[]> = {};
    for (let run = 0; run < runs; run++) {
      const lhr = await audit(`http://127.0.0.1:${port}${page}`);
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      const add = (key: string, value: number) => (samples[key] ??= []).push(value);
      for (const category of ["performance", "accessibility", "best-practices", "seo"]) {
        add(category, Math.round((lhr.categories[category]?.score ?? 0) * 100));
      }
      add("lcpMs", lhr.audits["largest-contentful-paint"]?.numericValue ?? Infinity);
      add("tbtMs", lhr.audits["total-blocking-time"]?.numericValue ?? Infinity);
      add("cls", lhr.audits["cumulative-layout-shift"]?.numericValue ?? Infinity);
    }
    const m = Object.fromEntries(
      Object.entries(samples).map(([key, values]) => [key, median(values)]),
    );
    const fails = [
      m.performance! < budgets.performance && "performance",
      m.accessibility! < budgets.accessibility && "accessibility",
      m["best-practices"]! < budgets["best-practices"] && "best practices",
      m.seo! < budgets.seo && "SEO",
      m.lcpMs! > budgets.lcpMs && "LCP",
      m.tbtMs! > budgets.tbtMs && "TBT",
      m.cls! > budgets.cls && "CLS",
    ].filter(Boolean);
    missed += fails.length;
    console.log(
      `${page.padEnd(pageColumn)} ${String(m.performance).padStart(5)} ${String(m.accessibility).padStart(5)} ${String(m["best-practices"]).padStart(5)} ${String(m.seo).padStart(5)} ${m.lcpMs!.toFixed(0).padStart(9)} ${m.tbtMs!.toFixed(0).padStart(8)} ${m.cls!.toFixed(3).padStart(6)}${fails.length ? `  ✗ ${fails.join(", ")}` : ""}`,
    );
  }
} finally {
  chrome.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
if (benchmarkIndexes.length) {
  console.log(`\nLighthouse benchmarkIndex (this CPU): median ${median(benchmarkIndexes)}`);
  console.log(`load average at the end: ${loadAverage()}`);
}
console.log(missed ? `\n${missed} budget(s) missed` : "\nevery budget met");
process.exit(missed ? 1 : 0);
