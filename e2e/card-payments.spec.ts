import type { BrowserContext, Locator, Page } from "@playwright/test";

import { startStripeStandIn, type StripeStandIn } from "../server/test-support/stripe";
import { startTwilioStandIn, type TwilioStandIn } from "../server/test-support/twilio";
import { axe } from "./support/axe";
import { startJobServer, type ExtraServer } from "./support/extra-server";
import { dryerThatDoesNotHeat, jobAtArrived } from "./support/field-job";
import { todayInTexas } from "./support/field";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { waitForEmails } from "./support/leads";
import { hydrated } from "./support/my-day";

// Card payments through Stripe Checkout, in a real browser, against a stand-in for Stripe's API
// on 127.0.0.1 (server/test-support/stripe.ts): after Done, the technician shows the QR code,
// emails and texts the pay link from My day (one Checkout Session for the request); the homeowner taps
// "Pay by card" on her private page on a phone, pays on the stand-in's Checkout page and comes
// back to the receipt; My day flips to Paid live; the receipt is emailed; an owner refunds part
// of it on the lead page, and the ledger, the receipt and an email say so.
//
// On a server of its own (a free port, in this worker) that talks to the stand-in, whose signed
// webhooks go to the server's `/api/payments/stripe`; its mail goes to the journeys' SMTP stand-in.
interface PaymentsServer extends ExtraServer {
  stripe: StripeStandIn;
  /** The stand-in for Twilio's API its texts go to (the texted pay link). */
  textProvider: TwilioStandIn;
}

async function startPaymentsServer(): Promise<PaymentsServer> {
  const stripe = await startStripeStandIn();
  const textProvider = await startTwilioStandIn();
  try {
    const server = await startJobServer({ ...stripe.env, ...textProvider.env });
    stripe.setWebhookUrl(`${server.origin}/api/payments/stripe`);
    return {
      ...server,
      stripe,
      textProvider,
      async stop() {
        await server.stop();
        await stripe.close();
        await textProvider.close();
      },
    };
  } catch (error) {
    await stripe.close();
    await textProvider.close();
    throw error;
  }
}

const test = base.extend<{ origin: string; paymentsServer: PaymentsServer }>({
  paymentsServer: fileServer(startPaymentsServer),
  origin: async ({ paymentsServer }, provide) => provide(paymentsServer.origin),
  baseURL: async ({ paymentsServer }, provide) => provide(paymentsServer.origin),
});

const expectedErrors = /status of (400|401|403|404|409|429)/;

test.describe.configure({ mode: "default", timeout: 240_000 });
test.use({ expectedConsoleErrors: expectedErrors });

const homeownerAddress = "198.51.100.142";

/** Console errors (a CSP violation among them) on a page of another context than `page`'s. */
function consoleErrorsOf(target: Page): string[] {
  const errors: string[] = [];
  target.on("console", (message) => {
    if (message.type() === "error" && !expectedErrors.test(message.text())) {
      errors.push(`${target.url()}: ${message.text()}`);
    }
  });
  target.on("pageerror", (error) => errors.push(`${target.url()}: ${error.message}`));
  return errors;
}

/** Nothing scrolls sideways at 320 px; axe finds nothing at 375 px (the phone's width, kept). */
async function expectCleanOnPhone(mine: Page, what: string) {
  await mine.setViewportSize({ width: 320, height: 740 });
  expect(
    await mine.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${what} at 320 px`,
  ).toBeLessThanOrEqual(0);
  await mine.setViewportSize({ width: 375, height: 740 });
  const results = await axe(mine).analyze();
  expect(
    results.violations.map((violation) => violation.id),
    `${what} at 375 px`,
  ).toEqual([]);
}

/** The receipt page's value for `label` ("Payment", "Balance"): its `dd`. */
function receiptFact(receipt: Page, label: string): Locator {
  return receipt
    .locator("dl > div")
    .filter({ has: receipt.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");
}

/** Done on the phone, the plate read, $245.00 charged (no estimate on this visit). */
async function doneCharging245(card: Locator) {
  await card.getByText("Done: record the repair").click();
  await card.getByLabel("Work done").fill("Replaced the igniter; tested two cycles.");
  await card.getByLabel("Model").fill("DVG45R6100C");
  await card.getByLabel("Serial number").fill("0B7H5AEN400123");
  await card.getByLabel("Parts used").fill("DC97-14486A igniter");
  await card.getByLabel("Amount charged ($)").fill("245.00");
  await card.getByRole("button", { name: "Done", exact: true }).click();
  await expect(card.getByText("Done", { exact: true })).toBeVisible();
}

test("after Done the homeowner pays by card on Stripe's page from her phone: the receipt follows, My day flips to Paid live, and an owner's part refund shows on the ledger, the receipt and by email", async ({
  page,
  browser,
  request,
  paymentsServer,
}) => {
  test.slow();
  const { stripe, textProvider } = paymentsServer;
  // A number texts can reach (its exchange 2-9), her own: the same phone and appliance again
  // would be a repeat of another journey's request.
  const digits = `6${String(Date.now()).slice(-6)}`;
  const mobile = `+1512${digits}`;
  // Maria's dryer, booked for this evening with Alex, who arrives, her box for texts ticked; the
  // owner is signed in on `page`.
  const { job, phone, phoneContext, card } = await jobAtArrived(
    { page, browser, request, server: paymentsServer },
    {
      firstName: "Maria",
      details: {
        ...dryerThatDoesNotHeat,
        phone: `(512) ${digits.slice(0, 3)}-${digits.slice(3)}`,
        textConsent: true,
      },
      clientAddress: homeownerAddress,
      window: "evening",
    },
  );
  const phoneErrors = consoleErrorsOf(phone);
  let homeowner: BrowserContext | null = null;
  try {
    // Done with $245.00 charged: the card offers the card payment.
    await doneCharging245(card);
    const cardPay = card.getByRole("region", { name: "Card payment: $245.00" });
    await expect(cardPay).toBeVisible();
    // "Show QR code": the QR, drawn inline.
    await cardPay.getByRole("button", { name: "Show QR code" }).click();
    const qr = cardPay.getByRole("img", { name: "QR code: pay $245.00 by card" });
    await expect(qr).toBeVisible();
    await expect(qr.locator("svg")).toBeVisible();

    // "Email pay link": said on the card, and the email links the request's one session.
    await cardPay.getByRole("button", { name: "Email pay link" }).click();
    await expect(cardPay.getByText("Pay link for $245.00 emailed to the customer.")).toBeVisible();
    const [payLink] = await waitForEmails(
      (email) =>
        email.envelopeTo.includes(job.email) &&
        email.subject === "Your repair balance: $245.00. Pay by card",
      1,
    );
    expect(stripe.sessions, "Checkout Sessions after the QR code and the email").toHaveLength(1);
    const session = stripe.sessions[0]!;
    expect(session.amount_total).toBe(24500);
    expect(session.url).toBe(`${stripe.url}/c/pay/${session.id}`);
    expect(payLink!.html).toContain(session.url);

    // "Text pay link" (she ticked the box): her phone gets the same session's address, at
    // whatever hour (asked for at the door).
    await cardPay.getByRole("button", { name: "Text pay link" }).click();
    await expect(cardPay.getByText("Pay link for $245.00 texted to the customer.")).toBeVisible();
    await expect
      .poll(() =>
        textProvider.received.filter((text) => text.to === mobile).map((text) => text.body),
      )
      .toContainEqual(
        expect.stringContaining(`your repair balance is $245.00. Pay by card: ${session.url}`),
      );
    expect(stripe.sessions, "Checkout Sessions after the text").toHaveLength(1);

    // My day stays open on the phone from here on: a reload would lose this mark.
    await phone.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // Her phone: the private page with the balance; axe and 320 px.
    homeowner = await browser.newContext({
      baseURL: paymentsServer.origin,
      viewport: { width: 375, height: 740 },
      extraHTTPHeaders: { "X-Forwarded-For": homeownerAddress },
    });
    const mine = await homeowner.newPage();
    const homeownerErrors = consoleErrorsOf(mine);
    await mine.goto(job.privateUrl);
    await hydrated(mine);
    const balance = mine.getByRole("region", { name: "Balance $245.00" });
    await expect(balance).toBeVisible();
    await expectCleanOnPhone(mine, "the private page with the balance");

    // "Pay by card": Stripe's page (the stand-in's), for the same session.
    await balance.getByRole("button", { name: "Pay by card" }).click();
    await expect(mine).toHaveURL((url) => url.href.startsWith(`${stripe.url}/c/pay/`));
    expect(mine.url()).toBe(session.url);
    await expect(mine.getByRole("heading", { level: 1, name: "Stand-in Checkout" })).toBeVisible();
    expect(stripe.sessions, "Checkout Sessions after Pay by card").toHaveLength(1);

    // Pay: back on our receipt, with the payment and nothing owed.
    await mine.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(mine).toHaveURL(
      (url) => url.origin === paymentsServer.origin && url.pathname === `${job.privateUrl}/receipt`,
    );
    await expect(mine.getByRole("heading", { level: 1, name: "Receipt" })).toBeVisible();
    await expect(receiptFact(mine, "Payment")).toHaveText(/^\$245\.00 by card ····4242 on /);
    await expect(receiptFact(mine, "Balance")).toHaveText("$0.00");
    await stripe.waitForDeliveries();

    // Her page says Paid, and asks for nothing more.
    await mine.goto(job.privateUrl);
    await hydrated(mine);
    await expect(mine.getByText(/^Paid \$245\.00 by card ····4242 on /)).toBeVisible();
    await expect(mine.getByRole("region", { name: /^Balance/ })).toHaveCount(0);
    await expect(mine.getByRole("button", { name: "Pay by card" })).toHaveCount(0);

    // My day, never reloaded, flipped to Paid: the finished visit folds to one line that opens.
    const paid = /^Paid \$245\.00 by card ····4242, .+\. The receipt was sent to the customer\.$/;
    await expect(card.getByText(paid)).toBeAttached({ timeout: 30_000 });
    await expect(card.getByRole("region", { name: /^Card payment/ })).toHaveCount(0);
    const line = card.locator("summary").first();
    await expect(line).toContainText("Done");
    await line.click();
    await expect(card.getByText(paid)).toBeVisible();
    expect(
      await phone.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
      "My day was not reloaded",
    ).toBe(true);

    // The receipt by email.
    await waitForEmails(
      (email) =>
        email.envelopeTo.includes(job.email) &&
        email.subject === "Your receipt for your dryer repair",
      1,
    );

    // The owner's lead page: the payment; axe on Payments; a part refund of $50.00.
    await page.goto(job.leadPath);
    const payments = page.getByRole("region", { name: "Payments" });
    await expect(payments.getByText("Payment: $245.00 by card ····4242")).toBeVisible();
    await payments.locator("summary", { hasText: "Refund" }).click();
    const refundForm = payments
      .locator("form")
      .filter({ has: page.getByLabel("Amount to refund ($)") });
    await expect(refundForm.getByLabel("Amount to refund ($)")).toHaveValue("245.00");
    const axeLedger = await axe(page).include("#payments").analyze();
    expect(
      axeLedger.violations.map((violation) => violation.id),
      "the lead page's Payments, the refund open",
    ).toEqual([]);
    await refundForm.getByLabel("Amount to refund ($)").fill("50.00");
    await refundForm.getByLabel("Why (the customer reads it)").fill("Part returned unused");
    await refundForm.getByRole("button", { name: "Refund" }).click();
    await expect(
      payments.getByText("Refund: Part returned unused: −$50.00 to card ····4242"),
    ).toBeVisible();
    await expect(payments.getByText("Payment: $245.00 by card ····4242")).toBeVisible();

    // Her receipt page lists the refund; the updated receipt is emailed.
    await mine.goto(`${job.privateUrl}/receipt`);
    await hydrated(mine);
    await expect(receiptFact(mine, "Refund")).toHaveText(
      /^\$50\.00 back to card ····4242 on .+\(Part returned unused\)$/,
    );
    await waitForEmails(
      (email) =>
        email.envelopeTo.includes(job.email) &&
        email.subject === "Your updated receipt: $50.00 refunded",
      1,
    );
    expect(stripe.refunds.map((refund) => refund.amount)).toEqual([5000]);

    expect(homeownerErrors, "console errors on the homeowner's phone").toEqual([]);
    expect(phoneErrors, "console errors on the technician's phone").toEqual([]);
  } finally {
    await homeowner?.close();
    await phoneContext.close();
  }
});

test("a parts deposit before the return visit: Needs a part asks $138 of a $275 part, the homeowner approves and pays it on her phone, the board shows Deposit paid, and after the return visit's Done only $107.00 is left", async ({
  page,
  browser,
  request,
  paymentsServer,
}) => {
  test.slow();
  const { stripe } = paymentsServer;
  // Rosa's dryer, booked for this evening with Alex, who arrives; the owner is signed in on `page`.
  const { crew, job, phone, phoneContext, card } = await jobAtArrived(
    { page, browser, request, server: paymentsServer },
    {
      firstName: "Rosa",
      details: dryerThatDoesNotHeat,
      clientAddress: homeownerAddress,
      window: "evening",
    },
  );
  const phoneErrors = consoleErrorsOf(phone);
  let homeowner: BrowserContext | null = null;
  try {
    // Needs a part, its price and a deposit to ask: the card stays open, offering the deposit.
    await card.locator("summary", { hasText: "Needs a part" }).click();
    await card.getByLabel("Part for the customer's page").fill("Igniter DC97-14486A");
    await card.getByLabel("Part price (optional)").fill("275.00");
    await card.getByLabel("Deposit to ask (optional)").fill("138");
    await card.getByRole("button", { name: "Needs a part" }).click();
    await expect(
      card.getByText("Part needed: Igniter DC97-14486A. Deposit $138.00 asked"),
    ).toBeVisible();
    const depositPay = card.getByRole("region", { name: "Part deposit: $138.00" });
    await expect(depositPay).toBeVisible();
    await expect(depositPay.getByRole("button", { name: "Email pay link" })).toBeVisible();
    await expect(depositPay.getByRole("button", { name: "Show QR code" })).toBeVisible();
    // No text consent was given: no "Text pay link".
    await expect(depositPay.getByRole("button", { name: "Text pay link" })).toHaveCount(0);

    // The owner's board: the request waits for its part, the deposit not paid yet.
    const board = `/office/dispatch?office=texas&day=${todayInTexas()}`;
    await page.goto(board);
    const waitingItem = page
      .getByRole("region", { name: /^Waiting for a part \(\d+\)$/ })
      .getByRole("article", { name: job.name });
    await expect(waitingItem.getByText("Part: Igniter DC97-14486A")).toBeVisible();
    await expect(waitingItem.getByText("Deposit $138.00 not paid yet")).toBeVisible();

    // Her phone: the private page asks the deposit, with the part's price; axe and 320 px.
    homeowner = await browser.newContext({
      baseURL: paymentsServer.origin,
      viewport: { width: 375, height: 740 },
      extraHTTPHeaders: { "X-Forwarded-For": homeownerAddress },
    });
    const mine = await homeowner.newPage();
    const homeownerErrors = consoleErrorsOf(mine);
    await mine.goto(job.privateUrl);
    await hydrated(mine);
    const deposit = mine.getByRole("region", { name: "Part deposit $138.00" });
    await expect(deposit).toBeVisible();
    await expect(deposit).toContainText("costs $275.00");
    await expectCleanOnPhone(mine, "the private page asking the part deposit");

    // "Approve and pay the $138 part deposit": Stripe's page (the stand-in's), for $138.00.
    await deposit.getByRole("button", { name: "Approve and pay the $138 part deposit" }).click();
    await expect(mine).toHaveURL((url) => url.href.startsWith(`${stripe.url}/c/pay/`));
    const session = stripe.sessions.find((made) => made.metadata.request_id === job.id);
    expect(session, "the deposit's Checkout Session").toBeDefined();
    expect(session!.amount_total).toBe(13800);
    expect(mine.url()).toBe(session!.url);
    const sessionId = session!.id;
    await expect(mine.getByRole("heading", { level: 1, name: "Stand-in Checkout" })).toBeVisible();

    // Pay: back on her page, which says the deposit is paid (at once, or once Stripe's event lands).
    await mine.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(mine).toHaveURL(
      (url) =>
        url.origin === paymentsServer.origin &&
        url.pathname === job.privateUrl &&
        url.searchParams.get("paid") === sessionId &&
        url.hash === "#balance",
    );
    await hydrated(mine);
    await stripe.waitForDeliveries();
    const depositPaid = mine.getByRole("region", { name: "Part deposit paid" });
    await expect(
      depositPaid.getByText(/^Part deposit paid: \$138\.00 by card ····4242 on /),
    ).toBeVisible({ timeout: 30_000 });
    await expect(mine.getByRole("button", { name: /part deposit/ })).toHaveCount(0);
    await waitForEmails(
      (email) =>
        email.envelopeTo.includes(job.email) && email.subject === "Part deposit paid: $138.00",
      1,
    );
    // The part's email, held until Undo could no longer come, asked for the deposit with its button.
    const [partNeeded] = await waitForEmails(
      (email) =>
        email.envelopeTo.includes(job.email) &&
        email.subject === "Waiting for a part for your dryer",
      1,
    );
    expect(partNeeded!.html).toContain("Approve and pay the $138 part deposit");

    // My day follows: the deposit paid, nothing more to offer for it.
    await expect(
      card.getByText("Part needed: Igniter DC97-14486A. Deposit $138.00 paid"),
    ).toBeAttached({ timeout: 30_000 });
    await expect(card.getByRole("region", { name: /^Part deposit/ })).toHaveCount(0);

    // The board says Deposit paid; the owner books the return visit for this evening with Alex.
    await page.goto(board);
    await expect(waitingItem.getByText("Deposit paid", { exact: true })).toBeVisible();
    await waitingItem
      .getByRole("combobox", { name: "Technician" })
      .selectOption({ label: crew.technicianName });
    await waitingItem.getByRole("combobox", { name: "Window" }).selectOption("evening");
    await waitingItem.getByRole("button", { name: "Book return visit" }).click();
    await expect(waitingItem).toHaveCount(0);
    await waitForEmails(
      (email) =>
        email.envelopeTo.includes(job.email) &&
        email.subject.startsWith("Your return visit is booked"),
      1,
    );

    // On Alex's phone the return visit: On my way, Arrived, then Done with $245.00 charged.
    await expect(card.getByText("Return visit: bring Igniter DC97-14486A")).toBeVisible({
      timeout: 30_000,
    });
    await card.getByRole("button", { name: "On my way" }).click();
    await expect(card.getByText(/On the way: Arriving about/)).toBeVisible();
    await card.getByRole("button", { name: "Arrived" }).click();
    await expect(card.getByText("Arrived", { exact: true })).toBeVisible();
    await doneCharging245(card);

    // The deposit counts toward it: $107.00 is left, on the card and on her page.
    await expect(card.getByRole("region", { name: "Card payment: $107.00" })).toBeVisible();
    await mine.goto(job.privateUrl);
    await hydrated(mine);
    await expect(mine.getByRole("region", { name: "Balance $107.00" })).toBeVisible();

    // Alex records the rest in cash: the form starts with $107.00.
    await card.locator("summary", { hasText: "Record payment" }).click();
    await card.getByRole("radio", { name: "Cash" }).check();
    await expect(card.getByLabel("Amount paid ($)")).toHaveValue("107.00");
    await card.getByRole("button", { name: "Record payment" }).click();
    await expect(card.getByText(/The receipt was sent to the customer\.$/)).toBeAttached();
    await expect(card.getByRole("region", { name: /^Card payment/ })).toHaveCount(0);
    // Paid in two ways, said as two: not "$245.00 by cash".
    await expect(
      card.getByText(/^Paid \$245\.00: \$107\.00 by cash and the \$138\.00 deposit, /),
    ).toBeAttached();
    await mine.goto(job.privateUrl);
    await hydrated(mine);
    await expect(mine.getByText(/^Paid \$245\.00 by card ····4242 and cash on /)).toBeVisible();

    // Her receipt: the deposit by card, the rest in cash, $245.00 in all, nothing owed.
    await mine.goto(`${job.privateUrl}/receipt`);
    await hydrated(mine);
    await expect(receiptFact(mine, "Deposit")).toHaveText(/^\$138\.00 by card ····4242 on /);
    await expect(receiptFact(mine, "Payment")).toHaveText(/^\$107\.00 by cash on /);
    await expect(receiptFact(mine, "Total paid")).toHaveText("$245.00");
    await expect(receiptFact(mine, "Balance")).toHaveText("$0.00");

    expect(homeownerErrors, "console errors on the homeowner's phone").toEqual([]);
    expect(phoneErrors, "console errors on the technician's phone").toEqual([]);
  } finally {
    await homeowner?.close();
    await phoneContext.close();
  }
});
