import type { APIRequestContext, Browser, Page } from "@playwright/test";

import { serviceRequest } from "../server/test-support/fixtures";
import { startExtraServer, type ExtraServer } from "./support/extra-server";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import {
  requestedDay,
  staffEmail,
  staffPassword as password,
  tomorrowInTexas,
} from "./support/field";
import { changeBooking, expectConfirmed, uniqueName, waitForEmails } from "./support/leads";
import { signIn, staffCommand } from "./support/staff";
import { axe } from "./support/axe";

// One way to book a visit on the lead page (issue 36, points 3 and 8), on a 375 px phone: one
// booking form whose technician is an account of the office, "Confirmed with <first name>" and
// a Change that opens it filled in, the same booking sent again sending nothing. On a server of
// its own (the desk's first journey needs the journeys' server to have no account), on a free
// port; its emails go to the journeys' mailbox.
const test = base.extend<{ origin: string; bookingServer: ExtraServer }>({
  bookingServer: fileServer(() =>
    startExtraServer(0, {
      SMTP_URL: process.env.E2E_SMTP_URL!,
      OUTBOX_POLL_MS: "200",
    }),
  ),
  origin: async ({ bookingServer }, provide) => provide(bookingServer.origin),
  baseURL: async ({ bookingServer }, provide) => provide(bookingServer.origin),
});

test.describe.configure({ mode: "default", timeout: 120_000 });
test.use({
  viewport: { width: 375, height: 800 },
  // A booking without a technician is refused 400, as HTTP says; the browser logs it.
  expectedConsoleErrors: /status of 400/,
});

/** An owner and two technicians of Texas (names of their own), made with the command. */
async function texasCrew(server: ExtraServer) {
  const crew = {
    owner: staffEmail("owner"),
    alex: { email: staffEmail("alex"), name: uniqueName("Alex") },
    bea: { email: staffEmail("bea"), name: uniqueName("Bea") },
  };
  for (const args of [
    ["add", crew.owner, "--role", "owner", "--name", "Olive Owner"],
    ...[crew.alex, crew.bea].map((technician) => [
      "add",
      technician.email,
      "--role",
      "technician",
      "--office",
      "texas",
      "--name",
      technician.name,
    ]),
  ]) {
    const added = await staffCommand(args, password, server.dataDir);
    expect(added.stderr).toBe("");
  }
  return crew;
}

/** A homeowner's request to Texas for a morning a few days ahead; its id. */
async function bookRequest(request: APIRequestContext, name: string, email: string) {
  const booked = await request.post("/api/send-email", {
    data: serviceRequest({
      name,
      email,
      preferredDate: requestedDay(),
      preferredTime: "morning",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { id: string }).id;
}

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** axe finds nothing on the page, and at 320 px nothing scrolls sideways. */
async function expectAccessible(page: Page, when: string) {
  const results = await axe(page).analyze();
  expect(
    results.violations.map((violation) => violation.id),
    `axe on the lead page ${when}`,
  ).toEqual([]);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await overflow(page), `the lead page at 320 px ${when}`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 375, height: 800 });
}

/** The forms of the page that book a visit: the ones with a visit date. */
function bookingForms(page: Page) {
  return page.locator("form").filter({ has: page.getByLabel("Visit date") });
}

/** "July 16, 2031": a day as the desk writes it. */
function longDay(isoDate: string) {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The technician signed in on a phone of their own (375 px): their My day. */
async function myDayOf(browser: Browser, origin: string, email: string) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 375, height: 740 },
    // No service worker: My day's offline worker is field-offline.spec.ts's concern.
    serviceWorkers: "block",
  });
  const phone = await context.newPage();
  await phone.goto("/office/sign-in");
  await phone.getByRole("textbox", { name: "Email" }).fill(email);
  await phone.getByLabel("Password").fill(password);
  await phone.getByRole("button", { name: "Sign in" }).click();
  await expect(phone).toHaveURL(/\/office\/day$/);
  await expect(phone.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
  return { phone, close: () => context.close() };
}

test("one booking form: confirmed with the technician's first name, on their My day; Change moves it; the same booking twice sends one email", async ({
  page,
  request,
  browser,
  origin,
  bookingServer,
}) => {
  const crew = await texasCrew(bookingServer);
  const name = uniqueName("Rosa");
  const homeowner = staffEmail("rosa");
  const id = await bookRequest(request, name, homeowner);
  const bookedEmail = (email: { envelopeTo: string[]; subject: string }) =>
    email.envelopeTo.includes(homeowner) && email.subject.startsWith("Your repair visit is booked");

  await signIn(page, crew.owner, password);
  await page.goto(`/office/leads/${id}`);
  await expectAccessible(page, "before booking");

  // One booking form, filled with the asked day and window; the status form books nothing.
  await expect(bookingForms(page)).toHaveCount(1);
  await expect(page.locator('input[type="date"]')).toHaveCount(1);
  const confirm = page.getByRole("form", { name: "Confirm requested visit" });
  await expect(confirm.getByLabel("Visit date")).toHaveValue(requestedDay());
  await expect(confirm.getByLabel("Visit window")).toHaveValue("morning");
  const status = page.getByRole("form", { name: "Status", exact: true });
  await expect(status.getByRole("option", { name: /Scheduled/ })).toHaveCount(0);
  await expect(status.getByRole("option", { name: "Contacted" })).toHaveCount(1);
  await expect(page.getByRole("textbox", { name: "Technician" })).toHaveCount(0);
  // The technician is one of the office's accounts: a list, nothing to type.
  const technician = confirm.getByRole("combobox", { name: "Assign to" });
  await expect(technician.getByRole("option", { name: crew.alex.name })).toHaveCount(1);
  await expect(technician.getByRole("option", { name: crew.bea.name })).toHaveCount(1);

  // The picker starts on the least-loaded technician, with each one's visits that day.
  await expect(technician).not.toHaveValue("");
  await expect(confirm.getByText(/^Visits that day: .+ 0/)).toBeVisible();
  // Without a technician, the form says so and nothing is booked.
  await technician.selectOption("");
  await confirm.getByRole("button", { name: "Confirm requested visit" }).click();
  await expect(confirm.getByText("Choose the technician")).toBeVisible();
  await expect(page.getByText("Status: New")).toBeVisible();

  const tomorrow = tomorrowInTexas();
  await confirm.getByLabel("Visit date").fill(tomorrow);
  await confirm.getByLabel("Visit window").selectOption("afternoon");
  await technician.selectOption({ label: crew.alex.name });
  await confirm.getByRole("button", { name: "Confirm requested visit" }).click();
  const confirmed = await expectConfirmed(page, crew.alex.name);
  await expect(confirmed.getByRole("heading", { name: "Confirmed with Alex" })).toBeFocused();
  await expect(
    confirmed.getByText(`${longDay(tomorrow)}, afternoon (12:00 PM - 4:00 PM)`),
  ).toBeVisible();
  await expect(page.getByText("Status: Scheduled")).toBeVisible();
  await expect(page.getByRole("form", { name: "Confirm requested visit" })).toHaveCount(0);
  await expect(bookingForms(page)).toHaveCount(1);
  // Change is closed: its form is there, not shown.
  await expect(confirmed.getByRole("form", { name: "Change the visit" })).toBeHidden();
  await expectAccessible(page, "once booked");

  // On Alex's My day.
  const alex = await myDayOf(browser, origin, crew.alex.email);
  try {
    const card = alex.phone.getByRole("article", { name });
    await expect(card.getByText("Afternoon, 12:00 PM - 4:00 PM Central")).toBeVisible();

    // The same booking, pressed again twice from Change: nothing changes, nothing is sent.
    for (let press = 0; press < 2; press += 1) {
      await changeBooking(page, {});
      await expect(
        page.getByText(
          "Nothing changed: the visit was already booked like this, and nothing was sent.",
        ),
      ).toBeVisible();
    }
    await waitForEmails(bookedEmail, 1);
    await page.reload();
    const emails = page.getByRole("region", { name: "Emails" });
    await expect(emails.getByText(/^Your repair visit is booked/)).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Timeline" }).getByText(/Scheduled/)).toHaveCount(
      1,
    );

    // Change, by keyboard: the form opens filled with the booking; another window is saved.
    const booked = page.getByRole("region", { name: "Confirmed with Alex" });
    const change = booked.locator("summary", { hasText: "Change" });
    await change.focus();
    await page.keyboard.press("Enter");
    const form = booked.getByRole("form", { name: "Change the visit" });
    await expect(form).toBeVisible();
    await expect(form.getByLabel("Visit date")).toHaveValue(tomorrow);
    await expect(form.getByLabel("Visit window")).toHaveValue("afternoon");
    await expect(form.getByLabel("Assign to")).toHaveValue(
      await form
        .getByRole("option", { name: crew.alex.name })
        .evaluate((option) => (option as HTMLOptionElement).value),
    );
    await expectAccessible(page, "with Change open");
    await form.getByLabel("Visit window").selectOption("evening");
    await form.getByRole("button", { name: "Save the change" }).click();
    const moved = await expectConfirmed(page, crew.alex.name);
    await expect(
      moved.getByText(`${longDay(tomorrow)}, evening (4:00 PM - 6:00 PM)`),
    ).toBeVisible();
    await expect(moved.getByRole("form", { name: "Change the visit" })).toBeHidden();
    await expect(card.getByText("Evening, 4:00 PM - 6:00 PM Central")).toBeVisible();
    // A change is news: the homeowner hears of the new window, once.
    const [, second] = await waitForEmails(bookedEmail, 2);
    expect(second?.subject).toContain("4:00 PM - 6:00 PM");
    await expectAccessible(page, "after the change");
  } finally {
    await alex.close();
  }
});

test("without JavaScript, the booking form books and Change opens and saves", async ({
  browser,
  request,
  origin,
  bookingServer,
}) => {
  const crew = await texasCrew(bookingServer);
  const name = uniqueName("Nils");
  const id = await bookRequest(request, name, staffEmail("nils"));
  const context = await browser.newContext({
    baseURL: origin,
    javaScriptEnabled: false,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  try {
    await page.goto("/office/sign-in");
    await page.getByRole("textbox", { name: "Email" }).fill(crew.owner);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await page.goto(`/office/leads/${id}`);
    const confirm = page.getByRole("form", { name: "Confirm requested visit" });
    await confirm.getByLabel("Visit date").fill(tomorrowInTexas());
    await confirm.getByLabel("Assign to").selectOption({ label: crew.bea.name });
    await confirm.getByRole("button", { name: "Confirm requested visit" }).click();
    await expectConfirmed(page, crew.bea.name);
    await changeBooking(page, { window: "evening", technician: crew.alex.name });
    const moved = await expectConfirmed(page, crew.alex.name);
    await expect(
      moved.getByText(`${longDay(tomorrowInTexas())}, evening (4:00 PM - 6:00 PM)`),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
