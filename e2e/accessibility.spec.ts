import AxeBuilder from "@axe-core/playwright";

import { expect, publicRoutes, test } from "./support/fixtures";

const extraRoutes = ["/modals/schedule", "/modals/example", "/no-such-page"];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, expectedConsoleErrors: /status of 404/ });

    for (const path of [...publicRoutes.map((route) => route.path), ...extraRoutes]) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const results = await new AxeBuilder({ page }).analyze();
        const summary = results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
