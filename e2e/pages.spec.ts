import { expect, publicRoutes, sharedPageTest as test } from "./support/fixtures";

for (const route of publicRoutes) {
  test(`${route.path} renders its heading on the server and in the browser`, async ({
    page,
    request,
  }) => {
    const response = await request.get(route.path);
    expect(response.status()).toBe(200);
    expect(response.headers()["set-cookie"]).toBeUndefined();
    const html = await response.text();
    expect(html).toContain('<html lang="en-US"');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+[^"?]*"\/>/);
    const structured = [
      ...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
    expect(structured.map((block) => block["@type"])).toContain("HomeAndConstructionBusiness");

    await page.goto(route.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
    await expect(page.locator("header")).toBeVisible();
    await expect(page.locator("footer")).toBeVisible();
  });
}

test("the home page carries the site title", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Appliance Repair Services | Professional Home Appliance Repair");
});

test("every page has its own title and description", async ({ request }) => {
  const titles = new Set<string>();
  for (const route of publicRoutes) {
    const html = await (await request.get(route.path)).text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, route.path).toBeTruthy();
    titles.add(title!);
    expect(html, route.path).toMatch(/<meta name="description" content="[^"]{40,}"/);
  }
  expect(titles.size).toBe(publicRoutes.length);
});

test.describe("not found", () => {
  test.use({ expectedConsoleErrors: /status of 404/ });

  test("an unknown route answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 PAGE NOT FOUND");
    await expect(page.getByText("app/routes/not-found.tsx")).toBeVisible();
  });
});

test("an unknown service or state answers 404", async ({ request }) => {
  expect((await request.get("/services/toaster")).status()).toBe(404);
  expect((await request.get("/service-areas/ohio")).status()).toBe(404);
});

test("demo and debug pages are kept out of search engines", async ({ request }) => {
  for (const path of ["/location", "/helmet", "/403", "/modals/example"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
  }
  const home = await (await request.get("/")).text();
  expect(home).not.toContain("noindex");
});

test("pages carry structured business data without self-served ratings", async ({ request }) => {
  const html = await (await request.get("/services/washer?region=Florida")).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  const types = blocks.map((block) => block["@type"]);
  expect(types).toEqual(expect.arrayContaining(["Service", "BreadcrumbList"]));
  const home = await (await request.get("/?region=Florida")).text();
  const business = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
    .find((block) => block["@type"] === "HomeAndConstructionBusiness");
  expect(business).toMatchObject({
    telephone: "+13525550119",
    address: { addressRegion: "FL", addressCountry: "US" },
    openingHoursSpecification: [{ opens: "08:00", closes: "18:00" }],
  });
  expect(home).not.toContain("aggregateRating");
});
