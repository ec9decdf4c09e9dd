import type { Page } from "@playwright/test";

import { expect, publicRoutes, test } from "./support/fixtures";

const routes = [
  ...publicRoutes.map((route) => route.path),
  "/newsletter",
  "/modals/schedule",
  "/modals/schedule?appliance=washer",
  "/no-such-page",
];
const widths = [320, 375, 768, 1024, 1280];
// The header and its menus are the same on every page: opened over the widest pages.
const withMenusOpen = new Set(["/", "/service-areas/north-carolina", "/contact"]);
const desktopFrom = 1024;

/** How far the document reaches past the viewport (0 when nothing scrolls sideways). */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const widest = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    return widest - window.innerWidth;
  });
}

async function expectNoOverflow(page: Page, what: string) {
  expect(await overflowOf(page), `${what}: px past the viewport`).toBeLessThanOrEqual(0);
}

/** Opens every menu the header has at this width, one after another where they are hover menus. */
async function checkWithMenusOpen(page: Page, width: number, route: string) {
  if (width >= desktopFrom) {
    const menus = page.getByRole("navigation", { name: "Main" }).locator("li[data-has-submenu]");
    for (let index = 0; index < (await menus.count()); index++) {
      await menus.nth(index).hover();
      await expectNoOverflow(page, `${route} at ${width} px, desktop menu ${index + 1} open`);
    }
    await page.mouse.move(0, 400);
    return;
  }
  await page.getByRole("button", { name: "Open menu" }).click();
  const mobile = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobile).toBeVisible();
  // Every toggle inside, sub-menus and their own sub-menus.
  for (;;) {
    const closed = mobile.locator('button[aria-expanded="false"], details:not([open]) > summary');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  await expectNoOverflow(page, `${route} at ${width} px, mobile menu open with every toggle`);
  await page.getByRole("button", { name: "Close menu" }).click();
}

// The not-found page answers 404, which the browser reports.
test.use({ expectedConsoleErrors: /status of 404/ });

for (const width of widths) {
  test(`no page scrolls sideways at ${width} px, menus closed and open, dialog open`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    for (const route of routes) {
      await page.goto(route);
      await expectNoOverflow(page, `${route} at ${width} px`);
      if (withMenusOpen.has(route)) await checkWithMenusOpen(page, width, route);
    }
    // The dialog opened over a page.
    await page.goto("/services?region=Texas");
    await page.getByRole("link", { name: "Schedule Service" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoOverflow(page, `/services at ${width} px with the dialog open`);
  });
}
