import { startExtraServer } from "./support/extra-server";
import { expect, sharedPageTest as test } from "./support/fixtures";

const mapsRequest = (url: string) => url.includes("/maps.js");

test("the maps script loads only when the map section nears the viewport", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (mapsRequest(request.url())) requests.push(request.url());
  });
  await page.goto("/?region=Florida");
  await page.waitForLoadState("networkidle");
  expect(requests).toEqual([]);

  const section = page.getByRole("region", { name: /Easy Appliance Repair of Florida/ });
  await section.scrollIntoViewIfNeeded();
  const marker = section.getByRole("button", { name: "Marker: Easy Appliance Repair of Florida" });
  await expect(marker).toBeVisible();
  expect(requests).toHaveLength(1);
  const script = new URL(requests[0]!);
  expect(Object.fromEntries(script.searchParams)).toMatchObject({
    key: "test-browser-key",
    v: "weekly",
    language: "en",
    region: "US",
  });
  const options = await page.evaluate(
    () => (window as unknown as { __mapsStandIn: { options: unknown } }).__mapsStandIn.options,
  );
  expect(options).toMatchObject({
    zoom: 15,
    center: { lat: 28.4831, lng: -82.5489 },
    styles: [{ stylers: [{ saturation: -100 }] }],
  });

  // The marker toggles the info window; its close control closes it.
  const info = section.getByRole("dialog", { name: "Easy Appliance Repair of Florida" });
  await marker.click();
  await expect(info).toContainText("4137 Commercial Way, Spring Hill, FL 34606");
  await expect(info.getByRole("link", { name: "(352) 555-0119" })).toHaveAttribute(
    "href",
    "tel:+13525550119",
  );
  await marker.click();
  await expect(info).toBeHidden();
  await marker.click();
  await info.getByRole("button", { name: "Close info window" }).click();
  await expect(info).toBeHidden();
  await marker.click();
  await expect(info).toBeVisible();
});

test.describe("when the maps script fails", () => {
  test.use({ expectedConsoleErrors: /Failed to load resource|ERR_FAILED/ });

  test("the map shows Loading maps... then Error loading maps", async ({ page }) => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => mapsRequest(url.toString()),
      async (route) => {
        await gate;
        await route.abort("failed");
      },
    );
    await page.goto("/reviews");
    const section = page.getByRole("region", { name: /Easy Appliance Repair of Texas/ });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText("Loading maps...")).toBeVisible();
    release();
    await expect(section.getByText("Error loading maps")).toBeVisible();
  });
});

test("without a maps key the map says Error loading maps and asks for no script", async ({
  page,
}) => {
  // A server of its own (a fresh embedded database) takes a while to start on two busy cores.
  test.slow();
  const server = await startExtraServer(0, {});
  try {
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("maps")) requests.push(request.url());
    });
    await page.goto(`${server.origin}/brands`);
    const section = page.getByRole("region", { name: /Easy Appliance Repair of Texas/ });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText("Error loading maps")).toBeVisible();
    // The panel reads as a locator card: the office's address and a way to the directions.
    const card = section.getByRole("link", { name: /Open in Google Maps/ });
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute("href", /^https:\/\/maps\.google\.com\/maps\?q=/);
    expect(requests.filter((url) => !url.startsWith(server.origin))).toEqual([]);
  } finally {
    await server.stop();
  }
});

test("Get Directions opens the maps search for the encoded address in a new tab", async ({
  page,
}) => {
  await page.goto("/contact?region=New Jersey");
  const directions = page.getByRole("link", { name: /Get Directions/ });
  await expect(directions).toHaveAttribute(
    "href",
    `https://maps.google.com/maps?q=${encodeURIComponent("1200 US Highway 22 East, Suite 118, Bridgewater, NJ 08807")}`,
  );
  await expect(directions).toHaveAttribute("target", "_blank");
  await expect(directions).toHaveAttribute("rel", "noopener noreferrer");
});
