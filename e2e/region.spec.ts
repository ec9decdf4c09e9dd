import http from "node:http";
import type { AddressInfo } from "node:net";

import { formatPhone, profileForState } from "../app/content/company";
import { findStateByRegion } from "../app/content/states";
import { stateTestAddresses } from "../server/geo/test-addresses";

import { startExtraServer } from "./support/extra-server";
import { expect, sharedPageTest as test } from "./support/fixtures";

for (const [stateName, address] of Object.entries(stateTestAddresses)) {
  test(`a visitor from ${stateName} gets that office in the first HTML and in the address`, async ({
    page,
    request,
  }) => {
    const profile = profileForState(findStateByRegion(stateName)!.slug);
    const phone = formatPhone(profile.phone);
    const html = await (await request.get("/", { headers: { "X-Forwarded-For": address } })).text();
    expect(html).toContain(`#1 Appliance Repair Service in <!-- -->${stateName}`);
    expect(html).toContain(phone);
    // Crawlers get canonical URLs free of the parameter.
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"\/>/);

    await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
    await page.goto("/services");
    await expect(page).toHaveURL(
      new RegExp(
        `/services\\?region=${encodeURIComponent(stateName).replace(/%20/g, "(\\+|%20)")}$`,
      ),
    );
    await expect(page.locator("footer").getByRole("link", { name: phone })).toBeVisible();

    await page.goto("/location");
    await expect(page.locator("dd").nth(1)).toHaveText(stateName);
    await expect(page.locator("dd").nth(2)).toHaveText("United States (US)");
    await expect(page.locator("dd").nth(3)).toHaveText(/^-?\d+\.\d+,-?\d+\.\d+$/);
    await expect(page.getByText("Visitors in the United States")).toBeVisible();
    await expect(page.getByText("Shown because your location matches country US.")).toBeVisible();
    if (stateName === "Texas") {
      await page.goto("/es/location");
      await expect(page.locator("dd").nth(2)).toHaveText("Estados Unidos (US)");
      await expect(page.getByText("Visitantes en los Estados Unidos")).toBeVisible();
      await expect(
        page.getByText("Se muestra porque su ubicación coincide con país US."),
      ).toBeVisible();
    }
    // Persistence keeps nothing: no location, no personal data, no cookie.
    const stored = await page.evaluate(() => window.localStorage.getItem("ea") ?? "");
    expect(stored).not.toContain(address);
    expect(stored).not.toContain(stateName);
    expect(await page.evaluate(() => document.cookie)).toBe("");
  });
}

test("a visitor from a private address gets Texas, the neighborhood hero and no error", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.20.30.40" });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "#1 Appliance Repair Service in Neighborhood",
  );
  await expect(page.locator("footer").getByRole("link", { name: "(713) 555-0127" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/location");
  await expect(page.locator("dd").first()).toHaveText("Not detected");
  await expect(page.getByText("Visitors in the United States")).toBeHidden();
});

test("the location API answers the detected location, never cached", async ({ request }) => {
  const response = await request.get("/api/location", {
    headers: { "X-Forwarded-For": stateTestAddresses.Florida },
  });
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(await response.json()).toMatchObject({
    region: "Florida",
    country: "US",
    countryName: "United States",
    isLocationDetected: true,
  });
});

test("an ipinfo token is used by the server only", async ({ page }) => {
  const token = "e2e-ipinfo-secret-token";
  const seen: string[] = [];
  const standIn = http.createServer((request, response) => {
    seen.push(request.url ?? "");
    response.setHeader("Content-Type", "application/json");
    response.end(
      JSON.stringify({
        ip: "203.0.113.9",
        city: "Alexandria",
        region: "Virginia",
        country: "US",
        loc: "38.8048,-77.0469",
        org: "AS0 Test Network",
        postal: "22314",
        timezone: "America/New_York",
      }),
    );
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  // A server of its own (a fresh embedded database) takes a while to start on two busy cores.
  test.slow();
  const server = await startExtraServer(0, {
    TRUST_PROXY: "1",
    IPINFO_TOKEN: token,
    IPINFO_BASE_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
  });
  try {
    const browserRequests: string[] = [];
    page.on("request", (request) => browserRequests.push(request.url()));
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": stateTestAddresses.Texas });
    await page.goto(`${server.origin}/location`);
    await expect(page.locator("dd").first()).toHaveText("Alexandria");
    await expect(page).toHaveURL(/region=Virginia/);
    expect(seen.some((url) => url.includes(`token=${token}`))).toBe(true);
    expect(browserRequests.filter((url) => url.includes(token))).toEqual([]);
    expect(await page.content()).not.toContain(token);
  } finally {
    await server.stop();
    await new Promise((resolve) => standIn.close(resolve));
  }
});
