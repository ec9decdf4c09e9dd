import type { Page } from "@playwright/test";

import { expect, publicRoutes, sharedPageTest as test } from "./support/fixtures";
import { uniqueName } from "./support/leads";
import { isFederalHoliday } from "~/domain/holidays";

// Every page is visited once and resized through the widths a phone, a tablet and a laptop have
// (no reload per width): nothing may reach past the viewport, so nothing scrolls sideways.
const routes = [
  ...publicRoutes.map((route) => route.path),
  // Each office's panel under the map (its email address is the longest word on a page).
  ...["Virginia", "New Jersey", "Texas", "North Carolina", "Florida", "Massachusetts"].map(
    (state) => `/?region=${encodeURIComponent(state)}`,
  ),
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
async function overflowAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  return page.evaluate(async () => {
    // Two frames: the new width has been laid out and drawn.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const widest = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    return widest - window.innerWidth;
  });
}

/** Checks `what` at every width; each overflow is collected, so one run names every offender. */
async function checkEveryWidth(
  page: Page,
  what: string,
  found: string[],
  atWidth?: (width: number) => Promise<void>,
) {
  for (const width of widths) {
    const overflow = await overflowAt(page, width);
    if (overflow > 0) found.push(`${what} at ${width} px: ${overflow} px too wide`);
    await atWidth?.(width);
  }
}

/** Opens every menu the header has at this width, one after another where they are hover menus. */
async function checkWithMenusOpen(page: Page, width: number, what: string, found: string[]) {
  const check = async (state: string) => {
    const overflow = await overflowAt(page, width);
    if (overflow > 0) found.push(`${what} at ${width} px, ${state}: ${overflow} px too wide`);
  };
  if (width >= desktopFrom) {
    const menus = page.getByRole("navigation", { name: "Main" }).locator("li[data-has-submenu]");
    for (let index = 0; index < (await menus.count()); index++) {
      await menus.nth(index).hover();
      await check(`desktop menu ${index + 1} open`);
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
  await check("mobile menu open with every toggle");
  await page.getByRole("button", { name: "Close menu" }).click();
}

/** A weekday a week or more ahead (never a Sunday), as yyyy-mm-dd. */
function visitDate() {
  const date = new Date(Date.now() + 9 * 24 * 3600 * 1000);
  while (date.getUTCDay() === 0 || isFederalHoliday(date.toISOString().slice(0, 10))) {
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return date.toISOString().slice(0, 10);
}

/** A phone of its own per request (the same phone and appliance again would be a repeat). */
function distinctPhone() {
  const digits = String(Math.floor(2e6 + Math.random() * 7e6));
  return `(713) ${digits.slice(0, 3)}-${digits.slice(3)}`;
}

// The not-found page answers 404, which the browser reports.
test.use({ expectedConsoleErrors: /status of 404/ });

// In three journeys, so that the two workers share them: the pages in two halves, then the
// dialog, its notice and the private page.
const half = Math.ceil(routes.length / 2);
for (const [part, group] of [routes.slice(0, half), routes.slice(half)].entries()) {
  test(`no page scrolls sideways at 320 to 1280 px (pages, part ${part + 1} of 2)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const found: string[] = [];
    for (const route of group) {
      await page.setViewportSize({ width: widths[0]!, height: 800 });
      await page.goto(route);
      await checkEveryWidth(page, route, found, async (width) => {
        if (withMenusOpen.has(route)) await checkWithMenusOpen(page, width, route, found);
      });
    }
    expect(found).toEqual([]);
  });
}

test("no dialog, notice or private page scrolls sideways at 320 to 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  // The dialog opened over a page, on each step, and the notice it leaves on the page.
  await page.setViewportSize({ width: widths[0]!, height: 800 });
  await page.goto("/services?region=Texas");
  await page.getByRole("link", { name: "Schedule Service" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await checkEveryWidth(page, "the dialog's step 1 over /services", found);
  await dialog.getByRole("button", { name: /Refrigerator/ }).click();
  await checkEveryWidth(page, "the dialog's step 2 over /services", found);
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(uniqueName("Wren"));
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill(distinctPhone());
  await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("7 Birch Rd, Katy");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Your request is on its way" })).toBeVisible();
  await checkEveryWidth(page, "the booking's notice on /services", found);

  // The homeowner's private page, with its days and windows to move to.
  const booked = await request.post("/api/send-email", {
    data: {
      selectedAppliance: "oven",
      name: uniqueName("Wide"),
      phone: distinctPhone(),
      address: "12 Long Street Name Boulevard, Sugar Land",
      preferredDate: visitDate(),
      preferredTime: "afternoon",
      companyEmail: "texas@easyappliancerepair.com",
      ...Object.fromEntries(
        [
          "email",
          "zipCode",
          "description",
          "brand",
          "model",
          "serialNumber",
          "notes",
          "website",
        ].map((field) => [field, ""]),
      ),
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { requestUrl } = (await booked.json()) as { requestUrl: string };
  await page.setViewportSize({ width: widths[0]!, height: 800 });
  await page.goto(new URL(requestUrl).pathname);
  await expect(page.getByRole("group", { name: "Move to another open window" })).toBeVisible();
  await checkEveryWidth(page, "the private page", found);

  expect(found).toEqual([]);
});
