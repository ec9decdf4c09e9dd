import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";

import { isFederalHoliday } from "~/domain/holidays";

import { startClockedServer, type ClockedServer } from "./support/extra-server";
import { todayInTexas } from "./support/field";
import { jobAtArrived, technicianOnPhone } from "./support/field-job";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { hydrated } from "./support/my-day";
import { axe } from "./support/axe";

// "Same problem again?" says what went wrong: on a 375 px phone the homeowner of a paid repair
// books the free warranty visit with a few words and a photo, and the technician's card on My day
// reads "What went wrong: …" with the photo. The words are asked for (the page says so, with and
// without JavaScript), and both pages pass axe with no sideways scroll.
//
// On a server of its own whose clock (TEST_CLOCK_FILE) moves, once the repair is paid, to 9 or 10
// in the morning of a day the office works: the warranty visit is then booked in that day's
// afternoon, which My day shows as today's, whatever the hour the journey runs at.
const test = base.extend<{ jobServer: ClockedServer }>({
  jobServer: fileServer(startClockedServer),
  baseURL: async ({ jobServer }, provide) => provide(jobServer.origin),
});

test.describe.configure({ mode: "default", timeout: 180_000 });
test.use({ expectedConsoleErrors: /status of (400|409|429)/ });

const problem = "The dryer stopped heating again after two loads, and it smells of burning.";

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function expectNoAxeViolations(page: Page, what: string) {
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 740 });
    const results = await axe(page).analyze();
    expect(
      results.violations.map((violation) => violation.id),
      `${what} at ${width} px`,
    ).toEqual([]);
    expect(await overflow(page), `${what} at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 375, height: 740 });
}

/**
 * 15:00 UTC (9:00 or 10:00 in Houston) on the first day after today that the office works, not a
 * Saturday (its afternoon is open then, two hours' notice given, and My day calls it today).
 */
function workingMorningAhead(): number {
  const [year, month, day] = todayInTexas().split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1, 15));
  while (
    next.getUTCDay() === 0 ||
    next.getUTCDay() === 6 ||
    isFederalHoliday(next.toISOString().slice(0, 10))
  ) {
    next.setUTCDate(next.getUTCDate() + 1);
  }
  return next.getTime();
}

/** Done with the repair recorded, then the card payment: the warranty starts. */
async function doneAndPaid(card: Locator) {
  await card.getByText("Done: record the repair").click();
  await card.getByLabel("Work done").fill("Replaced the thermal fuse; tested two cycles.");
  await card.getByLabel("Amount charged ($)").fill("189");
  await card.getByRole("button", { name: "Done", exact: true }).click();
  await expect(card.getByText("Done", { exact: true })).toBeVisible();
  await card.locator("summary", { hasText: "Record payment" }).click();
  await card.getByRole("radio", { name: "Card" }).check();
  await expect(card.getByLabel("Amount paid ($)")).toHaveValue("189.00");
  await card.getByRole("button", { name: "Record payment" }).click();
  await expect(card.locator("summary").first()).toContainText("Done");
}

test("the homeowner books the warranty visit with what went wrong and a photo; the technician's card reads it", async ({
  page,
  browser,
  request,
  jobServer,
}) => {
  test.slow();
  const clientAddress = `198.51.100.${(Date.now() % 200) + 20}`;
  const { crew, job, phoneContext, card } = await jobAtArrived(
    { page, browser, request, server: jobServer },
    {
      firstName: "Maria",
      details: { selectedAppliance: "dryer", description: "Runs but does not heat" },
      clientAddress,
      window: "evening",
    },
  );
  try {
    await doneAndPaid(card);
  } finally {
    await phoneContext.close();
  }

  // Days later, the same problem: the office's morning of a working day.
  jobServer.setClock(workingMorningAhead());
  const photo = await sharp({
    create: { width: 320, height: 240, channels: 3, background: "#6b705c" },
  })
    .png()
    .toBuffer();

  // Without JavaScript the page asks for the words too: the server says so under the field.
  const noScript = await browser.newContext({
    viewport: { width: 375, height: 740 },
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
  });
  try {
    const plain = await noScript.newPage();
    await plain.goto(job.privateUrl);
    const callback = plain.getByRole("region", { name: "Same problem again?" });
    await callback.getByRole("radio").first().check();
    await callback.getByRole("button", { name: "Book a free warranty visit" }).click();
    const again = plain.getByRole("region", { name: "Same problem again?" });
    await expect(again.getByLabel(/What went wrong this time\?/)).toHaveAccessibleDescription(
      /Tell us what went wrong this time/,
    );
  } finally {
    await noScript.close();
  }

  // Her phone, with JavaScript: the words are asked before anything is sent.
  const home = await browser.newContext({
    viewport: { width: 375, height: 740 },
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
  });
  try {
    const mine = await home.newPage();
    await mine.goto(job.privateUrl);
    await mine.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const callback = mine.getByRole("region", { name: "Same problem again?" });
    const words = callback.getByLabel(/What went wrong this time\?/);
    await callback.getByRole("radio").first().check();
    await callback.getByRole("button", { name: "Book a free warranty visit" }).click();
    await expect(words).toBeFocused();
    await expect(words).toHaveAccessibleDescription(/Tell us what went wrong this time/);
    await expectNoAxeViolations(mine, "The warranty form, the words asked for");

    await words.fill(problem);
    await callback
      .getByLabel("A photo of it (optional)")
      .setInputFiles({ name: "dryer.png", mimeType: "image/png", buffer: photo });
    await expectNoAxeViolations(mine, "The warranty form, filled in");
    await callback.getByRole("button", { name: "Book a free warranty visit" }).click();
    await expect(
      mine.getByText(/Your free warranty visit is booked for .+\. No charge\./),
    ).toBeVisible();
    const booked = mine.getByRole("region", { name: "Your warranty visit" });
    await expect(booked.getByText(problem)).toBeVisible();
    await expectNoAxeViolations(mine, "The warranty visit booked");
  } finally {
    await home.close();
  }

  // Alex's My day, this morning: the warranty visit's card says what went wrong, with the photo.
  const { context, phone } = await technicianOnPhone(browser, jobServer.origin, crew.technician);
  try {
    await phone.goto("/office/day");
    await hydrated(phone);
    const visit = phone.getByRole("article", { name: job.name });
    await expect(visit.getByText("Warranty callback, no charge")).toBeVisible();
    await expect(visit.getByText(`What went wrong: ${problem}`)).toBeVisible();
    const picture = visit.getByRole("img", {
      name: "Photo of what went wrong, from the homeowner",
    });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoAxeViolations(phone, "My day with the warranty visit");
  } finally {
    await context.close();
  }
});
