// The npm registry this project installs from lacks some platform builds of native packages
// (for example @tailwindcss/oxide-android-arm64), so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lock file. This records each missing optional
// platform package with the platform it is for, so npm skips it everywhere else.
// Run it after changing dependencies: `node scripts/complete-lockfile.js`.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const osNames = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "win32",
  "openbsd",
  "netbsd",
  "sunos",
  "aix",
  "openharmony",
];
const cpuNames = [
  "arm64",
  "arm",
  "x64",
  "ia32",
  "loong64",
  "ppc64",
  "riscv64",
  "s390x",
  "mips64el",
  "wasm32",
];

function platformOf(name) {
  const words = name.split("/").pop().split("-");
  const os = osNames.find(
    (candidate) =>
      words.includes(candidate) || (candidate === "win32" && words.includes("windows")),
  );
  const cpu = cpuNames.find(
    (candidate) => words.includes(candidate) || (candidate === "arm" && words.includes("armv7")),
  );
  const platform = {};
  if (os) platform.os = [os];
  if (cpu) platform.cpu = [cpu];
  if (words.includes("musl") || words.includes("musleabihf")) platform.libc = ["musl"];
  if (words.includes("gnu") || words.includes("gnueabihf")) platform.libc = ["glibc"];
  if (words.includes("wasi") || words.includes("wasm32")) platform.cpu = ["wasm32"];
  return platform;
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location === "" ? "" : `${location}/`;
    const nested = `${base}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue; // not a platform build: leave it to npm
    packages[hoisted] = {
      version: range.replace(/^[\^~=]/, ""),
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: recorded ${added} platform packages the registry lacks`);
