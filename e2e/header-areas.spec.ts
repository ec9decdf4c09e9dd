import type { Locator, Page } from "@playwright/test";

import { serviceStates } from "../app/content/states";

import { expect, sharedPageTest as test } from "./support/fixtures";

const region = "Florida";

/** Each state's link and every one of its sub-area links, with their labels and addresses. */
async function expectEveryArea(menu: Locator) {
  for (const state of serviceStates) {
    const stateLink = menu.getByRole("link", { name: state.label, exact: true });
    await expect(stateLink).toHaveAttribute(
      "href",
      `/service-areas/${state.slug}?region=${region}`,
    );
    const areas = menu.getByRole("list", { name: `${state.label} areas` });
    const links = areas.getByRole("link");
    await expect(links).toHaveText(state.subAreas.map((area) => area.label));
    const hrefs = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute("href")),
    );
    expect(hrefs).toEqual(
      state.subAreas.map(
        (area) => `/service-areas/${state.slug}?county=${area.slug}&region=${region}`,
      ),
    );
    for (const link of await links.all()) await expect(link).toBeAttached();
  }
}

/** Marks the document, so a full page load (rather than the app's own navigation) shows. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute("data-same-document", ""));
}

async function expectSameDocument(page: Page) {
  await expect(page.locator("html[data-same-document]")).toBeAttached();
}

test("desktop: hovering Service Areas shows every state's sub-areas, within the viewport", async ({
  page,
}) => {
  await page.goto(`/services?region=${region}`);
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.getByRole("list", { name: "Service Areas pages" });
  await expect(menu).toBeHidden();
  await nav.getByRole("link", { name: "Service Areas", exact: true }).hover();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Cameron", exact: true })).toBeVisible();
  await expectEveryArea(menu);
  expect(await menu.getByRole("link").count()).toBe(
    serviceStates.reduce((count, state) => count + 1 + state.subAreas.length, 0),
  );

  // The menu fits the viewport (it scrolls inside when the window is short).
  await page.setViewportSize({ width: 1024, height: 600 });
  await page.mouse.move(5, 500);
  await nav.getByRole("link", { name: "Service Areas", exact: true }).hover();
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(600);
  expect(box!.x + box!.width).toBeLessThanOrEqual(1024);

  // The last town of the longest list is reachable and followed within the app.
  await markDocument(page);
  const vass = menu
    .getByRole("list", { name: "North Caroline areas" })
    .getByRole("link", { name: "Vass" });
  await vass.scrollIntoViewIfNeeded();
  await vass.click();
  await expect(page).toHaveURL(`/service-areas/north-carolina?county=vass&region=${region}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Appliance Repair in Vass, North Carolina",
  );
  await expectSameDocument(page);
  // Leaving the menu closes it.
  await page.mouse.move(5, 500);
  await expect(menu).toBeHidden();
});

test("desktop: the keyboard opens Service Areas and reaches its sub-areas", async ({ page }) => {
  await page.goto(`/?region=${region}`);
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.getByRole("list", { name: "Service Areas pages" });
  await nav.getByRole("link", { name: "Services", exact: true }).focus();
  // Tab past the Services sub-menu to Service Areas.
  for (let step = 0; step < 7; step += 1) await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Service Areas", exact: true })).toBeFocused();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Virginia", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Fairfax", exact: true })).toBeFocused();
  // Through Virginia's ten and into New Jersey's list.
  for (let step = 0; step < 10; step += 1) await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "New Jersey", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  const somerset = menu.getByRole("link", { name: "Somerset", exact: true });
  await expect(somerset).toBeFocused();
  await expect(somerset).toBeInViewport();
  await markDocument(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/service-areas/new-jersey?county=somerset&region=${region}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Appliance Repair in Somerset, New Jersey",
  );
  await expectSameDocument(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("each state has its own toggle with its sub-areas", async ({ page }) => {
    await page.goto(`/contact?region=${region}`);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("button", { name: "Service Areas sub-menu" }).click();
    const texasAreas = menu.getByRole("list", { name: "Texas areas" });
    await expect(texasAreas).toBeHidden();
    const texasToggle = menu.locator("summary", { hasText: "Texas areas" });
    await texasToggle.click();
    await expect(texasAreas).toBeVisible();
    await expect(texasAreas.getByRole("link")).toHaveCount(16);
    await texasToggle.click();
    await expect(texasAreas).toBeHidden();

    // Every state's list, opened one after another.
    for (const state of serviceStates) {
      await menu.locator("summary", { hasText: `${state.label} areas` }).click();
      await expect(menu.getByRole("list", { name: `${state.label} areas` })).toBeVisible();
    }
    await expectEveryArea(menu);

    await markDocument(page);
    await menu
      .getByRole("list", { name: "North Caroline areas" })
      .getByRole("link", { name: "Cameron" })
      .click();
    await expect(page).toHaveURL(`/service-areas/north-carolina?county=clemmons&region=${region}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Appliance Repair in Cameron, North Carolina",
    );
    await expect(menu).toBeHidden();
    await expectSameDocument(page);
  });
});
