import type { Page } from "@playwright/test";

import { expect, sharedPageTest, publicRoutes, test } from "./support/fixtures";
import { axe } from "./support/axe";
import type { AvailabilityAnswer } from "~/domain/availability";

const extraRoutes = [
  "/modals/schedule",
  "/modals/schedule?appliance=dryer",
  "/modals/example",
  "/no-such-page",
];
const widths = [375, 1280];

/** Axe's violations on the page as drawn now, one line each (rule: targets). */
async function violations(page: Page) {
  const results = await axe(page).analyze();
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
  sharedPageTest(
    `axe finds no violations on ${path} at ${widths.join(" and ")} px`,
    async ({ page }) => {
      await page.setViewportSize({ width: widths[0]!, height: 900 });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        // Two frames: the new width has been laid out and drawn.
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        expect(await violations(page), `at ${width} px`).toEqual([]);
      }
    },
  );
}

test("axe finds no violations on a private page with its photos and days to move to, at 375 and 1280 px", async ({
  page,
}) => {
  // A window no other journey books (theirs are days ahead, this one weeks), asked of the server
  // rather than computed: a Sunday or a holiday is closed, and a window another journey filled
  // would answer 409.
  const from = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const asked = await page.request.get(`/api/availability?office=texas&from=${from}&days=14`);
  expect(asked.status(), await asked.text()).toBe(200);
  const { days } = (await asked.json()) as AvailabilityAnswer;
  const open = days.flatMap((candidate) =>
    candidate.windows
      .filter((window) => window.state === "open")
      .map((window) => ({ date: candidate.date, window: window.id })),
  );
  const chosen = open.at(-1);
  if (!chosen) throw new Error(`No open window in Texas from ${from}`);
  const booked = await page.request.post("/api/send-email", {
    data: {
      selectedAppliance: "washer",
      name: "Avery Axe",
      phone: `(512) 7${String(Date.now()).slice(-2)}-${String(Date.now()).slice(-6, -2)}`,
      address: "3 Pine St, Austin",
      preferredDate: chosen.date,
      preferredTime: chosen.window,
      companyEmail: "texas@easyappliancerepair.com",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { requestUrl } = (await booked.json()) as { requestUrl: string };
  await page.setViewportSize({ width: widths[0]!, height: 900 });
  await page.goto(new URL(requestUrl).pathname);
  await page.getByLabel(/Add up to 5 photos/).setInputFiles({
    name: "plate.png",
    mimeType: "image/png",
    // A 1 x 1 PNG.
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await page.getByRole("button", { name: "Add photos" }).click();
  await expect(page.getByRole("img", { name: "Photo 1 of 1" })).toBeVisible();
  await page
    .getByRole("group", { name: "Move to another open window" })
    .getByRole("radio")
    .first()
    .focus();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await violations(page), `at ${width} px`).toEqual([]);
  }
});
