import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";

import { houstonHour } from "../server/test-support/text-hours";

import { startClockedServer, type ClockedServer, type ExtraServer } from "./support/extra-server";
import { staffEmail, staffPassword as password, todayInTexas } from "./support/field";
import {
  confirmVisitToday,
  dryerThatDoesNotHeat,
  jobAtArrived,
  newCrew,
  technicianOnPhone,
  writeIgniterEstimate,
  type Crew,
} from "./support/field-job";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import {
  changeBooking,
  expectConfirmed,
  receivedEmails,
  uniqueName,
  waitForEmails,
  type ReceivedEmail,
} from "./support/leads";
import { signIn } from "./support/staff";
import { axe } from "./support/axe";

// After the job: the price up front, the estimate approved, the receipt with its warranty, the
// warranty callback, and the review asked of everyone alike. Each test makes its own owner,
// technician and requests, so that each can fail alone.
//
// On a server of its own, whose clock the last test moves (TEST_CLOCK_FILE, with
// ALLOW_TEST_CLOCK=1) to see the review request go two hours after Done. Its port is a free one:
// the file's tests share the server in one worker, and a failed test's replacement worker starts
// another. As many places per window as asked for: every test books and confirms a visit. Each
// homeowner comes from an address of their own (X-Forwarded-For, the proxy trusted), as people
// do: the private page's daily budgets are per address, and no test spends another's.
const test = base.extend<{ origin: string; jobServer: ClockedServer }>({
  jobServer: fileServer(startClockedServer),
  origin: async ({ jobServer }, provide) => provide(jobServer.origin),
  baseURL: async ({ jobServer }, provide) => provide(jobServer.origin),
});

test.describe.configure({ mode: "default", timeout: 120_000 });
test.use({
  expectedConsoleErrors: /status of (400|401|403|404|409|429)/,
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
    const results = await axe(page).analyze();
    expect(
      results.violations.map((violation) => violation.id),
      `${what} at ${width} px`,
    ).toEqual([]);
    expect(await overflow(page), `${what} at ${width} px`).toBeLessThanOrEqual(0);
  }
}

async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The owner, signed in on `page`, sets Texas's prices: an $89 service call, dryers $150-$350. */
async function setTexasPrices(page: Page) {
  await page.goto("/office/prices?office=texas");
  await page.getByLabel("Service-call fee ($)").fill("89");
  await page
    .getByLabel("When the fee applies", { exact: true })
    .fill("waived when you go ahead with the repair");
  await page.getByLabel("Dryer Repair: low").fill("150");
  await page.getByLabel("Dryer Repair: high").fill("350");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
}

/**
 * The office every test but the first starts from: its own crew, the owner signed in on `page`,
 * and Texas's prices as the first test sets them (each test sets them again, so that none
 * depends on another having run).
 */
async function officeWithPrices(page: Page, server: ExtraServer): Promise<Crew> {
  const crew = await newCrew(server);
  await signIn(page, crew.owner, password);
  await setTexasPrices(page);
  return crew;
}

interface Job {
  name: string;
  email: string;
  privateUrl: string;
  leadPath: string;
  /** Where the homeowner books and answers from. */
  clientAddress: string;
}

let homeowners = 0;

/** A homeowner's address of their own (TEST-NET-2), one after another in this worker. */
function homeAddress() {
  homeowners += 1;
  return `198.51.100.${homeowners}`;
}

/**
 * A homeowner's request (a dryer in Houston that does not heat, unless told), booked for this evening with the crew's Alex, who is there (On my way,
 * Arrived) on the phone; the caller closes `phoneContext`.
 */
async function alexArrived(
  { page, browser, request }: { page: Page; browser: Browser; request: APIRequestContext },
  server: ExtraServer,
  crew: Crew,
  firstName: string,
  details: Record<string, unknown> = {},
) {
  const clientAddress = homeAddress();
  const arrived = await jobAtArrived(
    { page, browser, request, server },
    {
      crew,
      firstName,
      details: { ...dryerThatDoesNotHeat, ...details },
      clientAddress,
      window: "evening",
    },
  );
  const job: Job = { ...arrived.job, clientAddress };
  return { ...arrived, job };
}

/** The homeowner's phone, their private page open (and left unreloaded by the caller). */
async function homeownerOnPhone(browser: Browser, job: Job) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    extraHTTPHeaders: { "X-Forwarded-For": job.clientAddress },
  });
  const mine = await context.newPage();
  await mine.goto(job.privateUrl);
  await hydrated(mine);
  return { context, mine };
}

/** The homeowner approves the estimate on their page (unreloaded); Alex sees it without a reload. */
async function approveEstimate(mine: Page, card: Locator, job: Job) {
  const estimate = mine.getByRole("region", { name: "Your estimate" });
  await expect(estimate.getByText("Igniter DC97-14486A")).toBeVisible();
  await estimate.getByLabel("Your name").fill(job.name);
  await estimate.getByRole("button", { name: "Approve estimate" }).click();
  await expect(
    mine.getByText("Thank you: the estimate is approved. Your technician sees it now."),
  ).toBeVisible();
  await expect(card.getByText(`Approved by ${job.name} on the customer's page`)).toBeVisible();
}

/** When Done was tapped: between these instants. The review request is due two hours after. */
interface DoneTap {
  from: number;
  by: number;
}

/** Done, with the dryer's repair recorded. */
async function doneWithTheIgniter(card: Locator): Promise<DoneTap> {
  await card.getByText("Done: record the repair").click();
  await card.getByLabel("Work done").fill("Replaced the igniter; tested two cycles.");
  await card.getByLabel("Model").fill("DVG45R6100C");
  await card.getByLabel("Serial number").fill("0B7H5AEN400123");
  await card.getByLabel("Parts used").fill("DC97-14486A igniter");
  await card.getByLabel("Amount charged ($)").fill("245");
  const from = Date.now();
  await card.getByRole("button", { name: "Done", exact: true }).click();
  await expect(card.getByText("Done", { exact: true })).toBeVisible();
  return { from, by: Date.now() };
}

/** The card payment: the amount charged is offered. */
async function payByCard(card: Locator) {
  await card.locator("summary", { hasText: "Record payment" }).click();
  await card.getByRole("radio", { name: "Card" }).check();
  await expect(card.getByLabel("Amount paid ($)")).toHaveValue("245.00");
  await card.getByRole("button", { name: "Record payment" }).click();
  // Paid, nothing is left to do: the card is one line (name, window, status) that opens.
  const line = card.locator("summary").first();
  await expect(line).toContainText("Done");
  await line.click();
  await expect(card.getByText(/Paid \$245\.00 by card/)).toBeVisible();
}

/**
 * A dryer repair paid for: Maria's request confirmed for this evening to the crew's Alex, who
 * arrives, writes the estimate on the phone, approved on her page, Done, and paid by card.
 * `onMyDay` looks at Alex's phone after the payment.
 */
async function paidRepair(
  fixtures: { page: Page; browser: Browser; request: APIRequestContext },
  server: ExtraServer,
  crew: Crew,
  onMyDay: (phone: Page) => Promise<void> = async () => {},
) {
  const { job, phone, phoneContext, card } = await alexArrived(fixtures, server, crew, "Maria");
  const homeowner = await homeownerOnPhone(fixtures.browser, job).catch(async (error: unknown) => {
    await phoneContext.close();
    throw error;
  });
  try {
    await writeIgniterEstimate(card);
    await approveEstimate(homeowner.mine, card, job);
    const done = await doneWithTheIgniter(card);
    await payByCard(card);
    await onMyDay(phone);
    return { job, done };
  } finally {
    await phoneContext.close();
    await homeowner.context.close();
  }
}

/**
 * "Same problem again?" on the private page, booked in one POST: the first window offered, or
 * the last (a later day) when the office is to move it to this evening, which may itself be the
 * first offered.
 */
async function bookWarrantyCallback(mine: Page, choice: "first" | "last" = "first") {
  const callback = mine.getByRole("region", { name: "Same problem again?" });
  await callback.getByLabel(/What went wrong this time\?/).fill("It stopped heating again");
  await callback.getByRole("radio")[choice]().check();
  await callback.getByRole("button", { name: "Book a free warranty visit" }).click();
  await expect(
    mine.getByText(/Your free warranty visit is booked for .+\. No charge\./),
  ).toBeVisible();
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

/** What the receipt says of the warranty of a repair paid today. */
const warranty = () => `90 days on parts and labour, until ${texasDayAfter(90)}`;

test("an owner sets an $89 fee: the dryer page, the booking dialog, the confirmation email and the booked visit's private page show it", async ({
  page,
  browser,
  jobServer,
}) => {
  test.slow();
  const crew = await newCrew(jobServer);

  // The owner sets Texas's prices.
  await signIn(page, crew.owner, password);
  await setTexasPrices(page);
  await expectNoAxeViolations(page, "/office/prices");

  // A homeowner on a phone: the fee and the range on the dryer page, the fee before Submit.
  const job = { name: uniqueName("Maria"), email: staffEmail("maria") };
  const homeowner = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const mine = await homeowner.newPage();
    const fee = "Service call: $89, waived when you go ahead with the repair";
    await mine.goto("/services/dryer?region=Texas");
    await expect(mine.getByText(fee).first()).toBeVisible();
    await expect(mine.getByText("Most dryer repairs: $150-$350")).toBeVisible();
    await hydrated(mine);
    await mine.getByRole("link", { name: "Book dryer repair" }).click();
    const dialog = mine.getByRole("dialog", { name: "Schedule Service" });
    await expect(dialog.getByText("Step 2 of 2: Contact Information")).toBeVisible();
    await expect(dialog.getByText(fee)).toBeVisible();
    await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(job.name);
    await dialog.getByRole("textbox", { name: "Email" }).fill(job.email);
    await dialog
      .getByRole("textbox", { name: "Phone", exact: true })
      .pressSequentially("7135550142");
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
    const privateUrl =
      (await notice
        .getByRole("link", { name: "See, change or cancel your visit" })
        .getAttribute("href")) ?? "";
    expect(privateUrl).toMatch(/^\/requests\//);
    const [confirmation] = await waitForEmails(
      (email) => email.envelopeTo.includes(job.email) && email.subject.includes("received"),
      1,
    );
    expect(confirmation!.text).toContain(`${fee}.`);
    expect(confirmation!.html).toContain(fee);

    // Booked for this evening, to Alex, on the lead the inbox lists.
    await page.goto("/office");
    await page.getByRole("link", { name: job.name }).click();
    await confirmVisitToday(page, crew.technicianName, "evening");
    await mine.goto(privateUrl);
    await hydrated(mine);
    await expect(mine.getByText("$89, waived when you go ahead with the repair")).toBeVisible();
  } finally {
    await homeowner.close();
  }
});

test("the estimate written on the phone is approved on the private page, and Alex sees it without a reload", async ({
  page,
  browser,
  request,
  jobServer,
}) => {
  test.slow();
  const crew = await officeWithPrices(page, jobServer);
  const { job, phoneContext, card } = await alexArrived(
    { page, browser, request },
    jobServer,
    crew,
    "Maria",
  );
  const homeowner = await homeownerOnPhone(browser, job).catch(async (error: unknown) => {
    await phoneContext.close();
    throw error;
  });
  try {
    await writeIgniterEstimate(card);
    // On the homeowner's page, unreloaded.
    const estimate = homeowner.mine.getByRole("region", { name: "Your estimate" });
    await expect(estimate.getByText("Igniter DC97-14486A")).toBeVisible();
    await expectNoAxeViolations(homeowner.mine, "The private page with an estimate");
    await approveEstimate(homeowner.mine, card, job);
  } finally {
    await phoneContext.close();
    await homeowner.context.close();
  }
});

test("Done and a card payment bring the receipt by email with the warranty; the lead shows the estimate's answer, the payment and the warranty", async ({
  page,
  browser,
  request,
  jobServer,
}) => {
  test.slow();
  const crew = await officeWithPrices(page, jobServer);
  const { job } = await paidRepair({ page, browser, request }, jobServer, crew, (phone) =>
    expectNoAxeViolations(phone, "My day after the payment"),
  );

  // The receipt by email, with the warranty's end.
  const [receipt] = await waitForEmails(
    (email) => email.envelopeTo.includes(job.email) && email.subject.startsWith("Your receipt"),
    1,
  );
  expect(receipt!.subject).toBe("Your receipt for your dryer repair");
  expect(receipt!.text).toContain(warranty());
  expect(receipt!.text).toContain("$245.00");
  // The lead, for the office: the estimate and its answer, the payment, the warranty.
  await page.goto("/office");
  await page.getByRole("link", { name: job.name }).click();
  await expect(
    page.getByText(`Estimate approved by ${job.name} on the customer's page`).first(),
  ).toBeVisible();
  await expect(page.getByText("Paid $245.00 by card").first()).toBeVisible();
  await expect(page.getByText(warranty())).toBeVisible();
});

test("the receipt of a paid repair is a page that prints, with the warranty, the model and Alex's first name only", async ({
  page,
  browser,
  request,
  jobServer,
}) => {
  test.slow();
  const crew = await officeWithPrices(page, jobServer);
  const { job } = await paidRepair({ page, browser, request }, jobServer, crew);

  const homeowner = await homeownerOnPhone(browser, job);
  const { mine } = homeowner;
  try {
    await mine.getByRole("link", { name: "View and print the receipt" }).click();
    await expect(mine).toHaveURL(/\/requests\/[A-Za-z0-9_-]+\/receipt$/);
    await expect(mine.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
    await expect(mine.getByText(`Warranty: ${warranty()}`)).toBeVisible();
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

    await newWorkOnTheWarrantyVisit({ page, browser, mine }, jobServer, crew, job);
  } finally {
    await homeowner.context.close();
  }
});

/**
 * New work found on a warranty visit: Maria books one, the office moves it to this evening, and
 * Alex finds the drum belt worn (not the igniter's fault). The card offers "Write the estimate"
 * (not the repair's), Maria approves the $100 on her page beside the repair's receipt, Alex is done
 * and paid, and the receipt page shows the new work's receipt above the repair's.
 */
async function newWorkOnTheWarrantyVisit(
  { page, browser, mine }: { page: Page; browser: Browser; mine: Page },
  server: ExtraServer,
  crew: Crew,
  job: Job,
) {
  await mine.goto(job.privateUrl);
  await hydrated(mine);
  await bookWarrantyCallback(mine, "last");
  await page.goto(job.leadPath);
  await hydrated(page);
  await changeBooking(page, { date: todayInTexas(), window: "evening" });
  await expectConfirmed(page, crew.technicianName);
  await expect(page.getByText("Status: Warranty callback")).toBeVisible();
  const { context, phone } = await technicianOnPhone(browser, server.origin, crew.technician);
  try {
    const card = phone.getByRole("article", { name: job.name });
    await expect(card.getByText("It stopped heating again")).toBeVisible();
    await card.getByRole("button", { name: "On my way" }).click();
    await expect(card.getByText(/On the way: Arriving about/)).toBeVisible();
    await card.getByRole("button", { name: "Arrived" }).click();
    await expect(card.getByText("Warranty callback, no charge: Arrived")).toBeVisible();
    await expect(card.getByText("Igniter DC97-14486A")).toHaveCount(0);
    await card.locator("summary", { hasText: "Write the estimate" }).click();
    await card.getByLabel("Line 1 kind").selectOption("part");
    await card.getByLabel("Line 1 description").fill("Drum belt 6602-001655");
    await card.getByLabel("Line 1 amount ($)").fill("60");
    await card.getByLabel("Line 2 kind").selectOption("labour");
    await card.getByLabel("Line 2 description").fill("Replace the drum belt");
    await card.getByLabel("Line 2 amount ($)").fill("40");
    await card.getByRole("button", { name: "Save the estimate" }).click();
    await expect(card.getByText("Warranty callback, new work: Arrived")).toBeVisible();

    // Her page, live: the new work to answer, the repair still paid and guaranteed.
    const estimate = mine.getByRole("region", { name: "Your estimate" });
    await expect(estimate.getByText("Drum belt 6602-001655")).toBeVisible();
    await expect(mine.getByText("Paid $245.00 by card on")).toBeVisible();
    await expectNoAxeViolations(mine, "The page with new work to answer");
    await estimate.getByLabel("Your name").fill(job.name);
    await estimate.getByRole("button", { name: "Approve estimate" }).click();
    await expect(card.getByText(`Approved by ${job.name} on the customer's page`)).toBeVisible();

    await card.getByText("Done: record the repair").click();
    await card.getByLabel("Work done").fill("Replaced the drum belt.");
    await expect(card.getByLabel("Amount charged ($)")).toHaveValue("100.00");
    await card.getByRole("button", { name: "Done", exact: true }).click();
    await card.locator("summary", { hasText: "Record payment" }).click();
    await card.getByRole("radio", { name: "Card" }).check();
    await expect(card.getByLabel("Amount paid ($)")).toHaveValue("100.00");
    await card.getByRole("button", { name: "Record payment" }).click();
    await expect(card.locator("summary").first()).toContainText("Done");
  } finally {
    await context.close();
  }

  await mine.goto(`${job.privateUrl}/receipt`);
  await expect(mine.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
  const earlier = mine.getByRole("region", { name: /^Earlier receipt, / });
  await expect(earlier.getByText("Igniter DC97-14486A")).toBeVisible();
  await expect(earlier.getByText("$245.00").first()).toBeVisible();
  await expect(mine.getByText("Drum belt 6602-001655")).toBeVisible();
  await expect(earlier.getByText("Drum belt 6602-001655")).toHaveCount(0);
  await expectNoAxeViolations(mine, "Two receipts");
}

test("'Same problem again?' on a paid repair's page books a free callback in one POST; the owner's inbox shows it live", async ({
  page,
  browser,
  request,
  jobServer,
}) => {
  test.slow();
  const crew = await officeWithPrices(page, jobServer);
  const { job } = await paidRepair({ page, browser, request }, jobServer, crew);

  await page.goto("/office");
  await hydrated(page);
  const homeowner = await homeownerOnPhone(browser, job);
  try {
    const callback = homeowner.mine.getByRole("region", { name: "Same problem again?" });
    await expect(callback).toContainText(`guaranteed until ${texasDayAfter(90)}`);
    await bookWarrantyCallback(homeowner.mine);
  } finally {
    await homeowner.context.close();
  }
  await expect(
    page.getByRole("row").filter({ hasText: job.name }).getByText("Warranty callback"),
  ).toBeVisible();
  await waitForEmails(
    (email) =>
      email.subject.startsWith("Warranty callback booked by the customer") &&
      email.subject.includes(job.name),
    1,
  );
});

// Last in the file: it moves the server's clock forward for whatever runs after it on the server.
test("two hours after Done, by the test clock, everyone is asked alike; 5 stars with permission are published on /reviews; 2 stars alert the owner", async ({
  page,
  browser,
  request,
  jobServer,
}) => {
  test.slow();
  const crew = await officeWithPrices(page, jobServer);

  // Alex finishes two jobs the same day: Maria's pays, Dan's is done with no estimate; then Maria
  // claims the warranty (after Dan's visit: a callback booked for this evening would come before
  // it on My day, and On my way to Dan would be asked to go there first).
  const { job: maria, done: mariaDone } = await paidRepair(
    { page, browser, request },
    jobServer,
    crew,
  );
  const {
    job: dan,
    phoneContext,
    card,
  } = await alexArrived({ page, browser, request }, jobServer, crew, "Dan", {
    selectedAppliance: "washer",
    brand: "LG",
    model: "LRMVS3006S",
    address: "88 Elm St, Katy, TX",
    description: "Does not drain",
    preferredTime: "afternoon",
  });
  let danDone: DoneTap;
  try {
    await card.getByText("Done: record the repair").click();
    await card.getByLabel("Work done").fill("Cleared the drain pump filter.");
    await card.getByLabel("Model").fill("WTW5000DW1");
    await card.getByLabel("Serial number").fill("C91234567");
    await card.getByLabel("Amount charged ($)").fill("89");
    const from = Date.now();
    // The card says Done at once and sends the tap behind any still on its way (Arrived): the
    // phone is put away only once the server has answered it, or the tap would go with it.
    const stored = card
      .page()
      .waitForResponse(
        (response) =>
          response.request().method() === "POST" &&
          new URLSearchParams(response.request().postData() ?? "").get("intent") === "done",
      );
    await card.getByRole("button", { name: "Done", exact: true }).click();
    await expect(card.getByText("Done", { exact: true })).toBeVisible();
    expect((await stored).ok()).toBe(true);
    danDone = { from, by: Date.now() };
  } finally {
    await phoneContext.close();
  }
  const mariaHome = await homeownerOnPhone(browser, maria);
  try {
    await bookWarrantyCallback(mariaHome.mine);
  } finally {
    await mariaHome.context.close();
  }
  const dones = [mariaDone, danDone];
  // The owner signs in again after the clock has moved, on a session of that time.
  await page.context().clearCookies();

  const asked = (email: ReceivedEmail, job: { email: string }) =>
    email.envelopeTo.includes(job.email) && email.subject === "How did Alex do?";
  // Two hours after Done, or the next 8:00 in Houston when that falls in quiet hours.
  const dueAfter = (done: number) => {
    let due = done + 2 * 60 * 60 * 1000;
    if (houstonHour(due) >= 21 || houstonHour(due) < 8) {
      while (houstonHour(due) !== 8) due += 15 * 60 * 1000;
      // 8:00 sharp (Houston is a whole number of hours from UTC).
      due -= due % (60 * 60 * 1000);
    }
    return due;
  };
  expect(dones).toHaveLength(2);
  // A minute before the first is due, nothing has gone.
  jobServer.setClock(Math.min(...dones.map((done) => dueAfter(done.from))) - 60 * 1000);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const early = await receivedEmails();
  expect(early.filter((email) => asked(email, maria) || asked(email, dan))).toEqual([]);
  jobServer.setClock(Math.max(...dones.map((done) => dueAfter(done.by))) + 60 * 1000);
  const [first] = await waitForEmails((email) => asked(email, maria), 1);
  await waitForEmails((email) => asked(email, dan), 1);
  const rateLink = first!.text.match(/https?:\/\/\S+#review/)?.[0];
  expect(rateLink).toBeDefined();

  // Maria: 5 stars, words, publishing allowed. The Google link whatever the rating.
  const homeowner = await browser.newContext({
    viewport: { width: 375, height: 740 },
    extraHTTPHeaders: { "X-Forwarded-For": maria.clientAddress },
  });
  const mine = await homeowner.newPage();
  await mine.goto(new URL(rateLink!).pathname);
  await hydrated(mine);
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
  await mine.goto(dan.privateUrl);
  await hydrated(mine);
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
      email.envelopeTo.includes(crew.owner) &&
      email.subject === `Needs attention: 2 stars for ${crew.technicianName}`,
    1,
  );

  // The owner reads both, publishes the one allowed; the other cannot be.
  // The owner's inbox says so, until it is handled.
  await signIn(page, crew.owner, password);
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
  // Mark as handled says what was done (a note, required since issue 36).
  await danAnswer.getByLabel("What was done").fill("Called Dan, booked a free return visit");
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
