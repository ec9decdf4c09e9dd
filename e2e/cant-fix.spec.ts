import type { Page } from "@playwright/test";

import { serviceRequest, uniquePhone } from "../server/test-support/fixtures";
import { startExtraServer, type ExtraServer } from "./support/extra-server";
import { requestedDay } from "./support/field";
import { jobAtArrived } from "./support/field-job";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { hydrated } from "./support/my-day";
import { uniqueName, waitForEmails } from "./support/leads";
import { axe } from "./support/axe";

// Can't fix, on phones: the technician taps it, the office's email says whom to call, the inbox
// flags the lead first until the call is recorded, and the homeowner's page stops offering Move,
// Cancel and photos. The service call is recorded on the phone (no charge, with a reason) and
// the page says so. On a server of its own (its mail goes to the journeys' SMTP stand-in), on a
// free port: the file's test runs in one worker.
const test = base.extend<{ origin: string; cantFixServer: ExtraServer }>({
  cantFixServer: fileServer(() =>
    startExtraServer(0, {
      SMTP_URL: process.env.E2E_SMTP_URL!,
      OUTBOX_POLL_MS: "200",
      WINDOW_CAPACITY: "100000",
    }),
  ),
  origin: async ({ cantFixServer }, provide) => provide(cantFixServer.origin),
  baseURL: async ({ cantFixServer }, provide) => provide(cantFixServer.origin),
});

test.describe.configure({ mode: "default", timeout: 120_000 });
test.use({
  viewport: { width: 375, height: 800 },
  expectedConsoleErrors: /status of (400|401|403|404|409|429)/,
});

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

test("Can't fix: the office is emailed whom to call, the inbox flags the lead first until the call is recorded, and the homeowner's page offers no Move, Cancel or photos", async ({
  page,
  browser,
  request,
  cantFixServer,
}) => {
  // Priya's dryer, asked for in a few days, booked for this evening with the technician, who
  // arrives; a newer request after it.
  const phone = uniquePhone();
  const { crew, job, phoneContext, card } = await jobAtArrived(
    { page, browser, request, server: cantFixServer },
    {
      firstName: "Priya",
      details: { phone, selectedAppliance: "dryer", description: "Drum does not turn" },
      window: "evening",
    },
  );
  const { technicianName } = crew;
  const { id, name } = job;
  const newerName = uniqueName("Nora");
  const newer = await request.post("/api/send-email", {
    data: serviceRequest({ name: newerName, preferredDate: requestedDay() }),
  });
  expect(newer.status(), await newer.text()).toBe(201);

  // The technician, on a phone: Can't fix, with the reason.
  const reason = "Drum motor burnt out; the model's motor is no longer made";
  try {
    await card.locator("summary", { hasText: "Can't fix" }).click();
    await card.getByLabel("Reason").fill(reason);
    await card.getByRole("button", { name: "Can't fix" }).click();
    await expect(card.getByText(reason)).toBeVisible();

    // The office's email, at once: whom to call, the number, why, and the lead's page.
    const [email] = await waitForEmails(
      (received) => received.subject === `Can't fix: call ${name}, ${phone}`,
      1,
    );
    expect(email!.text).toContain(`Reason: ${reason}`);
    expect(email!.text).toContain(`Technician: ${technicianName}`);
    expect(email!.text).toContain(`${cantFixServer.origin}/office/leads/${id}`);

    // The inbox: Priya first, flagged, ahead of the newer request.
    await page.goto("/office");
    const rows = page.locator("tbody tr");
    await expect(rows.first()).toContainText(name);
    await expect(rows.first()).toContainText("Can't fix: call");
    await expect(rows.filter({ hasText: newerName })).not.toContainText("Can't fix: call");

    // The lead page: whom to call, the number, why; axe finds nothing.
    await rows.first().getByRole("link", { name }).click();
    const panel = page.getByRole("region", { name: `Can't fix: call ${name}` });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(reason)).toBeVisible();
    await expect(panel.getByRole("link", { name: `Call ${phone}` })).toHaveAttribute(
      "href",
      `tel:${phone.replace(/\D/g, "")}`,
    );
    await expectClean(page, "The lead page with the call to make");

    // The service call on the phone: no charge, with the reason the homeowner reads.
    await card.locator("summary", { hasText: "Record the service call" }).click();
    await card.getByRole("radio", { name: "No charge" }).check();
    await card.getByLabel("Why no charge (the customer reads it)").fill("The part is not made");
    await card.getByRole("button", { name: "Record the service call" }).click();
    // Nothing is left to do: the card is one line (name, window, status) that opens.
    await expect(card.locator("summary", { hasText: name })).toContainText("Can't fix");
    await card.locator("summary", { hasText: name }).click();
    await expect(card.getByText(/Service call: no charge \(The part is not made\)/)).toBeVisible();
  } finally {
    await phoneContext.close();
  }

  // The call is recorded: the panel goes, and so does the inbox's flag.
  await page.reload();
  await hydrated(page);
  const panel = page.getByRole("region", { name: `Can't fix: call ${name}` });
  await panel.getByLabel("What was agreed").fill("She will replace the dryer; no return visit.");
  await panel.getByRole("button", { name: "Record the call" }).click();
  await expect(panel).toHaveCount(0);
  await expect(
    page.getByText("Called the customer after Can't fix: She will replace the dryer"),
  ).toBeVisible();
  await page.goto("/office");
  await expect(page.locator("tbody tr").filter({ hasText: name })).not.toContainText(
    "Can't fix: call",
  );
  await expect(page.locator("tbody tr").first()).not.toContainText(name);

  // The homeowner's page: what happened, what is owed, and no Move, Cancel or photos.
  const homeowner = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const mine = await homeowner.newPage();
  try {
    await mine.goto(`${cantFixServer.origin}${job.privateUrl}`);
    await hydrated(mine);
    await expect(mine.getByText(/could not finish the repair on this visit/)).toBeVisible();
    await expect(mine.getByText("No charge: The part is not made")).toBeVisible();
    await expect(mine.getByRole("button", { name: "Move my visit" })).toHaveCount(0);
    await expect(mine.getByRole("button", { name: "Cancel this visit" })).toHaveCount(0);
    await expect(mine.getByRole("button", { name: "Add photos" })).toHaveCount(0);
    await expectClean(mine, "The private page after Can't fix");
  } finally {
    await homeowner.close();
  }
});
