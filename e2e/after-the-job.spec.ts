import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";

import { serviceRequest } from "../server/test-support/fixtures";
import { e2ePort } from "../playwright.config";
import { startExtraServer } from "./support/extra-server";
import { requestedDay, staffEmail, staffPassword as password, todayInTexas } from "./support/field";
import { expect, test } from "./support/fixtures";
import { uniqueName, waitForEmails, type ReceivedEmail } from "./support/leads";
import { signIn, staffCommand } from "./support/staff";

// After the job: the price up front, the estimate approved, the receipt with its warranty, the
// warranty callback, and the review asked of everyone alike. On a server of its own, whose clock
// the journey moves (TEST_CLOCK_FILE) to see the review request go two hours after Done.
const port = e2ePort + 90;
let server: Awaited<ReturnType<typeof startExtraServer>> | undefined;
let clockDir = "";
let clockFile = "";

const owner = staffEmail("owner");
const technician = staffEmail("alex");
/** The two jobs Alex finishes: the first pays and claims the warranty, both are asked to rate. */
const jobs = {
  first: { name: uniqueName("Maria"), email: staffEmail("maria"), privateUrl: "" },
  second: { name: uniqueName("Dan"), email: staffEmail("dan"), privateUrl: "" },
};
/** When the Dones were tapped (between these instants): the review requests are due 2 h after. */
const dones: { from: number; by: number }[] = [];

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({
  baseURL: `http://127.0.0.1:${port}`,
  expectedConsoleErrors: /status of (400|401|403|404|409|429)/,
});

test.beforeAll(async () => {
  test.setTimeout(90_000);
  clockDir = mkdtempSync(path.join(tmpdir(), "e2e-clock-"));
  clockFile = path.join(clockDir, "clock");
  server = await startExtraServer(port, {
    SMTP_URL: process.env.E2E_SMTP_URL!,
    OUTBOX_POLL_MS: "200",
    TEST_CLOCK_FILE: clockFile,
  });
  for (const [email, args] of [
    [owner, ["--role", "owner", "--name", "Olive Owner"]],
    [technician, ["--role", "technician", "--office", "texas", "--name", "Alex Rivera"]],
  ] as const) {
    const added = await staffCommand(["add", email, ...args], password, server.dataDir);
    expect(added.stderr).toBe("");
  }
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function expectNoAxeViolations(page: Page, what: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // A button that just changed (Publish → Unpublish) fades its colours: axe reads the end.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished)),
    );
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => violation.id),
      `${what} at ${width} px`,
    ).toEqual([]);
    expect(await overflow(page), `${what} at ${width} px`).toBeLessThanOrEqual(0);
  }
}

/** Alex's phone: signed in on My day, no service worker (see field.spec.ts). */
async function alexOnPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    serviceWorkers: "block",
  });
  const phone = await context.newPage();
  await phone.goto("/office/sign-in");
  await phone.getByRole("textbox", { name: "Email" }).fill(technician);
  await phone.getByLabel("Password").fill(password);
  await phone.getByRole("button", { name: "Sign in" }).click();
  await expect(phone.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
  await phone.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return { context, phone };
}

/** The owner confirms the asked visit for today, to Alex, on the lead page. */
async function confirmToAlex(page: Page, leadName: string) {
  await page.goto("/office");
  await page.getByRole("link", { name: leadName }).click();
  const confirm = page.getByRole("form", { name: "Confirm requested visit" });
  await confirm.getByLabel("Visit date").fill(todayInTexas());
  await confirm.getByLabel("Visit window").selectOption("evening");
  await confirm.getByLabel("Assign to").selectOption({ label: "Alex Rivera" });
  await confirm.getByRole("button", { name: "Confirm requested visit" }).click();
  await expect(confirm.getByText("Saved")).toBeVisible();
}

/** "Feb 23, 2027": the day `days` after today in Houston. */
function texasDayAfter(days: number) {
  const [year, month, day] = todayInTexas().split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The hour in Houston at an instant. */
function texasHour(instant: number) {
  return Number(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      hour: "numeric",
      hourCycle: "h23",
    }).format(new Date(instant)),
  );
}

/** Moves the server's clock to `instant` (real time keeps running from there). */
function setClock(instant: number) {
  const offset = Math.round(instant - Date.now());
  writeFileSync(clockFile, `${offset >= 0 ? "+" : ""}${offset}`);
}

test("an owner sets an $89 fee; the estimate is approved on the private page; a card payment brings the receipt and its warranty; 'Same problem again?' books a callback the desk sees live", async ({
  page,
  browser,
}) => {
  test.slow();
  const job = jobs.first;

  // The owner sets Texas's prices.
  await signIn(page, owner, password);
  await page.goto("/office/prices?office=texas");
  await page.getByLabel("Service-call fee ($)").fill("89");
  await page.getByLabel("When the fee applies").fill("waived when you go ahead with the repair");
  await page.getByLabel("Dryer Repair: low").fill("150");
  await page.getByLabel("Dryer Repair: high").fill("350");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expectNoAxeViolations(page, "/office/prices");

  // A homeowner on a phone: the fee and the range on the dryer page, the fee before Submit.
  const homeowner = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const mine = await homeowner.newPage();
  const fee = "Service call: $89, waived when you go ahead with the repair";
  await mine.goto("/services/dryer?region=Texas");
  await expect(mine.getByText(fee).first()).toBeVisible();
  await expect(mine.getByText("Most dryer repairs: $150-$350")).toBeVisible();
  await mine.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await mine.getByRole("link", { name: "Book dryer repair" }).click();
  const dialog = mine.getByRole("dialog", { name: "Schedule Service" });
  await expect(dialog.getByText("Step 2 of 2: Contact Information")).toBeVisible();
  await expect(dialog.getByText(fee)).toBeVisible();
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(job.name);
  await dialog.getByRole("textbox", { name: "Email" }).fill(job.email);
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).pressSequentially("7135550142");
  await dialog
    .getByRole("textbox", { name: "Address", exact: true })
    .fill("1200 Main St, Houston, TX");
  await dialog.getByRole("button", { name: "Choose a date from the calendar" }).click();
  await dialog
    .getByRole("group", { name: "Calendar" })
    .getByRole("button", { name: /\d{4}$/, disabled: false })
    .first()
    .click();
  await dialog.getByRole("radio", { disabled: false }).first().click();
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog).toBeHidden();
  const notice = mine.getByRole("region", { name: "Your request is on its way" });
  job.privateUrl =
    (await notice
      .getByRole("link", { name: "See, change or cancel your visit" })
      .getAttribute("href")) ?? "";
  expect(job.privateUrl).toMatch(/^\/requests\//);
  const [confirmation] = await waitForEmails(
    (email) => email.envelopeTo.includes(job.email) && email.subject.includes("received"),
    1,
  );
  expect(confirmation!.text).toContain(`${fee}.`);
  expect(confirmation!.html).toContain(fee);

  // Booked for this evening, to Alex.
  await confirmToAlex(page, job.name);
  await mine.goto(job.privateUrl);
  await mine.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(mine.getByText("$89, waived when you go ahead with the repair")).toBeVisible();

  const { context, phone } = await alexOnPhone(browser);
  try {
    const card = phone.getByRole("article", { name: job.name });
    await card.getByRole("button", { name: "Arrived" }).click();
    await expect(card.getByText("Arrived", { exact: true })).toBeVisible();

    // The estimate, in lines, on the phone.
    await card.locator("summary", { hasText: "Write the estimate" }).click();
    await card.getByLabel("Line 1 kind").selectOption("part");
    await card.getByLabel("Line 1 description").fill("Igniter DC97-14486A");
    await card.getByLabel("Line 1 amount ($)").fill("145");
    await card.getByLabel("Line 2 kind").selectOption("labour");
    await card.getByLabel("Line 2 description").fill("Replace the igniter and test two cycles");
    await card.getByLabel("Line 2 amount ($)").fill("100");
    await card.getByRole("button", { name: "Save the estimate" }).click();
    await expect(card.getByText("$245.00").first()).toBeVisible();

    // The homeowner approves it on their page (unreloaded); Alex sees it without a reload.
    const estimate = mine.getByRole("region", { name: "Your estimate" });
    await expect(estimate.getByText("Igniter DC97-14486A")).toBeVisible();
    await expectNoAxeViolations(mine, "The private page with an estimate");
    await estimate.getByLabel("Your name").fill(job.name);
    await estimate.getByRole("button", { name: "Approve estimate" }).click();
    await expect(
      mine.getByText("Thank you: the estimate is approved. Your technician sees it now."),
    ).toBeVisible();
    await expect(card.getByText(`Approved by ${job.name} on the customer's page`)).toBeVisible();

    // Done, then the card payment.
    await card.getByText("Done: record the repair").click();
    await card.getByLabel("Work done").fill("Replaced the igniter; tested two cycles.");
    await card.getByLabel("Model").fill("DVG45R6100C");
    await card.getByLabel("Serial number").fill("0B7H5AEN400123");
    await card.getByLabel("Parts used").fill("DC97-14486A igniter");
    await card.getByLabel("Amount charged ($)").fill("245");
    const from = Date.now();
    await card.getByRole("button", { name: "Done", exact: true }).click();
    await expect(card.getByText("Done", { exact: true })).toBeVisible();
    dones.push({ from, by: Date.now() });
    await card.locator("summary", { hasText: "Record payment" }).click();
    await card.getByRole("radio", { name: "Card" }).check();
    await expect(card.getByLabel("Amount paid ($)")).toHaveValue("245.00");
    await card.getByRole("button", { name: "Record payment" }).click();
    await expect(card.getByText(/Paid \$245\.00 by card/)).toBeVisible();
    await expectNoAxeViolations(phone, "My day after the payment");
  } finally {
    await context.close();
  }

  // The receipt by email, with the warranty's end, and on a page that prints.
  const warranty = `90 days on parts and labour, until ${texasDayAfter(90)}`;
  const [receipt] = await waitForEmails(
    (email) => email.envelopeTo.includes(job.email) && email.subject.startsWith("Your receipt"),
    1,
  );
  expect(receipt!.subject).toBe("Your receipt for your dryer repair");
  expect(receipt!.text).toContain(warranty);
  expect(receipt!.text).toContain("$245.00");
  // The lead, for the office: the estimate and its answer, the payment, the warranty.
  await page.goto("/office");
  await page.getByRole("link", { name: job.name }).click();
  await expect(
    page.getByText(`Estimate approved by ${job.name} on the customer's page`).first(),
  ).toBeVisible();
  await expect(page.getByText("Paid $245.00 by card").first()).toBeVisible();
  await expect(page.getByText(warranty)).toBeVisible();

  await mine.reload();
  await mine.getByRole("link", { name: "View and print the receipt" }).click();
  await expect(mine).toHaveURL(/\/requests\/[A-Za-z0-9_-]+\/receipt$/);
  await expect(mine.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  await expect(mine.getByText(`Warranty: ${warranty}`)).toBeVisible();
  await expect(mine.getByText("DVG45R6100C")).toBeVisible();
  await expect(mine.getByText("Alex", { exact: true })).toBeVisible();
  await expect(mine.getByText("Rivera")).toHaveCount(0);
  await expectNoAxeViolations(mine, "The receipt");
  await mine.emulateMedia({ media: "print" });
  await expect(mine.getByRole("banner")).toBeHidden();
  await expect(mine.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  await expect(mine.getByRole("button", { name: "Print" })).toBeHidden();
  const pdf = await mine.pdf({ format: "Letter" });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  await mine.emulateMedia({ media: "screen" });

  // Same problem again: one POST books the free callback; the owner's inbox shows it live.
  await page.goto("/office");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await mine.goto(job.privateUrl);
  await mine.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const callback = mine.getByRole("region", { name: "Same problem again?" });
  await expect(callback).toContainText(`guaranteed until ${texasDayAfter(90)}`);
  await callback.getByRole("radio").first().check();
  await callback.getByRole("button", { name: "Book a free warranty visit" }).click();
  await expect(
    mine.getByText(/Your free warranty visit is booked for .+\. No charge\./),
  ).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: job.name }).getByText("Warranty callback"),
  ).toBeVisible();
  await waitForEmails(
    (email) => email.subject.startsWith("Warranty callback booked by the customer"),
    1,
  );
  await homeowner.close();
});

test("a second job is done the same day, with no estimate", async ({ page, browser, request }) => {
  const job = jobs.second;
  const booked = await request.post("/api/send-email", {
    data: serviceRequest({
      name: job.name,
      email: job.email,
      selectedAppliance: "washer",
      address: "88 Elm St, Katy, TX",
      description: "Does not drain",
      preferredDate: requestedDay(),
      preferredTime: "afternoon",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  job.privateUrl = new URL(((await booked.json()) as { requestUrl: string }).requestUrl).pathname;
  await signIn(page, owner, password);
  await confirmToAlex(page, job.name);
  const { context, phone } = await alexOnPhone(browser);
  try {
    const card = phone.getByRole("article", { name: job.name });
    await card.getByRole("button", { name: "Arrived" }).click();
    await expect(card.getByText("Arrived", { exact: true })).toBeVisible();
    await card.getByText("Done: record the repair").click();
    await card.getByLabel("Work done").fill("Cleared the drain pump filter.");
    await card.getByLabel("Model").fill("WTW5000DW1");
    await card.getByLabel("Serial number").fill("C91234567");
    await card.getByLabel("Amount charged ($)").fill("89");
    const from = Date.now();
    await card.getByRole("button", { name: "Done", exact: true }).click();
    await expect(card.getByText("Done", { exact: true })).toBeVisible();
    dones.push({ from, by: Date.now() });
  } finally {
    await context.close();
  }
});

test("two hours after Done, by the test clock, everyone is asked alike; 5 stars with permission are published on /reviews; 2 stars alert the owner", async ({
  page,
  browser,
}) => {
  test.slow();
  const asked = (email: ReceivedEmail, job: { email: string }) =>
    email.envelopeTo.includes(job.email) && email.subject === "How did Alex do?";
  // Two hours after Done, or the next 8:00 in Houston when that falls in quiet hours.
  const dueAfter = (done: number) => {
    let due = done + 2 * 60 * 60 * 1000;
    if (texasHour(due) >= 21 || texasHour(due) < 8) {
      while (texasHour(due) !== 8) due += 15 * 60 * 1000;
      // 8:00 sharp (Houston is a whole number of hours from UTC).
      due -= due % (60 * 60 * 1000);
    }
    return due;
  };
  expect(dones).toHaveLength(2);
  // A minute before the first is due, nothing has gone.
  setClock(Math.min(...dones.map((done) => dueAfter(done.from))) - 60 * 1000);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const early = (await (await fetch(`${process.env.E2E_MAILBOX_URL}/`)).json()) as ReceivedEmail[];
  expect(early.filter((email) => asked(email, jobs.first) || asked(email, jobs.second))).toEqual(
    [],
  );
  setClock(Math.max(...dones.map((done) => dueAfter(done.by))) + 60 * 1000);
  const [first] = await waitForEmails((email) => asked(email, jobs.first), 1);
  await waitForEmails((email) => asked(email, jobs.second), 1);
  const rateLink = first!.text.match(/https?:\/\/\S+#review/)?.[0];
  expect(rateLink).toBeDefined();

  // Maria: 5 stars, words, publishing allowed. The Google link whatever the rating.
  const homeowner = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const mine = await homeowner.newPage();
  await mine.goto(new URL(rateLink!).pathname);
  await mine.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = mine.getByRole("region", { name: "How did Alex do?" });
  await expect(form.getByRole("link", { name: "Review us on Google" })).toHaveAttribute(
    "href",
    /^https:\/\/search\.google\.com\//,
  );
  await expectNoAxeViolations(mine, "The rating form");
  await form.getByRole("radio", { name: "5 stars" }).check();
  await form
    .getByLabel("Anything you'd like to tell us? (optional)")
    .fill("Alex found the igniter fast and explained everything.");
  await form.getByRole("checkbox", { name: /You may publish my review/ }).check();
  await form.getByRole("button", { name: "Send my review" }).click();
  await expect(mine.getByText("Thank you for your review.")).toBeVisible();
  await expect(mine.getByRole("link", { name: "Review us on Google" })).toBeVisible();

  // Dan: 2 stars, no permission. The same Google link; the owner is alerted.
  await mine.goto(jobs.second.privateUrl);
  await mine.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const second = mine.getByRole("region", { name: "How did Alex do?" });
  await expect(second.getByRole("link", { name: "Review us on Google" })).toBeVisible();
  await second.getByRole("radio", { name: "2 stars" }).check();
  await second
    .getByLabel("Anything you'd like to tell us? (optional)")
    .fill("Came late and left water on the floor.");
  await second.getByRole("button", { name: "Send my review" }).click();
  await expect(mine.getByText("Thank you for your review.")).toBeVisible();
  await expect(mine.getByRole("link", { name: "Review us on Google" })).toBeVisible();
  await homeowner.close();
  await waitForEmails(
    (email) =>
      email.envelopeTo.includes(owner) &&
      email.subject === "Needs attention: 2 stars for Alex Rivera",
    1,
  );

  // The owner reads both, publishes the one allowed; the other cannot be.
  // The owner's inbox says so, until it is handled.
  await signIn(page, owner, password);
  await page.getByRole("link", { name: "1 review needs attention: 3 stars or fewer" }).click();
  await expect(page).toHaveURL(/\/office\/reviews$/);
  const danAnswer = page.getByRole("listitem").filter({ hasText: "Came late" });
  await expect(danAnswer.getByText("Needs attention")).toBeVisible();
  await expect(danAnswer.getByRole("button", { name: "Publish" })).toHaveCount(0);
  const mariaAnswer = page.getByRole("listitem").filter({ hasText: "explained everything" });
  await mariaAnswer.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: it shows on the Reviews page now.")).toBeVisible();
  // Read as it is drawn, not mid-change (the button that just turned into Unpublish).
  await page.goto("/office/reviews");
  await expectNoAxeViolations(page, "/office/reviews");
  await danAnswer.getByRole("button", { name: "Mark as handled" }).click();
  await expect(danAnswer.getByText("Handled by Olive Owner")).toBeVisible();
  await page.goto("/office");
  await expect(page.getByText(/needs? attention/)).toHaveCount(0);

  // /reviews: the seed's 13, then Maria's, verified.
  await page.goto("/reviews");
  await expect(
    page.getByText(/^Maria, Houston TX · Dryer · [A-Z][a-z]+ \d{4} · verified repair$/),
  ).toBeVisible();
  await expect(page.getByText("Came late")).toHaveCount(0);
  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(structured.join("")).not.toContain("aggregateRating");
});
