/**
 * The fence between server and browser, read from what the browser is sent: every file of the
 * production build's client (`build/client/**`). scripts/test.js builds with a fake value for
 * every secret the server knows (scripts/build-secrets.json) and runs this scan after the build
 * (vitest.client-build.config.ts): none of those values, and none of the strings that exist only
 * in server code, may appear there.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

const clientDir = path.resolve("build/client");

const fakeSecrets = JSON.parse(
  readFileSync(path.resolve("scripts/build-secrets.json"), "utf8"),
) as Record<string, string>;

/** Each fake value, and a URL's password on its own (a bundle could hold just that part). */
const secretValues = Object.entries(fakeSecrets).flatMap(([name, value]) => {
  const password = /^[a-z]+:\/\//.test(value) ? decodeURIComponent(new URL(value).password) : "";
  return [{ name, value }, ...(password ? [{ name: `${name}'s password`, value: password }] : [])];
});

/**
 * Strings that exist only in server code and the libraries only it loads: a client chunk that
 * holds one has bundled a server module.
 */
const serverOnlyMarkers = [
  // Our own SQL: the NOTIFY every change sends (server/**).
  "pg_notify",
  // The server's table of secrets (server/db/schema/server.ts).
  "server_secrets",
  // The text webhooks' signature check (server/texts/webhooks.ts).
  "x-twilio-signature",
  // drizzle-orm/pg-core: its dialect's class name and the outbox's locking clause.
  "PgDialect",
  "skip locked",
  // The mail transport's library.
  "nodemailer",
];

/**
 * Variable names the client has no reason to name (reading one there would be a bug). Not
 * STAFF_PASSWORD: the sign-in page tells the owner the staff command reads it.
 */
const configNames = Object.keys(fakeSecrets).filter((name) => name !== "STAFF_PASSWORD");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** The client's files as text; the .br and .gz copies are the same bytes compressed. */
function clientFiles(): { file: string; content: string }[] {
  const files = filesUnder(clientDir).filter((file) => !/\.(br|gz)$/.test(file));
  return files.map((file) => ({
    file: path.relative(clientDir, file),
    content: readFileSync(file, "latin1"),
  }));
}

test("the client build is there to scan: its scripts and styles", () => {
  const names = clientFiles().map(({ file }) => file);
  expect(names.filter((name) => name.endsWith(".js")).length).toBeGreaterThan(10);
  expect(names.some((name) => name.endsWith(".css"))).toBe(true);
});

test("no secret the build was made with reaches the client files", () => {
  const found = clientFiles().flatMap(({ file, content }) =>
    secretValues
      .filter(({ value }) => content.includes(value))
      .map(({ name }) => `${file}: ${name}`),
  );
  expect(found).toEqual([]);
});

test("no server-only module reaches the client files", () => {
  const found = clientFiles().flatMap(({ file, content }) =>
    [...serverOnlyMarkers, ...configNames]
      .filter((marker) => content.includes(marker))
      .map((marker) => `${file}: ${marker}`),
  );
  expect(found).toEqual([]);
});
