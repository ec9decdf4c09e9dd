import { expect, sharedPageTest as test } from "./support/fixtures";

test("desktop sub-menus open on hover", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const submenu = nav.getByRole("list", { name: "Services pages" });
  await expect(submenu).toBeHidden();
  await nav.getByRole("link", { name: "Services", exact: true }).hover();
  await expect(submenu).toBeVisible();
  await expect(submenu.getByRole("link")).toHaveCount(6);
  await page.mouse.move(5, 700);
  await expect(submenu).toBeHidden();
});

test("desktop sub-menus open with the keyboard", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Services", exact: true }).focus();
  await expect(nav.getByRole("list", { name: "Services pages" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Refrigerator Repair" })).toBeFocused();
  const areas = nav.getByRole("link", { name: "Service Areas", exact: true });
  await areas.focus();
  const states = nav.getByRole("list", { name: "Service Areas pages" });
  await expect(states).toBeVisible();
  await expect(states.locator(":scope > li > a")).toHaveText([
    "Virginia",
    "New Jersey",
    "Texas",
    "North Caroline",
    "Florida",
    "Massachusetts",
  ]);
});

test("Escape or a followed link closes a desktop sub-menu; the new page has focus", async ({
  page,
}) => {
  await page.goto("/?region=Texas");
  const nav = page.getByRole("navigation", { name: "Main" });
  const services = nav.getByRole("link", { name: "Services", exact: true });
  const submenu = nav.getByRole("list", { name: "Services pages" });
  await services.focus();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Refrigerator Repair" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(submenu).toBeHidden();
  await expect(services).toBeFocused();

  // The pointer coming back opens it again; a followed link closes it under the pointer.
  await page.mouse.move(5, 700);
  await services.hover();
  await expect(submenu).toBeVisible();
  await submenu.getByRole("link", { name: "Dryer Repair" }).click();
  await expect(page).toHaveURL("/services/dryer?region=Texas");
  await expect(submenu).toBeHidden();
  await expect(page.locator("main")).toBeFocused();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu toggles and holds the Schedule Service button", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Schedule Service" })).toBeVisible();

    await menu.getByRole("button", { name: "Services sub-menu" }).click();
    await expect(menu.getByRole("link", { name: "Dryer Repair" })).toBeVisible();

    await menu.getByRole("link", { name: "Brands We Repair" }).click();
    await expect(page).toHaveURL(/\/brands$/);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    // Escape closes it and gives the focus back to its button.
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Reviews" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });
});

test("the region parameter is carried on every navigation link and the logo", async ({ page }) => {
  await page.goto("/services?region=Florida");
  const header = page.locator("header");
  const hrefs = await header
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(20);
  for (const href of hrefs) expect(href, href).toContain("region=Florida");
  await expect(header.getByRole("link", { name: "Easy Appliance Repair" })).toHaveAttribute(
    "href",
    "/?region=Florida",
  );

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Reviews" })
    .click();
  await expect(page).toHaveURL(/\/reviews\?region=Florida$/);
});

test("the services cards carry the whole query string; Read More and View All Reviews carry the region", async ({
  page,
}) => {
  await page.goto("/services?region=Texas&utm_source=flyer");
  await expect(page.getByRole("link", { name: "Read More about dryer repair" })).toHaveAttribute(
    "href",
    "/services/dryer?region=Texas&utm_source=flyer",
  );

  await page.goto("/?region=Virginia&utm_source=flyer");
  await expect(page.getByRole("link", { name: "Read More about dryer repair" })).toHaveAttribute(
    "href",
    "/services/dryer?region=Virginia",
  );
  await expect(page.getByRole("link", { name: "View All Reviews" })).toHaveAttribute(
    "href",
    "/reviews?region=Virginia",
  );
});

test("the schedule dialog opens over the current page and closes back to it", async ({ page }) => {
  await page.goto("/brands?region=Texas");
  const opener = page.locator("header").getByRole("link", { name: "Schedule Service" });
  await opener.click();
  await expect(page).toHaveURL(/\/modals\/schedule\?region=Texas$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // The page behind stays rendered.
  // The page behind stays rendered (the dialog hides it from assistive technology).
  await expect(page.locator("h1", { hasText: "Our Supported Brands" })).toBeAttached();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/brands\?region=Texas$/);
  await expect(opener).toBeFocused();
});

test("a direct visit to the schedule dialog renders it over home", async ({ page }) => {
  await page.goto("/modals/schedule");
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.locator("h1", { hasText: "#1 Appliance Repair Service" })).toBeAttached();
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("the example modal shows its hints and closes", async ({ page }) => {
  await page.goto("/modals/example");
  const dialog = page.getByRole("dialog", { name: "Example modal" });
  await expect(dialog.getByText("To add a modal route:")).toBeVisible();
  await dialog.getByRole("button", { name: "Close modal" }).click();
  await expect(dialog).toBeHidden();
});
