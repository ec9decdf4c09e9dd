import type { Locator, Page } from "@playwright/test";

import { repairedLine } from "~/domain/estimate";
import { deskVisitStyle, formatVisit, formatVisitDay } from "~/domain/visit";

import { startClockedServer, type ClockedServer } from "./support/extra-server";
import {
  requestedDay,
  staffPassword as password,
  todayInTexas,
  tomorrowInTexas,
} from "./support/field";
import { dryerThatDoesNotHeat, jobAtArrived } from "./support/field-job";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { waitForEmails } from "./support/leads";
import { hydrated } from "./support/my-day";
import { axe } from "./support/axe";

// Issue 36: a return visit done on another day than the one asked for shows the day it happened,
// on the homeowner's page and on the receipt (its page and its email). The homeowner asks for a
// morning a few days ahead; the office books the first visit for this evening, which ends in
// Needs a part, and books the return visit for tomorrow afternoon on the lead page. Tomorrow, by
// the server's clock (TEST_CLOCK_FILE, with ALLOW_TEST_CLOCK=1), the technician goes, finishes and
// is paid. The asked-for morning is never shown as a visit, nor is any visit "(requested)".
//
// On a server of its own (a free port, in this worker), whose mail goes to the journeys' SMTP
// stand-in; everything at 375 px.
const test = base.extend<{ clockedServer: ClockedServer }>({
  clockedServer: fileServer(startClockedServer),
  baseURL: async ({ clockedServer }, provide) => provide(clockedServer.origin),
});

test.describe.configure({ timeout: 240_000 });
test.use({
  viewport: { width: 375, height: 800 },
  expectedConsoleErrors: /status of (400|401|403|404|409|429)/,
});

/** axe finds nothing, and nothing scrolls sideways, at 375 px. */
async function expectClean(page: Page, what: string) {
  const results = await axe(page).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`),
    what,
  ).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${what}: sideways scroll at 375 px`,
  ).toBeLessThanOrEqual(0);
}

/** The value of the definition list's entry `label` ("Visits") on the page. */
function definition(page: Page, label: string): Locator {
  return page
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

test("a return visit done on another day than the one asked for shows its own day and window on the homeowner's page and the receipt", async ({
  page,
  browser,
  request,
  clockedServer,
}) => {
  const asked = { date: requestedDay(), window: "morning" } as const;
  const first = { date: todayInTexas(), window: "evening" } as const;
  const returned = { date: tomorrowInTexas(), window: "afternoon" } as const;
  expect(returned.date, "the return visit on another day than the one asked for").not.toBe(
    asked.date,
  );
  const visitText = (visit: { date: string; window: string }) =>
    formatVisit(visit.date, visit.window, "Central");
  const firstLine = `First visit: ${visitText(first)} (needed a part)`;
  const returnLine = `Return visit: ${visitText(returned)} (done)`;
  const askedDay = formatVisitDay(asked.date);

  // Rosa asks for a morning a few days ahead; the office books this evening with Alex, who goes.
  const { crew, job, phone, phoneContext, card } = await jobAtArrived(
    { page, browser, request, server: clockedServer },
    {
      firstName: "Rosa",
      details: { ...dryerThatDoesNotHeat, preferredDate: asked.date, preferredTime: asked.window },
      window: first.window,
    },
  );
  try {
    // The dryer needs a part.
    await card.locator("summary", { hasText: "Needs a part" }).click();
    await card.getByLabel("Part for the customer's page").fill("DC97-14486A igniter");
    await card.getByRole("button", { name: "Needs a part" }).click();
    await expect(card.locator("summary", { hasText: job.name })).toContainText("Needs a part");

    // The office books the return visit on the lead page: tomorrow afternoon, with Alex.
    await page.goto(job.leadPath);
    const booking = page.getByRole("form", { name: "Book the return visit" });
    await booking.getByLabel("Return visit date").fill(returned.date);
    await booking.getByLabel("Return visit window").selectOption(returned.window);
    await booking.getByLabel("Technician").selectOption({ label: crew.technicianName });
    await booking.getByRole("button", { name: "Book the return visit" }).click();
    await expect(page.getByRole("region", { name: /^Confirmed with / })).toContainText(
      formatVisit(returned.date, returned.window, null, deskVisitStyle),
    );

    // Tomorrow afternoon by the server's clock (1:30 or 2:30 PM in Houston): Alex goes again.
    clockedServer.setClock(Date.parse(`${returned.date}T19:30:00Z`));
    await phone.waitForTimeout(300);
    await phone.goto("/office/day");
    if (/\/office\/sign-in/.test(phone.url())) {
      await phone.getByRole("textbox", { name: "Email" }).fill(crew.technician);
      await phone.getByLabel("Password").fill(password);
      await phone.getByRole("button", { name: "Sign in" }).click();
      await expect(phone).toHaveURL(/\/office\/day$/);
    }
    await hydrated(phone);
    const returnCard = phone
      .getByRole("region", { name: /^Today/ })
      .getByRole("article", { name: job.name });
    await expect(returnCard.getByText(/Return visit: bring DC97-14486A igniter/)).toBeVisible();
    await returnCard.getByRole("button", { name: "On my way" }).click();
    await expect(returnCard.getByText(/On the way: Arriving about/)).toBeVisible();
    await returnCard.getByRole("button", { name: "Arrived" }).click();
    await expect(returnCard.getByText("Arrived", { exact: true })).toBeVisible();
    await returnCard.getByText("Done: record the repair").click();
    await returnCard.getByLabel("Work done").fill("Replaced the igniter; tested two cycles.");
    await expect(returnCard.getByLabel("Model")).toHaveValue("DVG45R6100C");
    await returnCard.getByLabel("Serial number").fill("0B7H5AEN400123");
    await returnCard.getByLabel("Parts used").fill("DC97-14486A igniter");
    await returnCard.getByLabel("Amount charged ($)").fill("189.50");
    await returnCard.getByRole("button", { name: "Done", exact: true }).click();
    await expect(returnCard.getByText("Done", { exact: true })).toBeVisible();
    await returnCard.locator("summary", { hasText: "Record payment" }).click();
    await returnCard.getByRole("radio", { name: "Card" }).check();
    await expect(returnCard.getByLabel("Amount paid ($)")).toHaveValue("189.50");
    await returnCard.getByRole("button", { name: "Record payment" }).click();
    await expect(returnCard.locator("summary").first()).toContainText("Done");
  } finally {
    await phoneContext.close();
  }

  // Rosa's page: the first visit on its own day, the return visit on the day it happened.
  const homeowner = await browser.newContext({ viewport: { width: 375, height: 800 } });
  try {
    const mine = await homeowner.newPage();
    await mine.goto(`${clockedServer.origin}${job.privateUrl}`);
    await hydrated(mine);
    const visits = definition(mine, "Visits");
    await expect(visits).toContainText(firstLine);
    await expect(visits).toContainText(returnLine);
    await expect(visits).not.toContainText(askedDay);
    await expect(mine.getByText(`Visit confirmed: ${visitText(returned)}`)).toBeVisible();
    await expect(
      mine.getByRole("heading", { level: 2, name: repairedLine(returned.date) }),
    ).toBeVisible();
    await expect(mine.locator("main")).not.toContainText("(requested)");
    await expectClean(mine, "The private page after the return visit");

    // The receipt's page says the same.
    await mine.getByRole("link", { name: "View and print the receipt" }).click();
    await expect(mine.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
    const receiptVisits = definition(mine, "Visits");
    await expect(receiptVisits).toHaveText(`${firstLine}\n${returnLine}`, {
      useInnerText: true,
    });
    await expect(mine.locator("#receipt")).not.toContainText(askedDay);
    await expect(mine.locator("#receipt")).not.toContainText("(requested)");
    await expectClean(mine, "The receipt of the return visit");
  } finally {
    await homeowner.close();
  }

  // And so does the receipt by email.
  const [receipt] = await waitForEmails(
    (email) => email.envelopeTo.includes(job.email) && email.subject.startsWith("Your receipt"),
    1,
  );
  const lines = receipt!.text.split("\n").map((line) => line.trim());
  expect(lines).toContain(`Visits: ${firstLine}`);
  expect(lines).toContain(returnLine);
  expect(receipt!.html).toContain(firstLine);
  expect(receipt!.html).toContain(returnLine);
  for (const body of [receipt!.text, receipt!.html]) {
    expect(body).not.toContain(askedDay);
    expect(body).not.toContain("(requested)");
  }
  clockedServer.setClock(null);
});
