import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { expect, publicRoutes, test } from "./support/fixtures";

const extraRoutes = ["/modals/schedule", "/modals/example", "/no-such-page"];
const widths = [375, 1280];

/** Axe's violations on the page as drawn now, one line each (rule: targets). */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

test.use({ expectedConsoleErrors: /status of 404/ });

// Each page is loaded once, at a phone's width, and checked there; then it is resized to a
// laptop's and checked again (the menus, the columns and what is shown differ), as a visitor
// turning a tablet would see it, instead of loaded a second time.
for (const path of [...publicRoutes.map((route) => route.path), ...extraRoutes]) {
  test(`axe finds no violations on ${path} at ${widths.join(" and ")} px`, async ({ page }) => {
    await page.setViewportSize({ width: widths[0]!, height: 900 });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      // Two frames: the new width has been laid out and drawn.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      expect(await violations(page), `at ${width} px`).toEqual([]);
    }
  });
}
