import { HtmlValidate } from "html-validate";

import { publicPaths } from "../app/routes/sitemap";
import { hasSpanishTwin } from "~/lib/locale";

import { expect, publicRoutes, sharedPageTest as test } from "./support/fixtures";

test("robots.txt allows crawling and points to the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  expect(text).toContain("User-agent: *");
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the sitemap lists every public page in both languages, and only pages that answer 200", async ({
  request,
  baseURL,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const spanish = (path: string) => (path === "/" ? "/es" : `/es${path}`);
  expect(locations).toEqual(
    publicPaths.flatMap((path) => [`${baseURL}${path}`, `${baseURL}${spanish(path)}`]),
  );
  expect(locations).toHaveLength(38);
  // Each entry names both languages and the default, as the pages do.
  const entries = xml.split("<url>").slice(1);
  for (const [index, entry] of entries.entries()) {
    const path = publicPaths[Math.floor(index / 2)]!;
    expect(entry, path).toContain(`hreflang="en" href="${baseURL}${path}"`);
    expect(entry, path).toContain(`hreflang="es" href="${baseURL}${spanish(path)}"`);
    expect(entry, path).toContain(`hreflang="x-default" href="${baseURL}${path}"`);
  }
  for (const location of locations) {
    expect((await request.get(location)).status(), location).toBe(200);
  }
  for (const hidden of ["/location", "/helmet", "/403", "/modals/", "county="]) {
    expect(xml).not.toContain(hidden);
  }
});

test("the HTML of every route is valid", async ({ request }) => {
  const validator = new HtmlValidate({
    extends: ["html-validate:standard"],
    rules: {
      // React writes boolean attributes and self-closing void elements its own way.
      "void-style": "off",
      "no-inline-style": "off",
      "attribute-boolean-style": "off",
      "attribute-empty-style": "off",
      "no-trailing-whitespace": "off",
      "long-title": "off",
      "no-redundant-role": "off",
      "unique-landmark": "off",
      "prefer-native-element": "off",
      "no-implicit-button-type": "error",
    },
  });
  const paths = [...publicRoutes.map((route) => route.path), "/modals/schedule", "/no-such-page"];
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const report = await validator.validateString(html, path);
    const errors = report.results.flatMap((result) =>
      result.messages.map(
        (message) => `${path}:${message.line}: ${message.ruleId} ${message.message}`,
      ),
    );
    expect(errors).toEqual([]);
  }
});

test("the JSON-LD of every page parses and has the required properties", async ({ request }) => {
  for (const { path } of publicRoutes) {
    const html = await (await request.get(path)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    for (const block of blocks) {
      expect(block["@context"], path).toBe("https://schema.org");
      if (block["@type"] === "HomeAndConstructionBusiness") {
        expect(block, path).toMatchObject({
          name: expect.any(String),
          telephone: expect.stringMatching(/^\+1\d{10}$/),
          address: { addressCountry: "US", streetAddress: expect.any(String) },
          openingHoursSpecification: [
            {
              dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
              opens: "08:00",
              closes: "18:00",
            },
          ],
          areaServed: expect.any(Array),
        });
      } else if (block["@type"] === "BreadcrumbList") {
        const items = block.itemListElement as { position: number; item: string }[];
        expect(items.length, path).toBeGreaterThan(1);
        items.forEach((item, index) => expect(item.position).toBe(index + 1));
      } else if (block["@type"] === "Service") {
        expect(block, path).toMatchObject({
          name: expect.any(String),
          provider: expect.any(Object),
        });
      } else {
        throw new Error(`${path}: unexpected JSON-LD type ${String(block["@type"])}`);
      }
    }
    if (path.startsWith("/services/") || path.startsWith("/service-areas/")) {
      expect(
        blocks.map((block) => block["@type"]),
        path,
      ).toContain("BreadcrumbList");
    }
    if (path.startsWith("/services/")) {
      expect(
        blocks.map((block) => block["@type"]),
        path,
      ).toContain("Service");
    }
  }
});

test("every page has Open Graph and Twitter card tags, lang en-US and its Spanish twin as an alternate", async ({
  request,
  baseURL,
}) => {
  for (const { path } of publicRoutes) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<html lang="en-US"');
    for (const tag of ['property="og:title"', 'property="og:image"', 'name="twitter:card"']) {
      expect(html, path).toContain(tag);
    }
    expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
    if (!hasSpanishTwin(path)) continue;
    const spanish = path === "/" ? "/es" : `/es${path}`;
    expect(html.toLowerCase(), path).toContain(
      `<link rel="alternate" hreflang="es" href="${baseURL}${spanish}"/>`.toLowerCase(),
    );
  }
});
