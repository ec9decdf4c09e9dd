import type { Locator, Page } from "@playwright/test";

import { federalHolidays } from "~/domain/holidays";

import { expect, sharedPageTest as test } from "./support/fixtures";
import { uniqueName, waitForEmails } from "./support/leads";

// The homeowner's path on a phone: from a service page to a booked visit, and what typing
// survives when the dialog closes.
test.use({ viewport: { width: 375, height: 667 } });

let phoneCounter = 0;
function distinctPhone(): string {
  phoneCounter += 1;
  const line = String((Date.now() + phoneCounter * 6007) % 10_000).padStart(4, "0");
  return `(512) 6${String(phoneCounter % 100).padStart(2, "0")}-${line}`;
}

function dialogOf(page: Page): Locator {
  return page.getByRole("dialog", { name: "Schedule Service" });
}

test("from /services/dryer, a visit is booked in at most 8 taps besides the typing", async ({
  page,
}) => {
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.click();
  };
  const tapAndType = async (field: Locator, text: string) => {
    await tap(field);
    await field.pressSequentially(text);
  };

  await page.goto("/services/dryer?region=Texas");
  const book = page.getByRole("link", { name: "Book dryer repair" });
  await expect(book).toBeInViewport();
  await tap(book);

  const dialog = dialogOf(page);
  await expect(dialog.getByText("Step 2 of 2: Contact Information")).toBeVisible();
  await expect(dialog.getByText("Appliance:")).toContainText("Dryer");
  await tapAndType(
    dialog.getByRole("textbox", { name: "Full Name (required)" }),
    uniqueName("Dana"),
  );
  await tapAndType(dialog.getByRole("textbox", { name: "Phone", exact: true }), distinctPhone());
  await tapAndType(
    dialog.getByRole("textbox", { name: "Address", exact: true }),
    "4 Elm St, Austin",
  );
  await tap(dialog.getByRole("button", { name: "Choose a date from the calendar" }));
  const calendar = dialog.getByRole("group", { name: "Calendar" });
  await tap(calendar.getByRole("button", { name: /\d{4}$/, disabled: false }).first());
  await tap(dialog.getByRole("radio", { disabled: false }).first());
  await tap(dialog.getByRole("button", { name: "Submit Request" }));

  await expect(dialog).toBeHidden();
  expect(taps).toBeLessThanOrEqual(8);
  await expect(
    page.getByText("Your service request has been submitted successfully.", { exact: true }),
  ).toBeVisible();
  const notice = page.getByRole("region", { name: "Your request is on its way" });
  await expect(notice).toBeFocused();
  await expect(
    notice.getByRole("link", { name: "See, change or cancel your visit" }),
  ).toHaveAttribute("href", /^\/requests\/[A-Za-z0-9_-]{43}$/);
  await expect(notice).toContainText(/Your reference: R-[0-9A-HJKMNP-TV-Z]{4}/);
  await expect(notice).toContainText(/Appliance\s*Dryer/);
});

test("the success keeps its reference: on the page, atop the branded email, on the private page", async ({
  page,
}) => {
  const email = `${uniqueName("Ref").replace(/\s+/g, ".").toLowerCase()}@example.com`;
  await page.goto("/services/dishwasher?region=Texas");
  await page.getByRole("link", { name: "Book dishwasher repair" }).click();
  const dialog = dialogOf(page);
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill("Rosa Reference");
  await dialog.getByRole("textbox", { name: "Email" }).fill(email);
  await dialog
    .getByRole("textbox", { name: "Phone", exact: true })
    .pressSequentially(distinctPhone());
  await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("9 Oak Ln, Austin");
  // The model details are folded until asked for; what is typed there is sent.
  const model = dialog.getByRole("textbox", { name: "Model" });
  await expect(model).toBeHidden();
  await dialog.getByText("Add model details (optional)").click();
  await model.fill("WFE505W0JS");
  await dialog.getByRole("button", { name: "Choose a date from the calendar" }).click();
  await dialog
    .getByRole("group", { name: "Calendar" })
    .getByRole("button", { name: /\d{4}$/, disabled: false })
    .first()
    .click();
  await dialog.getByRole("radio", { disabled: false }).first().click();
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog).toBeHidden();

  const notice = page.getByRole("region", { name: "Your request is on its way" });
  const reference = (await notice.textContent())?.match(/R-[0-9A-HJKMNP-TV-Z]{4}/)?.[0];
  expect(reference).toBeDefined();

  const [confirmation] = await waitForEmails(
    (message) => message.envelopeTo.includes(email) && message.subject.includes("received"),
    1,
  );
  // The plain-text part leads with the same: the reference, the appliance, the visit.
  const lines = confirmation!.text.split("\n").filter((line) => line.trim() !== "");
  expect(lines.slice(0, 4).join("\n")).toContain(`Reference: ${reference}`);
  expect(lines.slice(0, 4).join("\n")).toContain("Appliance: Dishwasher");
  const link = confirmation!.text.match(/See or change your request: (\S+)/)?.[1];
  expect(link).toMatch(/\/requests\/[A-Za-z0-9_-]{43}$/);
  // The HTML part: the logo, the reference, one button to the private page.
  expect(confirmation!.html).toContain("/apple-touch-icon.png");
  // Mail apps load the logo from their own origins.
  const logo = await page.request.get("/apple-touch-icon.png");
  expect(logo.headers()["cross-origin-resource-policy"]).toBe("cross-origin");
  expect(confirmation!.html).toContain(reference!);
  expect(confirmation!.html).toMatch(
    /<a href="[^"]*\/requests\/[A-Za-z0-9_-]{43}"[^>]*>See or change your request<\/a>/,
  );

  await page.goto(new URL(link!).pathname);
  await expect(page.getByText(reference!, { exact: true })).toBeVisible();
});

test("the backdrop and Escape ask before discarding what was typed; keep keeps it", async ({
  page,
}) => {
  await page.goto("/services/washer?region=Texas");
  await page.getByRole("link", { name: "Book washer repair" }).click();
  const dialog = dialogOf(page);
  const name = dialog.getByRole("textbox", { name: "Full Name (required)" });
  await name.fill("Quinn Keeper");

  // A tap on the dim margin beside the dialog.
  await page.mouse.click(4, 300);
  const question = page.getByRole("alertdialog", { name: "Discard this request?" });
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "Keep editing" })).toBeFocused();
  await question.getByRole("button", { name: "Keep editing" }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(name).toHaveValue("Quinn Keeper");
  await expect(name).toBeFocused();

  // Escape with the calendar open closes only the calendar, and asks nothing.
  await dialog.getByRole("button", { name: "Choose a date from the calendar" }).click();
  const calendar = dialog.getByRole("group", { name: "Calendar" });
  await expect(calendar).toBeVisible();
  await calendar
    .getByRole("button", { name: /\d{4}$/, disabled: false })
    .first()
    .focus();
  await page.keyboard.press("Escape");
  await expect(calendar).toBeHidden();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();

  // Escape on the form asks; Discard closes and forgets.
  await name.focus();
  await page.keyboard.press("Escape");
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Discard" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "Book washer repair" }).click();
  await expect(dialogOf(page).getByRole("textbox", { name: "Full Name (required)" })).toHaveValue(
    "",
  );
});

test("a draft comes back when the dialog opens again in the same tab, and goes once booked", async ({
  page,
}) => {
  await page.goto("/services/oven?region=Texas");
  await page.getByRole("link", { name: "Book oven & range repair" }).click();
  let dialog = dialogOf(page);
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill("Robin Draft");
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill("5125550188");
  await dialog.getByRole("textbox", { name: "Notes" }).fill("Dog in the yard");
  await dialog.getByRole("radio", { disabled: false }).first().check();
  // The close button closes at once: the draft stays for the next opening.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  const cookiesBefore = await page.context().cookies();
  expect(cookiesBefore).toEqual([]);

  // Opened again with no appliance in its address (here a page load of its own): the draft's
  // appliance and fields come back.
  await page.goto("/modals/schedule?region=Texas");
  dialog = dialogOf(page);
  await expect(dialog.getByText("Appliance:")).toContainText("Oven");
  await expect(dialog.getByRole("textbox", { name: "Full Name (required)" })).toHaveValue(
    "Robin Draft",
  );
  await expect(dialog.getByRole("textbox", { name: "Phone", exact: true })).toHaveValue(
    "(512) 555-0188",
  );
  await expect(dialog.getByRole("textbox", { name: "Notes" })).toHaveValue("Dog in the yard");
  const stored = await page.evaluate(() => window.sessionStorage.getItem("schedule-draft"));
  expect(stored).toContain("Robin Draft");
  expect(page.url()).not.toContain("Robin");

  await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("8 Oak Ln, Austin");
  await dialog.getByRole("button", { name: "Choose a date from the calendar" }).click();
  await dialog
    .getByRole("group", { name: "Calendar" })
    .getByRole("button", { name: /\d{4}$/, disabled: false })
    .first()
    .click();
  await dialog.getByRole("radio", { disabled: false }).first().check();
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => window.sessionStorage.getItem("schedule-draft"))).toBeNull();
});

/** The next Thanksgiving from tomorrow on (UTC dates: a day either way cannot matter here). */
function nextThanksgiving(): string {
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const year = Number(tomorrow.slice(0, 4));
  return [year, year + 1]
    .map((candidate) => federalHolidays(candidate).find((day) => day.label === "Thanksgiving Day")!)
    .find((day) => day.date >= tomorrow)!.date;
}

test("Thanksgiving is not offered", async ({ page, request }) => {
  const thanksgiving = nextThanksgiving();
  const answer = await request.get(`/api/availability?office=texas&from=${thanksgiving}&days=1`);
  if (answer.status() === 400) {
    // More than the booking horizon away: nobody can choose it yet.
    expect(await answer.text()).toContain("Give a date from");
    return;
  }
  const [day] = ((await answer.json()) as { days: { date: string; closed: boolean }[] }).days;
  expect(day).toMatchObject({ date: thanksgiving, closed: true });

  // In the dialog's calendar, when the first month shown holds it.
  await page.goto("/services/dryer?region=Texas");
  await page.getByRole("link", { name: "Book dryer repair" }).click();
  const dialog = dialogOf(page);
  await dialog.getByRole("button", { name: "Choose a date from the calendar" }).click();
  const calendar = dialog.getByRole("group", { name: "Calendar" });
  const [year, month, date] = thanksgiving.split("-").map(Number) as [number, number, number];
  const label = new Date(Date.UTC(year, month - 1, date)).toLocaleDateString("en-US", {
    month: "long",
    timeZone: "UTC",
  });
  const dayButton = calendar.getByRole("button", {
    name: new RegExp(`^Thursday, ${label} ${date}(st|nd|rd|th), ${year}`),
  });
  if ((await dayButton.count()) > 0) await expect(dayButton).toBeDisabled();
});
