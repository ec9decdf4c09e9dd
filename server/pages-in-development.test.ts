import { createRequire } from "node:module";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { testDatabases } from "./test-support/databases";
import { serviceRequest } from "./test-support/fixtures";
import { freshClientIp, startTestServer, type TestServer } from "./test-support/server";

// Every public page, both languages, and the homeowner's private page drawn with React's
// development build, whose checks (a list without keys, a tag where HTML allows none) write
// console.error, which fails the test (test-support/console-errors.ts). The rest of the suite
// draws pages with the production build, as the server does (vitest.config.ts): `npm test` runs
// this file in its second pass, with TEST_REACT_BUILD=development; without it, it is skipped.
const databases = await testDatabases();
const [database] = databases.filter((candidate) => candidate.available);

// Skipped in a plain `vitest run`, which draws with the production build.
const developmentReact = process.env.TEST_REACT_BUILD === "development";

describe.skipIf(!database || !developmentReact)("The pages in React's development build", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: database!, withPages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("React is its development build here", () => {
    const require = createRequire(import.meta.url);
    require("react");
    expect(
      Object.keys(require.cache).filter((file) =>
        /react\.(development|production)\.js$/.test(file),
      ),
      "run with TEST_REACT_BUILD=development",
    ).toEqual([expect.stringMatching(/react\.development\.js$/)]);
  });

  test("every page of the sitemap, the dialog, the newsletter, a missing page and a private page: drawn without a React warning", async () => {
    const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
    expect(listed).toContain("/es/services/dryer");
    const booked = await server.post("/api/send-email", serviceRequest({ language: "es" }));
    expect(booked.status).toBe(201);
    const { requestUrl } = (await booked.json()) as { requestUrl: string };
    const paths = [
      ...listed,
      "/modals/schedule?appliance=dryer",
      "/es/modals/schedule?appliance=dryer",
      "/newsletter",
      new URL(requestUrl).pathname,
    ];
    for (const path of paths) {
      const page = await fetch(`${server.baseUrl}${path}`, {
        headers: { "X-Forwarded-For": freshClientIp() },
      });
      expect(page.status, path).toBe(200);
      await page.text();
    }
    const missing = await fetch(`${server.baseUrl}/no-such-page`);
    expect(missing.status).toBe(404);
    await missing.text();
  });
});
