import type { Browser, BrowserContext, Locator, Page, Request, Response } from "@playwright/test";

import { decodeVisitSource, visitSourceMaxAgeSeconds } from "../server/attribution/visit-source";
import { uniquePhone } from "../server/test-support/fixtures";
import { axe } from "./support/axe";
import { startExtraServer, type ExtraServer } from "./support/extra-server";
import { staffPassword, todayInTexas } from "./support/field";
import { confirmVisitToday, newCrew, technicianOnPhone } from "./support/field-job";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { uniqueName } from "./support/leads";
import { signIn } from "./support/staff";

// Where a visitor came from (issue 40): a visitor lands from a Google ad on a phone, reads two
// pages and books; the lead names Google Ads and the ad's click id as it was (case kept). Booked
// with a technician, done and paid, it is counted on the owner's numbers in the Google Ads row,
// and its click id is in the file for Google Ads; the office corrects the source to Yelp through
// the lead page, and the numbers follow. A phone booking from Yelp and the same customer's next
// web booking (their cookie still there) land in their own rows. A visitor who comes straight to the
// site gets no cookie; one from a link on Yelp does; the policy says so. In real browsers: the
// cookie is the one Chromium keeps, and the booking dialog's own fetch carries it. On a server of
// its own (its mail goes to the journeys' SMTP stand-in), on a free port.
const test = base.extend<{ sourceServer: ExtraServer }>({
  sourceServer: fileServer(() =>
    startExtraServer(0, {
      SMTP_URL: process.env.E2E_SMTP_URL!,
      OUTBOX_POLL_MS: "200",
      WINDOW_CAPACITY: "100000",
    }),
  ),
  baseURL: async ({ sourceServer }, provide) => provide(sourceServer.origin),
});

test.describe.configure({ mode: "default" });
test.use({ viewport: { width: 375, height: 800 } });

const phone = { width: 375, height: 800 };

/** The landing a Google ad's click opens: its campaign and its click id, mixed case. */
const fromGoogleAd =
  "/?utm_source=google&utm_medium=cpc&utm_campaign=dryer-houston&gclid=Test-AbC_1";

/**
 * A visitor's own browser on a phone: a context of its own, so its cookies are only what the site
 * set. Its console errors are gathered (the shared page's fixture does not see this page).
 */
async function visitorBrowser(
  browser: Browser,
  origin: string,
  extraHTTPHeaders?: Record<string, string>,
) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: phone,
    serviceWorkers: "block",
    ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** `page.goto` and the wait for hydration the shared page's `goto` has built in. */
async function open(page: Page, path: string): Promise<Response> {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(response?.status(), path).toBe(200);
  return response!;
}

async function visitSourceCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => cookie.name === "visit_source");
}

/** The one `visit_source` cookie the browser holds, checked: HttpOnly, Lax, about 90 days. */
async function theVisitSourceCookie(context: BrowserContext, setAt: number) {
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name)).toEqual(["visit_source"]);
  const [cookie] = cookies;
  expect(cookie).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax" });
  // Max-Age=7776000 from the answer, give or take the journey's seconds.
  expect(cookie!.expires).toBeGreaterThan(setAt / 1000 + visitSourceMaxAgeSeconds - 60);
  expect(cookie!.expires).toBeLessThan(Date.now() / 1000 + visitSourceMaxAgeSeconds + 60);
  return cookie!;
}

/** One row of the lead page's details: the definition under its term. */
function detail(details: Locator, label: string) {
  return details
    .locator("div")
    .filter({ has: details.page().getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");
}

/** The phone's menu, opened, followed to `link` (in the Services sub-menu when `inServices`). */
async function followMenu(page: Page, link: string, inServices = false) {
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  if (inServices) await menu.getByRole("button", { name: "Services sub-menu" }).click();
  await menu.getByRole("link", { name: link }).click();
  await expect(menu).toBeHidden();
}

/** The Sources table's row of `source` ("Google Ads"): its cells, Leads to Cancel rate. */
function sourceRow(page: Page, source: string) {
  return page
    .getByRole("region", { name: "Sources", exact: true })
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: source, exact: true }) });
}

/**
 * The booking dialog, open at its second step, sent with the visitor's name, phone and address
 * and the first day and window it offers; answers the dialog's POST to its route's action
 * (`/modals/schedule.data` once hydrated), same-origin.
 */
async function sendTheBookingDialog(site: Page, name: string, phoneNumber: string) {
  const dialog = site.getByRole("dialog", { name: "Schedule Service" });
  await expect(dialog.getByText("Step 2 of 2: Contact Information")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(name);
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).pressSequentially(phoneNumber);
  await dialog
    .getByRole("textbox", { name: "Address", exact: true })
    .fill("2417 Westheimer Rd, Houston");
  await dialog.getByRole("button", { name: "Choose a date from the calendar" }).click();
  await dialog
    .getByRole("group", { name: "Calendar" })
    .getByRole("button", { name: /\d{4}$/, disabled: false })
    .first()
    .click();
  await dialog.getByRole("radio", { disabled: false }).first().click();
  const sent = site.waitForRequest(
    (request) =>
      request.method() === "POST" && new URL(request.url()).pathname.startsWith("/modals/schedule"),
  );
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  const request: Request = await sent;
  await expect(dialog).toBeHidden();
  await expect(
    site.getByText("Your service request has been submitted successfully.", { exact: true }),
  ).toBeVisible();
  await expect(site.getByRole("region", { name: "Your request is on its way" })).toBeVisible();
  return request;
}

test("a visitor from a Google ad reads two pages and books: the lead names Google Ads and the exact click id; done and paid, the numbers count it as Google Ads; the office corrects the source to Yelp; a phone booking from Yelp and the customer's return land in their own rows", async ({
  page,
  browser,
  sourceServer,
}) => {
  test.slow();
  // Olive Owner and Alex, a technician of Texas.
  const crew = await newCrew(sourceServer);
  const owner = crew.owner;

  const name = uniqueName("Gia");
  const giasPhone = uniquePhone();
  const visitor = await visitorBrowser(browser, sourceServer.origin);
  let cookie: Awaited<ReturnType<typeof theVisitSourceCookie>>;
  try {
    const site = visitor.page;
    const landedAt = Date.now();
    const landed = await open(site, fromGoogleAd);
    const answer = await landed.allHeaders();
    expect(answer["cache-control"]).toBe("private, no-store");
    expect(answer["set-cookie"]).toMatch(
      /^visit_source=[A-Za-z0-9_-]+; Path=\/; Max-Age=7776000; HttpOnly; SameSite=Lax$/,
    );
    cookie = await theVisitSourceCookie(visitor.context, landedAt);
    // What it holds is the ad's words as they came, the page landed on and when.
    const source = decodeVisitSource(cookie.value);
    expect(source?.first).toEqual({
      params: {
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "dryer-houston",
        gclid: "Test-AbC_1",
      },
      referrer: null,
      landing: "/",
      at: expect.any(String),
    });
    expect(source?.last).toEqual(source?.first);

    // Two pages read by following links: our own referrer is no touch, the cookie stays as set.
    await followMenu(site, "Brands We Repair");
    await expect(
      site.getByRole("heading", { level: 1, name: "Our Supported Brands" }),
    ).toBeVisible();
    await followMenu(site, "Dryer Repair", true);
    await expect(site.getByRole("heading", { level: 1, name: "Dryer Repair" })).toBeVisible();
    expect((await visitSourceCookies(visitor.context)).map((kept) => kept.value)).toEqual([
      cookie.value,
    ]);

    // The booking, in the two-step dialog: the dryer is picked by the page's button. The browser
    // sends the cookie the visitor landed with.
    await site.getByRole("link", { name: "Book dryer repair" }).click();
    const sent = await sendTheBookingDialog(site, name, giasPhone);
    expect((await sent.allHeaders()).cookie).toContain(`visit_source=${cookie.value}`);
    expect(visitor.errors, "console errors").toEqual([]);
  } finally {
    await visitor.context.close();
  }

  // The owner finds the request in the inbox and opens it.
  await signIn(page, owner, staffPassword);
  await page.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: `${name}: dryer` })).toBeVisible();
  const details = page.getByRole("region", { name: "Details" });
  await expect(detail(details, "Source")).toHaveText("Google Ads");
  // "Google Ads: utm_source=google, …, gclid=Test-AbC_1; landed on /, Nov 29, 2026, 9:25 AM Central":
  // every parameter the ad's address had, as written, and nothing else.
  const firstVisit = detail(details, "First visit from");
  await expect(firstVisit).toHaveText(
    /^Google Ads: utm_source=google, utm_medium=cpc, utm_campaign=dryer-houston, gclid=Test-AbC_1; landed on \/, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M \w+$/,
  );
  // One visit that said where it came from: first and last are the same, said once.
  await expect(details.getByRole("term").getByText("Last visit from")).toHaveCount(0);
  const leadPage = page.url();

  // The visit booked for this evening with Alex, who goes, fixes the dryer, charges $245.00 and
  // is paid in cash.
  await confirmVisitToday(page, crew.technicianName, "evening");
  const alex = await technicianOnPhone(browser, sourceServer.origin, crew.technician);
  try {
    const card = alex.phone.getByRole("article", { name });
    await card.getByRole("button", { name: "On my way" }).click();
    await expect(card.getByText(/On the way: Arriving about/)).toBeVisible();
    await card.getByRole("button", { name: "Arrived" }).click();
    await expect(card.getByText("Arrived", { exact: true })).toBeVisible();
    await card.getByText("Done: record the repair").click();
    await card.getByLabel("Work done").fill("Replaced the heating element; tested two cycles.");
    await card.getByLabel("Model").fill("DVG45R6100C");
    await card.getByLabel("Serial number").fill("0B7H5AEN400123");
    await card.getByLabel("Parts used").fill("DC47-00019A heating element");
    await card.getByLabel("Amount charged ($)").fill("245.00");
    await card.getByRole("button", { name: "Done", exact: true }).click();
    await expect(card.getByText("Done", { exact: true })).toBeVisible();
    await card.locator("summary", { hasText: "Record payment" }).click();
    await card.getByRole("radio", { name: "Cash" }).check();
    await expect(card.getByLabel("Amount paid ($)")).toHaveValue("245.00");
    await card.getByRole("button", { name: "Record payment" }).click();
    await expect(card.getByText(/^Paid \$245\.00 by cash/)).toBeAttached();
  } finally {
    await alex.context.close();
  }
  const paidOn = todayInTexas();

  // The owner's numbers count it in the Google Ads row: a lead, booked, completed, paid, $245.00.
  await page.goto("/office/numbers");
  await expect(page.getByRole("heading", { level: 1, name: "Numbers" })).toBeVisible();
  await expect(sourceRow(page, "Google Ads").getByRole("cell")).toHaveText([
    "1",
    "1",
    "1",
    "1",
    "$245.00",
    "$245.00",
    "0%",
    "–",
    "–",
  ]);
  // And in the file for Google Ads: the click id as it came, the conversion, its value.
  const google = page.getByRole("region", { name: "Google", exact: true });
  await expect(
    google.getByText(/^1 paid job in this range came from a Google ad click\./),
  ).toBeVisible();
  const conversions = await page.request.get(
    (await google
      .getByRole("link", { name: "Download them for Google Ads" })
      .getAttribute("href"))!,
  );
  expect(conversions.status()).toBe(200);
  expect((await conversions.text()).split("\r\n")).toEqual([
    "Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency",
    expect.stringMatching(
      new RegExp(
        `^Test-AbC_1,Paid repair,${paidOn} \\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2},245\\.00,USD$`,
      ),
    ),
    "",
  ]);

  await page.goto(leadPage);
  const sourceSection = page.getByRole("region", { name: "Source" });
  // The section says the source under its heading (the form's options name every source too).
  const currentSource = sourceSection.getByRole("paragraph").first();
  await expect(currentSource).toHaveText("Google Ads");
  await sourceSection.locator("summary", { hasText: "Correct the source" }).click();
  const where = sourceSection.getByLabel("Where the customer came from");
  await expect(where).toHaveValue("google-ads");
  await expect(sourceSection.getByLabel("Which one (Other, Referral site)")).toHaveValue("");
  const found = await axe(page).include("#source").analyze();
  expect(found.violations.map((violation) => violation.id)).toEqual([]);

  // The customer said on the phone that they found us on Yelp.
  await where.selectOption({ label: "Yelp" });
  await sourceSection.getByRole("button", { name: "Save the source" }).click();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText("Source: Google Ads → Yelp", { exact: true })).toBeVisible();
  expect(page.url()).toBe(leadPage);
  await expect(detail(details, "Source")).toHaveText("Yelp");
  await expect(currentSource).toHaveText("Yelp");
  // The visit the request came from is kept as it was: the correction is the office's word.
  await expect(detail(details, "First visit from")).toContainText("gclid=Test-AbC_1");

  // The owner's numbers count it where the office put it: Yelp, one lead of this server's, with
  // its payment; nothing is left in Google Ads.
  await page.goto("/office/numbers");
  await expect(page.getByRole("heading", { level: 1, name: "Numbers" })).toBeVisible();
  const yelp = sourceRow(page, "Yelp");
  await expect(yelp.getByRole("cell").first()).toHaveText("1");
  await expect(yelp.getByRole("cell")).toHaveText([
    "1",
    "1",
    "1",
    "1",
    "$245.00",
    "$245.00",
    "0%",
    "–",
    "–",
  ]);
  await expect(sourceRow(page, "Google Ads")).toHaveCount(0);
  await expect(page.getByText(/^Leads: service requests received in the range/)).toBeVisible();
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `the numbers at ${width} px`,
    ).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  const numbersAxe = await axe(page).analyze();
  expect(
    numbersAxe.violations.map((violation) => violation.id),
    "the numbers at 375 px",
  ).toEqual([]);
  const csv = await page.request.get(
    (await page.getByRole("link", { name: "Download the Sources as CSV" }).getAttribute("href"))!,
  );
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/^Yelp,1,/m);

  // A caller who found us on Yelp: the office books them by phone for this evening, with Alex.
  const caller = uniqueName("Yara");
  await page.goto("/office/leads/new");
  await expect(page.getByRole("heading", { level: 1, name: "New request" })).toBeVisible();
  await page.getByLabel("Appliance", { exact: true }).selectOption("refrigerator");
  await page.getByLabel("Full name").fill(caller);
  await page.getByLabel("Phone", { exact: true }).fill(uniquePhone());
  await page.getByLabel("Address", { exact: true }).fill("5120 Bissonnet St, Houston, TX");
  await page.getByLabel("Zip code").fill("77401");
  await page.getByLabel("Description of the problem").fill("Not cooling since Monday");
  await page.getByLabel("Office", { exact: true }).selectOption("texas");
  await page.getByLabel("Date", { exact: true }).fill(todayInTexas());
  await page.getByLabel("Window", { exact: true }).selectOption("evening");
  // This evening, whatever the day: on a Sunday or a holiday the office books it with a reason.
  await page.getByLabel("Reason to book a full window (optional)").fill("Caller from Yelp");
  await page.getByLabel("Technician (optional)").selectOption({ label: crew.technicianName });
  await page.getByLabel("Source", { exact: true }).selectOption({ label: "Yelp" });
  await page.getByRole("button", { name: "Create request" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `${caller}: refrigerator` }),
  ).toBeVisible();
  await expect(detail(details, "Source")).toHaveText("Yelp");
  await expect(page.getByText("Status: Scheduled")).toBeVisible();

  // Gia comes back on the same phone, the ad's cookie still in it, and books her washer on the
  // site: a returning customer, not the ad's new business.
  const back = await visitorBrowser(browser, sourceServer.origin);
  try {
    await back.context.addCookies([cookie]);
    const site = back.page;
    await open(site, "/services/washer");
    await site.getByRole("link", { name: "Book washer repair" }).click();
    const sent = await sendTheBookingDialog(site, name, giasPhone);
    expect((await sent.allHeaders()).cookie).toContain(`visit_source=${cookie.value}`);
    expect(back.errors, "console errors").toEqual([]);
  } finally {
    await back.context.close();
  }

  // Each in its own row: Yelp has the phone booking besides the corrected one, the washer is a
  // returning customer's, and Google Ads is credited with nothing new.
  await page.goto("/office/numbers");
  await expect(page.getByRole("heading", { level: 1, name: "Numbers" })).toBeVisible();
  await expect(yelp.getByRole("cell")).toHaveText([
    "2",
    "2",
    "1",
    "1",
    "$245.00",
    "$245.00",
    "0%",
    "–",
    "–",
  ]);
  await expect(sourceRow(page, "Returning customer").getByRole("cell").first()).toHaveText("1");
  await expect(sourceRow(page, "Google Ads")).toHaveCount(0);
  const sourcesAfter = await page.request.get(
    (await page.getByRole("link", { name: "Download the Sources as CSV" }).getAttribute("href"))!,
  );
  expect(sourcesAfter.status()).toBe(200);
  const sourcesCsv = await sourcesAfter.text();
  expect(sourcesCsv).toMatch(/^Yelp,2,2,1,1,245\.00,/m);
  expect(sourcesCsv).toMatch(/^Returning customer,1,/m);
});

test("a visitor who comes straight to the site gets no cookie; one from a link on Yelp does; the policy says so", async ({
  page,
  browser,
  sourceServer,
}) => {
  const direct = await visitorBrowser(browser, sourceServer.origin);
  try {
    for (const path of ["/", "/services/dryer"]) {
      const answer = await open(direct.page, path);
      expect(await answer.headerValue("set-cookie"), path).toBeNull();
    }
    expect(await direct.context.cookies()).toEqual([]);
    expect(direct.errors, "console errors").toEqual([]);
  } finally {
    await direct.context.close();
  }

  const fromYelp = await visitorBrowser(browser, sourceServer.origin, {
    Referer: "https://www.yelp.com/biz/x",
  });
  try {
    const landedAt = Date.now();
    await open(fromYelp.page, "/brands");
    const cookie = await theVisitSourceCookie(fromYelp.context, landedAt);
    expect(decodeVisitSource(cookie.value)?.first).toMatchObject({
      params: {},
      referrer: "www.yelp.com",
      landing: "/brands",
    });
    expect(fromYelp.errors, "console errors").toEqual([]);
  } finally {
    await fromYelp.context.close();
  }

  await page.goto("/policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(
    "It keeps one first-party cookie, and only when you arrive from one of our ads or from a link on another website",
  );
  // The Google Ads file (/office/numbers) holds a paid job's click id, time and amount: said so.
  await expect(page.getByRole("main")).toContainText(
    "we may tell Google Ads that click's number, when the repair was paid and its amount",
  );
});
