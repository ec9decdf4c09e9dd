import type { Page } from "@playwright/test";

import { uniquePhone } from "../server/test-support/fixtures";
import { startExtraServer, type ExtraServer } from "./support/extra-server";
import { staffEmail, staffPassword } from "./support/field";
import { newCrew, technicianOnPhone } from "./support/field-job";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { hydrated } from "./support/my-day";
import { uniqueName, waitForEmails } from "./support/leads";
import { signIn, staffCommand } from "./support/staff";
import { axe } from "./support/axe";

// "New request" (issue 37): a dispatcher takes a call on /office/leads/new at 375 px, books the
// caller with Alex for this evening; Alex's open My day shows the visit without a reload, the
// homeowner's email holds the private link, and the lead says it came by phone. On a server of its
// own (its mail goes to the journeys' SMTP stand-in), on a free port.
const test = base.extend<{ origin: string; phoneServer: ExtraServer }>({
  phoneServer: fileServer(() =>
    startExtraServer(0, {
      SMTP_URL: process.env.E2E_SMTP_URL!,
      OUTBOX_POLL_MS: "200",
      WINDOW_CAPACITY: "100000",
    }),
  ),
  origin: async ({ phoneServer }, provide) => provide(phoneServer.origin),
  baseURL: async ({ phoneServer }, provide) => provide(phoneServer.origin),
});

test.describe.configure({ mode: "default", timeout: 120_000 });
test.use({ viewport: { width: 375, height: 800 }, expectedConsoleErrors: /status of 400/ });

/** axe finds nothing at 375 and 1280 px, and nothing scrolls sideways from 320 px. */
async function expectClean(page: Page, what: string) {
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${what} at ${width} px`,
    ).toBeLessThanOrEqual(0);
    if (width === 320) continue;
    const results = await axe(page).analyze();
    expect(
      results.violations.map((violation) => violation.id),
      `${what} at ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 375, height: 800 });
}

test("a dispatcher takes a call at 375 px: the request is booked with Alex, on his open My day at once, the homeowner's email holds the link, the lead says Phone call", async ({
  page,
  browser,
  phoneServer,
}) => {
  test.slow();
  const crew = await newCrew(phoneServer);
  const dispatcher = staffEmail("dana");
  const added = await staffCommand(
    ["add", dispatcher, "--role", "dispatcher", "--office", "texas", "--name", "Dana Dispatch"],
    staffPassword,
    phoneServer.dataDir,
  );
  expect(added.stderr).toBe("");
  const name = uniqueName("Priya");
  const email = `${name.toLowerCase().replace(/\s+/g, "-")}@example.com`;
  const { context, phone } = await technicianOnPhone(browser, phoneServer.origin, crew.technician);
  try {
    await signIn(page, dispatcher, staffPassword);
    await hydrated(page);
    await page.getByRole("link", { name: "New request" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New request" })).toBeVisible();
    await hydrated(page);
    await expectClean(page, "The new request form");

    await page.getByLabel("Appliance").selectOption("washer");
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Phone", { exact: true }).fill(uniquePhone());

    await page.getByLabel("Email (optional)").fill(email);
    await page.getByLabel("Address", { exact: true }).fill("2417 Westheimer Rd, Houston, TX");
    await page.getByLabel("Zip code").fill("77098");
    await page.getByLabel("Description of the problem").fill("Stops mid-cycle, water in the drum");
    await page.getByLabel("Window", { exact: true }).selectOption("evening");
    // This evening, whatever the day: on a Sunday or a holiday the office books it with a reason.
    await page
      .getByLabel("Reason to book a full window (optional)")
      .fill("Regular customer, Alex is nearby");
    await page.getByLabel("Technician (optional)").selectOption({ label: crew.technicianName });
    await page.getByLabel("Source", { exact: true }).selectOption({ label: "Phone call" });
    await page.getByLabel("Customer agreed to texts by phone").check();
    await page.getByRole("button", { name: "Create request" }).click();

    await expect(page.getByRole("heading", { level: 1, name: `${name}: washer` })).toBeVisible();
    const details = page.getByRole("region", { name: "Details" });
    await expect(details.getByText("Phone call", { exact: true })).toBeVisible();
    await expect(page.getByText("Service request taken by phone")).toBeVisible();
    await expectClean(page, "The lead taken by phone");

    // Alex's My day, open all along, shows the visit without a reload.
    await expect(phone.getByRole("article", { name })).toBeVisible();
  } finally {
    await context.close();
  }
  const [booked] = await waitForEmails(
    (message) =>
      message.envelopeTo.includes(email) &&
      message.subject.startsWith("Your repair visit is booked"),
    1,
  );
  expect(booked!.text).toMatch(/https?:\/\/\S+\/requests\/[A-Za-z0-9_-]+/);
});
