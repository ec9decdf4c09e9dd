import { randomUUID } from "node:crypto";

import type { Page } from "@playwright/test";

import { startExtraServer, type ExtraServer } from "./support/extra-server";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { signIn, staffCommand } from "./support/staff";
import { axe } from "./support/axe";

/*
 * Capacities and holidays change what every booking journey may book, so these journeys run on a
 * server of their own (its own embedded database), never on the shared one. The file's tests share
 * it in one worker, on a free port: a failed test's replacement worker starts another.
 */
const test = base.extend<{ origin: string; windowsServer: ExtraServer }>({
  windowsServer: fileServer(() => startExtraServer(0, {})),
  origin: async ({ windowsServer }, provide) => provide(windowsServer.origin),
  baseURL: async ({ windowsServer }, provide) => provide(windowsServer.origin),
});

// Each journey runs a staff command, signs in and posts several forms, each on an office of its own.
test.describe.configure({ mode: "default", timeout: 90_000 });
test.use({
  // A refused form is answered 400, as HTTP says; the browser logs it.
  expectedConsoleErrors: /status of 400/,
});

const password = "a long staff password";

/** A new account on this file's server, made with `npm run staff -- add`. */
async function addStaff(server: ExtraServer, role: "owner" | "dispatcher", office?: string) {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const args = ["add", email, "--role", role, ...(office ? ["--office", office] : [])];
  expect((await staffCommand(args, password, server.dataDir)).status).toBe(0);
  return email;
}

/** A day next year, as the date input takes it and as the desk lists it ("Thu, Nov 26, 2026"). */
function dayNextYear(monthDay: string) {
  const date = `${new Date().getUTCFullYear() + 1}-${monthDay}`;
  const text = new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
  return { date, text };
}

const capacities = (page: Page) => page.getByRole("form", { name: /^Visits per window in/ });
const addHoliday = (page: Page) => page.getByRole("form", { name: "Add a holiday" });

test("an owner sets Texas's Tuesday morning to 2 and adds a holiday; both are there after a reload", async ({
  page,
  windowsServer,
}) => {
  await signIn(page, await addStaff(windowsServer, "owner"), password);
  await page
    .getByRole("navigation", { name: "Desk" })
    .getByRole("link", { name: "Windows" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Arrival windows" })).toBeVisible();

  await page.getByRole("combobox", { name: "Office" }).selectOption("Texas");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/office\/windows\?office=texas$/);
  const form = capacities(page);
  await expect(form).toHaveAccessibleName("Visits per window in Texas");
  await expect(form.getByRole("spinbutton", { name: "Tuesday morning" })).toHaveValue("4");
  await expect(form.getByRole("row", { name: /Sunday/ })).toContainText("Closed");
  await expect(form.getByRole("spinbutton", { name: /Sunday/ })).toHaveCount(0);

  // A number out of range comes back under its input, with what was typed.
  await form.getByRole("spinbutton", { name: "Tuesday morning" }).fill("2");
  await form.getByRole("spinbutton", { name: "Monday evening" }).fill("1001");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("alert").first()).toHaveText(
    "Nothing was saved: check the numbers marked below.",
  );
  const mondayEvening = form.getByRole("spinbutton", { name: "Monday evening" });
  await expect(mondayEvening).toHaveAttribute("aria-invalid", "true");
  await expect(mondayEvening).toHaveAccessibleDescription("Enter a whole number from 0 to 1000");
  await mondayEvening.fill("4");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");

  const holiday = dayNextYear("11-26");
  const add = addHoliday(page);
  await add.getByRole("textbox", { name: "Holiday name" }).fill("Thanksgiving");
  await add.getByLabel("Date").fill("2020-11-26");
  await add.getByRole("button", { name: "Add holiday" }).click();
  await expect(add.getByText("Choose today or a later date")).toBeVisible();
  await add.getByLabel("Date").fill(holiday.date);
  await add.getByRole("button", { name: "Add holiday" }).click();
  await expect(add.getByRole("status")).toHaveText(`Closed on ${holiday.text} (Thanksgiving).`);
  const holidays = page.getByRole("list", { name: "Holidays ahead" });
  const added = holidays.getByRole("listitem").filter({ hasText: holiday.text });
  await expect(added).toHaveCount(1);
  await expect(added).toContainText(`${holiday.text} Thanksgiving`);

  await page.reload();
  await expect(capacities(page).getByRole("spinbutton", { name: "Tuesday morning" })).toHaveValue(
    "2",
  );
  await expect(capacities(page).getByRole("spinbutton", { name: "Tuesday afternoon" })).toHaveValue(
    "4",
  );
  await expect(added).toContainText(`${holiday.text} Thanksgiving`);

  // Another office keeps its own numbers and holidays.
  await page.goto("/office/windows?office=florida");
  await expect(capacities(page).getByRole("spinbutton", { name: "Tuesday morning" })).toHaveValue(
    "4",
  );
  await expect(holidays.getByRole("listitem").filter({ hasText: holiday.text })).toHaveCount(0);

  // Removed, the day is open again.
  await page.goto("/office/windows?office=texas");
  await page.getByRole("button", { name: `Remove ${holiday.text} Thanksgiving` }).click();
  await expect(page.getByRole("status")).toHaveText(
    `${holiday.text} (Thanksgiving) is open again.`,
  );
  await expect(added).toHaveCount(0);
});

test("the federal holidays are closed by default, and an owner can open one again", async ({
  page,
  windowsServer,
}) => {
  await signIn(page, await addStaff(windowsServer, "owner"), password);
  await page.goto("/office/windows?office=virginia");
  const holidays = page.getByRole("list", { name: "Holidays ahead" });
  const thanksgiving = holidays.getByRole("listitem").filter({ hasText: "Thanksgiving Day" });
  await expect(thanksgiving.first()).toBeVisible();
  await expect(
    holidays.getByRole("listitem").filter({ hasText: "Christmas Day" }).first(),
  ).toBeVisible();
  const text = (await thanksgiving.first().locator("strong").textContent()) ?? "";
  await thanksgiving
    .first()
    .getByRole("button", { name: /^Remove / })
    .click();
  await expect(page.getByRole("status")).toHaveText(`${text} (Thanksgiving Day) is open again.`);
  // Opened stays open: the holidays are written once a year, not again over the owner's choice.
  await page.reload();
  await expect(holidays.getByRole("listitem").filter({ hasText: text })).toHaveCount(0);
});

test("without JavaScript, saving the windows and adding a holiday are real form posts", async ({
  browser,
  origin,
  windowsServer,
}) => {
  const context = await browser.newContext({
    baseURL: origin,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await signIn(page, await addStaff(windowsServer, "owner"), password);
  await page.goto("/office/windows");
  await page.getByRole("combobox", { name: "Office" }).selectOption("New Jersey");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/office\/windows\?office=new-jersey$/);
  const form = capacities(page);
  await form.getByRole("spinbutton", { name: "Saturday evening" }).fill("0");
  await form.getByRole("spinbutton", { name: "Friday afternoon" }).fill("-3");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(
    form.getByRole("spinbutton", { name: "Friday afternoon" }),
  ).toHaveAccessibleDescription("Enter a whole number from 0 to 1000");
  await expect(form.getByRole("spinbutton", { name: "Saturday evening" })).toHaveValue("0");
  await form.getByRole("spinbutton", { name: "Friday afternoon" }).fill("6");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved.");
  await page.goto("/office/windows?office=new-jersey");
  await expect(form.getByRole("spinbutton", { name: "Saturday evening" })).toHaveValue("0");
  await expect(form.getByRole("spinbutton", { name: "Friday afternoon" })).toHaveValue("6");

  const holiday = dayNextYear("07-04");
  const add = addHoliday(page);
  await add.getByLabel("Date").fill(holiday.date);
  await add.getByRole("button", { name: "Add holiday" }).click();
  await expect(add.getByText("Name the day, for example Thanksgiving")).toBeVisible();
  await add.getByRole("textbox", { name: "Holiday name" }).fill("Independence Day");
  await add.getByRole("button", { name: "Add holiday" }).click();
  await expect(add.getByRole("status")).toHaveText(`Closed on ${holiday.text} (Independence Day).`);
  await add.getByLabel("Date").fill(holiday.date);
  await add.getByRole("textbox", { name: "Holiday name" }).fill("Fourth of July");
  await add.getByRole("button", { name: "Add holiday" }).click();
  await expect(add.getByRole("status")).toHaveText(`${holiday.text} is now called Fourth of July.`);
  await expect(
    page.getByRole("list", { name: "Holidays ahead" }).getByRole("listitem"),
  ).toContainText([`${holiday.text} Fourth of July`]);
  await context.close();
});

test("a dispatcher gets 404; signed out, the sign-in page; never stored or indexed", async ({
  page,
  request,
  baseURL,
  windowsServer,
}) => {
  const signedOut = await request.get("/office/windows", { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers()["location"]).toBe("/office/sign-in");
  const post = (form: Record<string, string>) =>
    page.request.post("/office/windows?office=texas", {
      form: { office: "texas", ...form },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
  const signedOutPost = await request.post("/office/windows?office=texas", {
    form: { intent: "closed-day", office: "texas", date: "2099-01-01", label: "Nope" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(signedOutPost.status()).toBe(302);
  expect(signedOutPost.headers()["location"]).toBe("/office/sign-in");

  await signIn(page, await addStaff(windowsServer, "dispatcher", "texas"), password);
  await expect(
    page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Windows" }),
  ).toHaveCount(0);
  expect((await page.request.get("/office/windows?office=texas")).status()).toBe(404);
  expect((await post({ intent: "closed-day", date: "2099-01-01", label: "Nope" })).status()).toBe(
    404,
  );
  await page.getByRole("button", { name: "Sign out" }).click();

  await signIn(page, await addStaff(windowsServer, "owner"), password);
  const shown = await page.request.get("/office/windows?office=texas");
  expect(shown.status()).toBe(200);
  expect(shown.headers()["cache-control"]).toBe("no-store");
  expect(shown.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(await shown.text()).toContain('<meta name="robots" content="noindex, nofollow"');
  expect(await shown.text()).not.toContain("Nope");
  expect((await page.request.get("/office/windows?office=ohio")).status()).toBe(404);
  expect((await post({ intent: "capacities", office: "ohio" })).status()).toBe(404);
});

for (const width of [375, 1280]) {
  test(`axe finds nothing on the windows page at ${width} px`, async ({ page, windowsServer }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, await addStaff(windowsServer, "owner"), password);
    await page.goto("/office/windows?office=north-carolina");
    const add = addHoliday(page);
    await add.getByLabel("Date").fill(dayNextYear("12-24").date);
    await add.getByRole("textbox", { name: "Holiday name" }).fill(`Christmas Eve ${width}`);
    await add.getByRole("button", { name: "Add holiday" }).click();
    await expect(add.getByRole("status")).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);
    // And with errors shown.
    const form = capacities(page);
    await form.getByRole("spinbutton", { name: "Wednesday morning" }).fill("5000");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Enter a whole number from 0 to 1000")).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);
    const documentWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(documentWidth).toBeLessThanOrEqual(width);
  });
}
