import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import vnuJar from "vnu-jar";

import { expect, publicRoutes, sharedPageTest as test } from "./support/fixtures";

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const routes = [
  ...publicRoutes.map((route) => route.path),
  "/service-areas/texas?county=harris",
  "/modals/schedule",
  "/modals/schedule?appliance=washer",
  "/modals/example",
  "/newsletter",
  "/unsubscribe?token=unknown",
  "/no-such-page",
];

// The W3C's Nu HTML checker (Java), run once over every route's server HTML.
test("the Nu HTML checker finds no error on any route", async ({ request }) => {
  test.slow();
  const folder = mkdtempSync(path.join(tmpdir(), "nu-html-"));
  try {
    const files = new Map<string, string>();
    for (const [index, route] of routes.entries()) {
      const file = path.join(folder, `page-${index}.html`);
      const response = await request.get(route);
      expect(response.headers()["content-type"], route).toContain("text/html");
      writeFileSync(file, await response.text());
      files.set(file, route);
    }
    // A page with a known error shows the checker really reads the files it is given.
    const canary = path.join(folder, "canary.html");
    writeFileSync(canary, '<!DOCTYPE html><html lang="en"><title>x</title><p aria-label="x">x</p>');
    const { stdout, stderr } = await promisify(execFile)(
      "java",
      [
        "-jar",
        vnuJar,
        "--format",
        "json",
        "--errors-only",
        "--exit-zero-always",
        canary,
        ...files.keys(),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // The checker writes its JSON report to standard error.
    const report = JSON.parse(stderr || stdout) as { messages: NuMessage[] };
    const isError = (message: NuMessage) => message.type === "error" || message.subType === "fatal";
    expect(report.messages.filter((message) => message.url === `file:${canary}`)).toHaveLength(1);
    const errors = report.messages
      .filter((message) => message.url !== `file:${canary}`)
      .filter(isError)
      .map(
        (message) =>
          `${files.get(message.url?.replace(/^file:/, "") ?? "") ?? message.url}:${message.lastLine ?? "?"}: ${message.message} (${message.extract?.slice(0, 120) ?? ""})`,
      );
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
