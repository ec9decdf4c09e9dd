// `npm run bench:uploads`: the production build (build/server/main.js, built first if missing) on
// embedded PGlite takes 12 uploads at once, each of 5 photos of about 10 MB (12 MP JPEGs of
// noise, which compress least and decode slowest), each to a private page of its own: a request
// takes one upload at a time, and each upload comes from an address of its own (X-Forwarded-For
// with TRUST_PROXY=1), as 12 homeowners would, so no per-address budget refuses any. While they
// run it reads the server process's resident memory (/proc/<pid>/status VmRSS) every 50 ms and
// asks /healthz one request after another. Prints the maxima and the uploads' answers; exits 1
// when RSS passed 450 MB, /healthz took longer than 300 ms, or an upload was not taken whole.
// UPLOADS (12) and PHOTOS_PER_UPLOAD (5) change the load; the photos are made once, in the
// system's temporary folder, and kept for the next run.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { tmpdir } from "node:os";
import path from "node:path";

import sharp from "sharp";

import { maxPhotoBytes } from "~/domain/photos";
import { freePort } from "../server/reliability/support/child-server";

import { percentile, startServer, waitForUrl } from "./support";

const uploads = Number(process.env.UPLOADS ?? 12);
const photosPerUpload = Number(process.env.PHOTOS_PER_UPLOAD ?? 5);
const rssTargetMb = 450;
const healthTargetMs = 300;
const rssEveryMs = 50;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/**
 * The measuring runs on a thread of its own: this one sends 600 MB of request bodies, which
 * would delay its own /healthz requests and count that against the server. It asks /healthz
 * one request after another and reads the server's RSS every `rssEveryMs` until told "stop",
 * then answers what it saw (times as performance.timeOrigin + now(): threads differ in origin).
 */
const probeSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const http = require("node:http");
const { healthUrl, pid, rssEveryMs } = workerData;
const rssMb = () =>
  Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync("/proc/" + pid + "/status", "utf8"))[1]) / 1024;
const rssSamples = [];
const healthLatencies = [];
const healthAsked = [];
let running = true;
const sampling = setInterval(() => rssSamples.push(rssMb()), rssEveryMs);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const ask = () =>
  new Promise((resolve, reject) => {
    http
      .get(healthUrl, { agent }, (response) => {
        response.resume();
        response.on("end", () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error("/healthz answered " + response.statusCode)),
        );
      })
      .on("error", reject);
  });
parentPort.on("message", () => (running = false));
(async () => {
  // One answer first, so this thread's own first request (its connection, its code) is not
  // counted against the server.
  await ask();
  parentPort.postMessage("ready");
  while (running) {
    const asked = performance.timeOrigin + performance.now();
    await ask();
    healthLatencies.push(performance.timeOrigin + performance.now() - asked);
    healthAsked.push(asked);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  clearInterval(sampling);
  agent.destroy();
  parentPort.postMessage({ rssSamples, healthLatencies, healthAsked });
})();
`;

/**
 * A phone-sized photo (4000 x 3000) of noise, its JPEG quality chosen so the file is just under
 * the 10 MB a photo may be.
 */
async function makePhoto(index: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 90 + index * 20, g: 110, b: 140 - index * 10 },
      noise: { type: "gaussian", mean: 110 + index * 5, sigma: 40 },
    },
  })
    .raw()
    .toBuffer();
  let best: Buffer | null = null;
  for (let low = 70, high = 100; low <= high;) {
    const quality = Math.floor((low + high) / 2);
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= maxPhotoBytes) {
      best = jpeg;
      low = quality + 1;
    } else high = quality - 1;
  }
  if (!best) throw new Error("No quality makes a photo within 10 MB");
  return best;
}

async function photos(): Promise<Buffer[]> {
  const folder = path.join(tmpdir(), "bench-uploads-photos");
  mkdirSync(folder, { recursive: true });
  const made: Buffer[] = [];
  for (let index = 0; index < photosPerUpload; index += 1) {
    const file = path.join(folder, `photo-${index}.jpg`);
    if (!existsSync(file)) writeFileSync(file, await makePhoto(index));
    made.push(readFileSync(file));
  }
  return made;
}

function clientAddress(index: number) {
  return `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/** A service request of its own (phone, address), and its private page's path. */
async function book(origin: string, index: number): Promise<string> {
  const answer = await fetch(`${origin}/api/send-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": clientAddress(index) },
    body: JSON.stringify({
      selectedAppliance: "washer",
      name: `Upload ${index}`,
      email: `upload-${index}@example.com`,
      phone: `(713) 555-${String(1000 + index).padStart(4, "0")}`,
      address: `${index} Upload St, Houston, TX`,
      zipCode: "77002",
      preferredDate: "",
      preferredTime: "",
      description: "Leaks",
      brand: "",
      model: "",
      serialNumber: "",
      notes: "",
      companyEmail: "texas@easyappliancerepair.com",
      website: "",
    }),
  });
  const body = (await answer.json()) as { requestUrl?: string };
  if (answer.status !== 201 || !body.requestUrl) {
    throw new Error(`Booking ${index}: ${answer.status} ${JSON.stringify(body)}`);
  }
  return new URL(body.requestUrl).pathname;
}

if (!existsSync("build/server/main.js")) execSync("npm run build", { stdio: "inherit" });

const files = await photos();
const megabytes = files.reduce((sum, file) => sum + file.length, 0) / 1024 / 1024;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-uploads-"));
const port = await freePort();
const server = startServer({
  HOST: "127.0.0.1",
  PORT: String(port),
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  SMTP_URL: "",
  TRUST_PROXY: "1",
  PLACES_PER_CLIENT: "0",
});
const origin = `http://127.0.0.1:${port}`;
let failed = true;
try {
  await waitForUrl(`${origin}/healthz`, server);
  const pid = server.pid!;
  const pagePaths = await Promise.all(
    Array.from({ length: uploads }, (_, index) => book(origin, index)),
  );
  const rssBefore = rssMb(pid);

  const forms = pagePaths.map((_, index) => {
    const form = new FormData();
    form.set("intent", "photos");
    files.forEach((file, photo) =>
      form.append(
        "photos",
        new Blob([new Uint8Array(file)], { type: "image/jpeg" }),
        `IMG_${index}_${photo}.jpg`,
      ),
    );
    return form;
  });

  const probe = new Worker(probeSource, {
    eval: true,
    workerData: { healthUrl: `${origin}/healthz`, pid, rssEveryMs },
  });
  await new Promise((resolve) => probe.once("message", resolve));
  const started = performance.timeOrigin + performance.now();
  const answers = await Promise.all(
    pagePaths.map(async (pagePath, index) => {
      const answer = await fetch(`${origin}${pagePath}`, {
        method: "POST",
        headers: { "X-Forwarded-For": clientAddress(index) },
        body: forms[index],
      });
      const page = await answer.text();
      const added = /Thank you: (\d+) photos? added/.exec(page)?.[1];
      return { status: answer.status, added: Number(added ?? 0) };
    }),
  );
  const seconds = (performance.timeOrigin + performance.now() - started) / 1000;
  probe.postMessage("stop");
  const { rssSamples, healthLatencies, healthAsked } = (await new Promise((resolve) =>
    probe.once("message", resolve),
  )) as { rssSamples: number[]; healthLatencies: number[]; healthAsked: number[] };
  await probe.terminate();

  const rssMax = Math.max(rssBefore, ...rssSamples);
  const healthMax = Math.max(...healthLatencies);
  const healthMaxAt = (healthAsked[healthLatencies.indexOf(healthMax)]! - started) / 1000;
  const statuses = new Map<number, number>();
  for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const whole = answers.filter(({ status, added }) => status === 200 && added === files.length);
  console.log(
    `Uploads: ${uploads} at once, each ${files.length} photos (${megabytes.toFixed(1)} MB), to the production build on embedded PGlite (pid ${pid})`,
  );
  console.log(
    `  answered in ${seconds.toFixed(1)} s: ${[...statuses].map(([status, count]) => `${count} x ${status}`).join(", ")}; ${whole.length} taken whole`,
  );
  console.log(
    `  RSS: ${rssBefore.toFixed(0)} MB before, max ${rssMax.toFixed(0)} MB (${rssSamples.length} samples every ${rssEveryMs} ms); target < ${rssTargetMb} MB: ${rssMax < rssTargetMb ? "met" : "MISSED"}`,
  );
  console.log(
    `  /healthz: ${healthLatencies.length} answers, median ${percentile(healthLatencies, 50).toFixed(0)} ms, p99 ${percentile(healthLatencies, 99).toFixed(0)} ms, max ${healthMax.toFixed(0)} ms (asked ${healthMaxAt.toFixed(1)} s in); target <= ${healthTargetMs} ms: ${healthMax <= healthTargetMs ? "met" : "MISSED"}`,
  );
  failed = rssMax >= rssTargetMb || healthMax > healthTargetMs || whole.length !== uploads;
} catch (error) {
  console.error(error);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
