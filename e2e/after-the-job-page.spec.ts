import type { Locator, Page } from "@playwright/test";

import { startJobServer, type ExtraServer } from "./support/extra-server";
import { staffPassword as password, todayInTexas } from "./support/field";
import {
  dryerThatDoesNotHeat,
  jobAtArrived,
  newCrew,
  writeIgniterEstimate,
} from "./support/field-job";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { waitForEmails } from "./support/leads";
import { signIn } from "./support/staff";
import { axe } from "./support/axe";

// The homeowner's page after the job, on a 375 px phone: the estimate told by email ("Alex sent
// an estimate: $245. Review and approve"), then, once paid, the page leads with the repair's
// day, Paid, the warranty and the receipt, then the rating as a row of stars that the keyboard
// reaches and works, with or without JavaScript. On a server of its own (a free port) shared by
// the file's tests in one worker; each homeowner books from an address of their own.

const test = base.extend<{ jobServer: ExtraServer }>({
  jobServer: fileServer(() => startJobServer()),
  baseURL: async ({ jobServer }, provide) => provide(jobServer.origin),
});

test.describe.configure({ mode: "default", timeout: 180_000 });
test.use({ expectedConsoleErrors: /status of (400|401|403|404|409|429)/ });

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

/** "Nov 27": today in Houston, as the page names the repair's day. */
function todayShort() {
  const [year, month, day] = todayInTexas().split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** The fill a star is drawn with (its polygon's computed `fill`). */
function starFill(group: Locator, stars: number) {
  return group
    .locator("label")
    .nth(stars - 1)
    .locator("polygon")
    .evaluate((polygon) => getComputedStyle(polygon).fill);
}

const amber = "rgb(245, 158, 11)";

/** Opens `path` on `page` and waits until it is hydrated (its scripts have run). */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("after the payment the page leads with Paid, the receipt and the warranty, then a row of stars the keyboard reaches and works, without JavaScript too", async ({
  page,
  browser,
  request,
  jobServer,
}) => {
  test.slow();
  // The office: an owner who sets the $89 service call, and Alex, a technician of Texas.
  const crew = await newCrew(jobServer);
  await signIn(page, crew.owner, password);
  await page.goto("/office/prices?office=texas");
  await page.getByLabel("Service-call fee ($)").fill("89");
  await page
    .getByLabel("When the fee applies", { exact: true })
    .fill("waived when you go ahead with the repair");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByText("Saved").first()).toBeVisible();

  // Maria books a dryer repair; the owner confirms it for this evening, with Alex, who is there.
  const clientAddress = `198.51.100.${(Date.now() % 200) + 20}`;
  const { job, phoneContext, card } = await jobAtArrived(
    { page, browser, request, server: jobServer },
    {
      crew,
      firstName: "Maria",
      details: dryerThatDoesNotHeat,
      clientAddress,
      window: "evening",
    },
  );
  const { name, email, privateUrl } = job;

  // Her phone, with JavaScript and without.
  const homeContext = await browser.newContext({
    viewport: { width: 375, height: 740 },
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
  });
  const noScriptContext = await browser.newContext({
    viewport: { width: 375, height: 740 },
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
  });
  try {
    // Alex writes the estimate on his phone.
    await writeIgniterEstimate(card);

    // Maria is told at once, with her page's link.
    const [told] = await waitForEmails(
      (received) =>
        received.envelopeTo.includes(email) &&
        received.subject === "Alex sent an estimate: $245. Review and approve",
      1,
    );
    const reviewLink = told!.text.match(/Review and approve: (\S+)/)?.[1] ?? "";
    expect(new URL(reviewLink).pathname).toBe(privateUrl);
    expect(new URL(reviewLink).hash).toBe("#estimate");

    // She approves on her page; Alex finishes and is paid by card.
    const mine = await homeContext.newPage();
    await openHydrated(mine, `${new URL(reviewLink).pathname}#estimate`);
    const estimate = mine.getByRole("region", { name: "Your estimate" });
    await estimate.getByLabel("Your name").fill(name);
    await estimate.getByRole("button", { name: "Approve estimate" }).click();
    await expect(
      mine.getByText("Thank you: the estimate is approved. Your technician sees it now."),
    ).toBeVisible();
    await expect(card.getByText(`Approved by ${name} on the customer's page`)).toBeVisible();
    await card.getByText("Done: record the repair").click();
    await card.getByLabel("Work done").fill("Replaced the igniter; tested two cycles.");
    await card.getByLabel("Model").fill("DVG45R6100C");
    await card.getByLabel("Serial number").fill("0B7H5AEN400123");
    await card.getByLabel("Parts used").fill("DC97-14486A igniter");
    const charged = card.getByLabel("Amount charged ($)");
    if ((await charged.inputValue()) === "") await charged.fill("245");
    await card.getByRole("button", { name: "Done", exact: true }).click();
    await expect(card.getByText("Done", { exact: true })).toBeVisible();
    await card.locator("summary", { hasText: "Record payment" }).click();
    await card.getByRole("radio", { name: "Card" }).check();
    await card.getByRole("button", { name: "Record payment" }).click();
    // (The finished visit folds to one line on My day: the payment is there, not shown.)
    await expect(card.getByText(/Paid \$245\.00 by card/)).toBeAttached();

    // Her page, once paid: the repair's day, Paid, the warranty and the receipt lead; the stars next.
    await openHydrated(mine, privateUrl);
    const headings = await mine.locator("main h2").allTextContents();
    expect(headings.slice(0, 2)).toEqual([`Repaired ${todayShort()}`, "How did Alex do?"]);
    const paid = mine.getByRole("region", { name: `Repaired ${todayShort()}` });
    await expect(paid.getByText(/^Paid \$245\.00 by card on /)).toBeVisible();
    await expect(paid.getByText(/^Warranty: 90 days on parts and labour, until /)).toBeVisible();
    await expect(paid.getByRole("link", { name: "View and print the receipt" })).toBeVisible();
    const rating = mine.getByRole("region", { name: "How did Alex do?" });
    const stars = rating.getByRole("group", { name: "Your rating" });
    await expect(stars.getByRole("radio")).toHaveCount(5);
    // A row: the five stars side by side on the phone.
    const boxes = await Promise.all(
      [0, 1, 2, 3, 4].map((index) => stars.locator("label").nth(index).boundingBox()),
    );
    expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(1);
    for (const box of boxes) expect(box!.height).toBeGreaterThanOrEqual(44);
    await expectNoAxeViolations(mine, "The page after the job");

    // The keyboard, with JavaScript: Tab from the receipt's link reaches the first star; the
    // arrows choose, and the stars fill up to the choice.
    await paid.getByRole("link", { name: "View and print the receipt" }).focus();
    await mine.keyboard.press("Tab");
    await expect(stars.getByRole("radio", { name: "1 star" })).toBeFocused();
    await mine.keyboard.press("ArrowRight");
    await mine.keyboard.press("ArrowRight");
    await mine.keyboard.press("ArrowRight");
    await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await expect(stars.getByRole("radio", { name: "4 stars" })).toBeFocused();
    expect(await starFill(stars, 4)).toBe(amber);
    expect(await starFill(stars, 1)).toBe(amber);
    expect(await starFill(stars, 5)).not.toBe(amber);
    await expectNoAxeViolations(mine, "The stars with a choice");

    // Without JavaScript: the same stars, chosen with the keyboard, posted as a plain form.
    const plain = await noScriptContext.newPage();
    await plain.goto(privateUrl);
    const plainStars = plain
      .getByRole("region", { name: "How did Alex do?" })
      .getByRole("group", { name: "Your rating" });
    await plain
      .getByRole("region", { name: `Repaired ${todayShort()}` })
      .getByRole("link", { name: "View and print the receipt" })
      .focus();
    await plain.keyboard.press("Tab");
    await expect(plainStars.getByRole("radio", { name: "1 star" })).toBeFocused();
    for (let step = 0; step < 4; step += 1) await plain.keyboard.press("ArrowRight");
    await expect(plainStars.getByRole("radio", { name: "5 stars" })).toBeChecked();
    expect(await starFill(plainStars, 5)).toBe(amber);
    await plain.getByLabel("Anything you'd like to tell us? (optional)").fill("Fast and tidy.");
    await plain.getByRole("button", { name: "Send my review" }).focus();
    await plain.keyboard.press("Enter");
    await expect(plain.getByText("Thank you for your review.")).toBeVisible();
    await expect(plain.getByText("You gave 5 stars.")).toBeVisible();

    // The receipt lists its lines one to a row, the waived service call among them.
    await openHydrated(mine, `${privateUrl}/receipt`);
    const lines = mine.getByRole("table");
    await expect(lines.getByRole("row", { name: /Igniter DC97-14486A/ })).toContainText("$145.00");
    await expect(lines.getByRole("row", { name: "Service call $89: waived" })).toBeVisible();
    // The (unseen) header row, the two lines, the waived service call, the total.
    await expect(lines.getByRole("row")).toHaveCount(5);
    expect(await overflow(mine)).toBeLessThanOrEqual(0);
  } finally {
    await phoneContext.close();
    await homeContext.close();
    await noScriptContext.close();
  }
});
