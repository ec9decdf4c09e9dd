import type { Page } from "@playwright/test";

import { isFederalHoliday } from "~/domain/holidays";

import { expect, sharedPageTest as test } from "./support/fixtures";
import { databaseAvailable, queryRows, uniqueName, waitForEmails } from "./support/leads";

/**
 * A day ahead that the site offers: a day and a half from now, on past a Sunday or a federal
 * holiday (the offices are closed then and the dialog offers no window; on a Friday afternoon a
 * day and a half ahead is a Sunday).
 */
function tomorrowIso() {
  const date = new Date(Date.now() + 36 * 3600 * 1000);
  while (date.getUTCDay() === 0 || isFederalHoliday(date.toISOString().slice(0, 10))) {
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return date.toISOString().slice(0, 10);
}

function typedDate(iso: string) {
  const [year, month, day] = iso.split("-");
  return `${month}/${day}/${year}`;
}

/** yyyy-mm-dd as the site writes a date ("March 5, 2027"). */
function displayedDate(iso: string) {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

async function fillContactStep(page: Page, name: string, email: string, date: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(name);
  await dialog.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).pressSequentially("7135550188");
  await expect(dialog.getByRole("textbox", { name: "Phone", exact: true })).toHaveValue(
    "(713) 555-0188",
  );
  await dialog
    .getByRole("textbox", { name: "Address", exact: true })
    .fill("4410 Bellaire Blvd, Houston");
  await dialog.getByRole("textbox", { name: "Zip Code" }).fill("77401");
  const dateInput = dialog.getByRole("textbox", { name: "Preferred Date" });
  await dateInput.fill(typedDate(date));
  await dateInput.press("Tab");
  await dialog.getByRole("radio", { name: /Afternoon/ }).check();
  await expect(dialog.getByRole("combobox", { name: "Brand" })).toBeHidden();
  await dialog.getByText("Add model details (optional)").click();
  await dialog.getByRole("combobox", { name: "Brand" }).fill("Whirlpool");
  await dialog.getByRole("textbox", { name: "Model" }).fill("WRF555SDFZ");
  await dialog
    .getByRole("textbox", { name: "Description of the problem" })
    .fill("Fridge section warm, freezer fine.\nStarted Monday.");
}

async function expectBookingDelivered(
  name: string,
  email: string,
  date: string,
  appliance: string,
) {
  const [company] = await waitForEmails(
    (message) =>
      message.text.includes(name) && message.envelopeTo.includes("texas@easyappliancerepair.com"),
    1,
  );
  expect(company!.subject).toContain(appliance);
  expect(company!.text).toContain("(713) 555-0188");
  expect(company!.text).toContain("12:00 PM - 4:00 PM Central");
  expect(company!.replyTo).toContain(email);

  const [confirmation] = await waitForEmails((message) => message.envelopeTo.includes(email), 1);
  const ics = confirmation!.attachments.find((attachment) =>
    attachment.contentType.startsWith("text/calendar"),
  );
  expect(ics, "an .ics attachment").toBeDefined();
  expect(ics!.content).toContain("BEGIN:VEVENT");
  expect(ics!.content).toContain(date.replaceAll("-", ""));

  if (!databaseAvailable) return;
  const rows = await queryRows<{
    selected_appliance: string;
    preferred_date: string;
    phone: string;
  }>(
    "select selected_appliance, preferred_date::text as preferred_date, phone from service_requests where name = $1",
    [name],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ preferred_date: date, phone: "(713) 555-0188" });
}

test("a visitor books a repair from the header button", async ({ page }) => {
  const name = uniqueName("Hana");
  const email = `${name.split(" ")[1]!.toLowerCase()}@example.com`;
  const date = tomorrowIso();
  await page.goto("/reviews?region=Texas");
  await page.locator("header").getByRole("link", { name: "Schedule Service" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Service" });
  const progress = dialog.getByRole("progressbar");
  await expect(progress).toHaveAttribute("aria-valuenow", "0");
  await expect(dialog.getByText("Select Appliances").first()).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Cancel/ })).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Appliances" }).getByRole("button")).toHaveCount(8);
  await dialog.getByRole("button", { name: /Refrigerator/ }).click();
  await expect(progress).toHaveAttribute("aria-valuenow", "50");

  // Back clears progress; picking again moves on.
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(progress).toHaveAttribute("aria-valuenow", "0");
  await dialog.getByRole("button", { name: /Refrigerator/ }).click();

  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Phone number is required")).toBeVisible();
  await expect(dialog.getByText("Address is required")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Full Name (required)" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  await fillContactStep(page, name, email, date);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(
    page.getByText("Your service request has been submitted successfully.", { exact: true }),
  ).toBeVisible();

  // The dialog closes (spec section 4); the page behind keeps what was booked, the homeowner's
  // private link and the phone in a notice that has the focus, until it is dismissed.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/reviews\?region=Texas$/);
  const notice = page.getByRole("main").getByRole("region", { name: "Your request is on its way" });
  await expect(notice).toBeFocused();
  await expect(notice).toContainText("The office will confirm your visit with you.");
  await expect(notice.getByRole("definition")).toHaveText([
    "Refrigerator",
    displayedDate(date),
    "Afternoon, 12:00 PM - 4:00 PM",
  ]);
  const requestLink = notice.getByRole("link", { name: "See, change or cancel your visit" });
  await expect(requestLink).toHaveAttribute("href", /^\/requests\/[A-Za-z0-9_-]{43}$/);
  expect((await page.request.get((await requestLink.getAttribute("href"))!)).status()).toBe(200);
  await expect(notice.getByRole("link", { name: "(713) 555-0127" })).toHaveAttribute(
    "href",
    "tel:+17135550127",
  );
  // It stays on the next page until the visitor dismisses it; the focus goes to the content.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Brands We Repair" })
    .click();
  await expect(page.getByRole("heading", { name: "Our Supported Brands", level: 1 })).toBeVisible();
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole("main")).toBeFocused();
  await expectBookingDelivered(name, email, date, "Refrigerator");
});

test("a visitor books from the home hero with the keyboard", async ({ page }) => {
  const name = uniqueName("Omar");
  const email = `${name.split(" ")[1]!.toLowerCase()}@example.com`;
  const date = tomorrowIso();
  await page.goto("/?region=Texas");
  await page.getByRole("link", { name: "Schedule Now" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(":focus")).toHaveCount(1);
  const washer = dialog.getByRole("button", { name: /Washing Machine/ });
  await washer.focus();
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("textbox", { name: "Full Name (required)" })).toBeVisible();
  await fillContactStep(page, name, email, date);
  await dialog.getByRole("radio", { name: /Afternoon/ }).press("ArrowRight");
  await expect(dialog.getByRole("radio", { name: /Evening/ })).toBeChecked();
  await dialog.getByRole("radio", { name: /Evening/ }).press("ArrowLeft");
  await expect(dialog.getByRole("radio", { name: /Afternoon/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(
    page.getByText("Your service request has been submitted successfully.", { exact: true }),
  ).toBeVisible();
  // The dialog closes; the notice it leaves takes the focus: the private link comes next,
  // Dismiss after the phone.
  await expect(dialog).toBeHidden();
  const notice = page.getByRole("region", { name: "Your request is on its way" });
  await expect(notice).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(
    notice.getByRole("link", { name: "See, change or cancel your visit" }),
  ).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("button", { name: "Dismiss" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(notice).toHaveCount(0);
  await expectBookingDelivered(name, email, date, "Washing Machine");
});

test("a visitor books from a service page and picks the date in the calendar", async ({ page }) => {
  const name = uniqueName("Lena");
  await page.goto("/services/oven?region=Texas");
  await page.locator("main").getByRole("link", { name: "Schedule Service" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: /Oven & Range/ }).click();
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(name);
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill("7135550177");
  await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("88 Oak Ln, Sugar Land");
  await dialog.getByRole("button", { name: "Choose a date from the calendar" }).click();
  const calendar = page.getByRole("grid");
  await expect(calendar).toBeVisible();
  // Days before today (in the office's time zone) are not offered.
  const enabledDays = calendar.locator("button:not([disabled])");
  await enabledDays.last().click();
  await expect(dialog.getByRole("textbox", { name: "Preferred Date" })).toHaveValue(
    /^[A-Z][a-z]+ \d{1,2}, \d{4}$/,
  );
  // The last day shown may be today, whose morning closes two hours before it starts.
  await dialog.getByRole("radio", { disabled: false }).first().check();
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(
    page.getByText("Your service request has been submitted successfully.", { exact: true }),
  ).toBeVisible();
  const [company] = await waitForEmails((message) => message.text.includes(name), 1);
  expect(company!.subject).toContain("Oven");
  if (databaseAvailable) {
    const rows = await queryRows("select id from service_requests where name = $1", [name]);
    expect(rows).toHaveLength(1);
  }
});

test("a repeat request closes the dialog with the office's message and no private link", async ({
  page,
}) => {
  const phone = `713${String(Math.floor(2e6 + Math.random() * 7e6))}`;
  const book = async (name: string) => {
    await page.goto("/services?region=Texas");
    await page.locator("header").getByRole("link", { name: "Schedule Service" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: /Dishwasher/ }).click();
    await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(name);
    await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill(phone);
    await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("9 Elm St, Katy");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(
      page.getByText("Your service request has been submitted successfully.", { exact: true }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await book(uniqueName("Rita"));
  await expect(
    page.getByRole("region", { name: "Your request is on its way" }).getByRole("link", {
      name: "See, change or cancel your visit",
    }),
  ).toBeVisible();

  await book(uniqueName("Rita"));
  const notice = page.getByRole("region", { name: "We have your request" });
  await expect(notice).toBeFocused();
  await expect(notice).toContainText(
    "We already have a request for this phone number. We'll call you to confirm.",
  );
  await expect(notice.getByRole("link", { name: /change or cancel/ })).toHaveCount(0);
  await expect(notice.getByRole("link")).toHaveCount(1); // the office's phone only
  await expect(page.getByRole("region", { name: "Your request is on its way" })).toHaveCount(0);
});

test.describe("when the request fails", () => {
  test.use({ expectedConsoleErrors: /Failed to load resource/ });

  test("a server error and a network error show their toasts; the dialog keeps the values", async ({
    page,
  }) => {
    await page.goto("/services?region=Texas");
    await page.locator("header").getByRole("link", { name: "Schedule Service" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: /Dryer/ }).click();
    await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill("Failing Fran");
    await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill("7135550166");
    await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("1 Main St");

    // The dialog posts to its route's action (/modals/schedule.data once hydrated).
    const action = /\/modals\/schedule\.data/;
    await page.route(action, (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Internal error" }),
    );
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(
      page.getByText("Failed to submit your request. Please try again later.", { exact: true }),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
    await expect(dialog.getByRole("textbox", { name: "Full Name (required)" })).toHaveValue(
      "Failing Fran",
    );

    await page.unroute(action);
    // No answer at all: the browser sends it again twice, with the same idempotency key.
    const keys: string[] = [];
    await page.route(action, (route) => {
      keys.push(new URLSearchParams(route.request().postData() ?? "").get("idempotencyKey") ?? "");
      return route.abort("connectionrefused");
    });
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(
      page.getByText("An unexpected error occurred. Please try again later.", { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText("Failed to submit your request. Please try again later.", { exact: true }),
    ).toBeHidden();
    await expect(page.locator("[data-radix-toast-announce-exclude], li[role=status]")).toHaveCount(
      1,
    );
    await expect(dialog.getByRole("textbox", { name: "Address", exact: true })).toHaveValue(
      "1 Main St",
    );
    await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeEnabled();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).not.toBe("");
  });
});
