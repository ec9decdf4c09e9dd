import type { Locator, Page } from "@playwright/test";
import { format } from "date-fns";

import { windowFilledMessage } from "~/domain/availability";
import { isFederalHoliday } from "~/domain/holidays";

import { startExtraServer } from "./support/extra-server";
import { expect, sharedPageTest as test } from "./support/fixtures";
import { uniqueName } from "./support/leads";
import { axe } from "./support/axe";

const texasEmail = "texas@easyappliancerepair.com";

/** yyyy-mm-dd, `days` after today (UTC: a few days ahead, the office's zone cannot matter). */
function isoDaysAhead(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

function nextDay(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** Sundays and the federal holidays are closed days of every office. */
const isClosedDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).getUTCDay() === 0 || isFederalHoliday(iso);

/** The first day from `days` ahead on that is open, with the next day open and in its month. */
function openDayPairFrom(days: number): [string, string] {
  let first = isoDaysAhead(days);
  for (;;) {
    const second = nextDay(first);
    if (!isClosedDay(first) && !isClosedDay(second) && second.slice(0, 7) === first.slice(0, 7)) {
      return [first, second];
    }
    first = second;
  }
}

function openDayFrom(days: number): string {
  let day = isoDaysAhead(days);
  while (isClosedDay(day)) day = nextDay(day);
  return day;
}

const typedDate = (iso: string) => {
  const [year, month, day] = iso.split("-");
  return `${month}/${day}/${year}`;
};

/** What react-day-picker names a day button: "Tuesday, December 8th, 2026". */
const dayButtonName = (iso: string) => format(new Date(`${iso}T12:00:00`), "PPPP");

let phoneCounter = 0;
/** A phone of its own per request: the same phone and appliance again would be a repeat. */
function distinctPhone(): string {
  phoneCounter += 1;
  const line = String((Date.now() + phoneCounter * 7919) % 10_000).padStart(4, "0");
  return `(713) 4${String(phoneCounter % 100).padStart(2, "0")}-${line}`;
}

/** Books one place of a window through the JSON API, as another homeowner would. */
async function bookPlace(origin: string, date: string, window: string) {
  const response = await fetch(`${origin}/api/send-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      selectedAppliance: "dishwasher",
      name: uniqueName("Filler"),
      email: "",
      phone: distinctPhone(),
      address: "1 Filler St, Houston",
      zipCode: "",
      preferredDate: date,
      preferredTime: window,
      description: "",
      brand: "",
      model: "",
      serialNumber: "",
      notes: "",
      companyEmail: texasEmail,
      website: "",
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** Opens the dialog on step 2 for a refrigerator and fills what is required. */
async function openContactStep(page: Page, origin = ""): Promise<Locator> {
  await page.goto(`${origin}/?region=Texas`);
  await page.getByRole("link", { name: "Schedule Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Service" });
  await dialog.getByRole("button", { name: /Refrigerator/ }).click();
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(uniqueName("Wendy"));
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill(distinctPhone());
  await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("9 Window Way, Katy");
  return dialog;
}

/** axe finds nothing wrong in the dialog as it stands. */
/** axe finds nothing in the dialog (or, once it closed, in what it left on the page). */
async function expectAccessibleDialog(page: Page, part = '[role="dialog"]') {
  const results = await axe(page).include(part).analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

async function typeDate(dialog: Locator, iso: string) {
  const dateInput = dialog.getByRole("textbox", { name: "Preferred Date" });
  await dateInput.fill(typedDate(iso));
  await dateInput.press("Tab");
}

test("the safety notice shows for a dangerous description and goes for an ordinary one", async ({
  page,
}) => {
  const dialog = await openContactStep(page);
  const description = dialog.getByRole("textbox", { name: "Description of the problem" });
  const notice = dialog.getByRole("note");
  await expect(notice).toHaveCount(0);

  await description.fill("The oven smells like gas when I turn it on");
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("heading", { name: "Before you submit: stay safe" })).toBeVisible();
  await expect(notice).toContainText("leave the home now");
  await expect(notice).toContainText("call 911 or your gas utility from outside");
  await expect(notice.getByRole("link", { name: "(713) 555-0127" })).toHaveAttribute(
    "href",
    "tel:+17135550127",
  );
  // It sits right above the buttons and never blocks the request.
  await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeEnabled();
  await expectAccessibleDialog(page);

  await description.fill("Sparks behind the fridge and water on the floor");
  await expect(notice).toContainText("switch off its breaker");
  await expect(notice).toContainText("shut the water supply valve");
  await expect(notice).not.toContainText("leave the home now");

  await description.fill("The ice maker stopped working");
  await expect(notice).toHaveCount(0);
  await expect(dialog.getByRole("heading", { name: "Before you submit: stay safe" })).toHaveCount(
    0,
  );
});

test.describe("with one place per window", () => {
  // One server for the group, started once: its tests run in order in one worker.
  test.describe.configure({ mode: "default" });
  // The shared server takes any number of visits per window: this one takes one.
  let server: Awaited<ReturnType<typeof startExtraServer>>;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startExtraServer(0, {
      WINDOW_CAPACITY: "1",
      RATE_LIMIT_MAX: "0",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("windows booked by others show as Full, a fully booked day and Sundays are not offered", async ({
    page,
  }) => {
    const [partlyBooked, fullyBooked] = openDayPairFrom(4);
    await bookPlace(server.origin, partlyBooked, "morning");
    for (const window of ["morning", "afternoon", "evening"]) {
      await bookPlace(server.origin, fullyBooked, window);
    }

    const dialog = await openContactStep(page, server.origin);
    await typeDate(dialog, partlyBooked);
    const morning = dialog.getByRole("radio", { name: /Morning/ });
    await expect(morning).toBeDisabled();
    await expect(morning).toHaveAccessibleName(/Full/);
    await expect(dialog.getByText("Full", { exact: true })).toHaveCount(1);
    await expect(dialog.getByRole("radio", { name: /Afternoon/ })).toBeEnabled();
    await dialog.getByRole("radio", { name: /Afternoon/ }).check();
    await expectAccessibleDialog(page);

    await dialog.getByRole("button", { name: "Choose a date from the calendar" }).click();
    const calendar = page.getByRole("grid");
    await expect(calendar.getByRole("button", { name: dayButtonName(fullyBooked) })).toBeDisabled();
    await expect(
      calendar.getByRole("button", { name: new RegExp(`^${dayButtonName(partlyBooked)}`) }),
    ).toBeEnabled();
    const sundays = calendar.getByRole("button", { name: /^Sunday/ });
    for (const sunday of await sundays.all()) await expect(sunday).toBeDisabled();

    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("region", { name: "Your request is on its way" })).toBeVisible();
  });

  test("a chosen window that fills up is unchecked when the date is chosen again", async ({
    page,
  }) => {
    const day = openDayFrom(12);
    const dialog = await openContactStep(page, server.origin);
    await typeDate(dialog, day);
    const evening = dialog.getByRole("radio", { name: /Evening/ });
    await evening.check();
    await bookPlace(server.origin, day, "evening");
    // Choosing the date again asks the office again.
    await typeDate(dialog, isoDaysAhead(40));
    await typeDate(dialog, day);
    await expect(evening).toBeDisabled();
    await expect(evening).not.toBeChecked();
    await expect(evening).toHaveAccessibleName(/Full/);
  });

  test.describe("when the window fills up while the visitor types", () => {
    test.use({ expectedConsoleErrors: /status of 409/ });

    test("the server's message and the open windows come back, focused; one tap books one", async ({
      page,
    }) => {
      const day = openDayFrom(20);
      const dialog = await openContactStep(page, server.origin);
      await dialog.getByRole("textbox", { name: "Notes" }).fill("Side gate is open");
      await typeDate(dialog, day);
      await dialog.getByRole("radio", { name: /Morning/ }).check();
      await bookPlace(server.origin, day, "morning");

      await dialog.getByRole("button", { name: "Submit Request" }).click();
      await expect(dialog.getByText(windowFilledMessage, { exact: true })).toBeVisible();
      const openWindows = dialog.getByRole("list", { name: "These windows are still open:" });
      const firstOpen = openWindows.getByRole("button").first();
      // A full window is a normal answer: the alternatives in view with the focus, no error toast.
      await expect(firstOpen).toBeFocused();
      await expect(firstOpen).toBeInViewport();
      await expect(page.getByText(/Failed/)).toHaveCount(0);
      await expect(dialog.getByRole("radio", { name: /Morning/ })).not.toBeChecked();
      await expectAccessibleDialog(page);

      await firstOpen.click();
      await expect(dialog).toBeHidden();
      const notice = page.getByRole("region", { name: "Your request is on its way" });
      await expect(notice).toBeFocused();
      await expect(notice.getByRole("link", { name: /change or cancel your visit/ })).toBeVisible();
      await expect(page.getByText(/Failed/)).toHaveCount(0);
      await expectAccessibleDialog(page, "#booked-notice");
    });
  });

  test("without JavaScript, a full window answers with the message and the open windows as a list", async ({
    browser,
  }) => {
    // A context of its own: the shared `page` waits for hydration, which never comes here.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      const day = openDayFrom(30);
      await bookPlace(server.origin, day, "afternoon");
      await page.goto(`${server.origin}/modals/schedule?appliance=oven&region=Texas`);
      const dialog = page.getByRole("dialog", { name: "Schedule Service" });
      await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill("Nora Nojs");
      await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill(distinctPhone());
      await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("3 Elm St, Katy");
      await dialog.getByRole("textbox", { name: "Preferred Date" }).fill(typedDate(day));
      await dialog.getByRole("radio", { name: /Afternoon/ }).check();
      await dialog.getByRole("button", { name: "Submit Request" }).click();

      await expect(dialog.getByText(windowFilledMessage, { exact: true })).toBeVisible();
      const openWindows = dialog.getByRole("list", { name: /These windows are still open/ });
      await expect(openWindows.getByRole("listitem").first()).toBeVisible();
      await expect(dialog.getByRole("textbox", { name: "Full Name (required)" })).toHaveValue(
        "Nora Nojs",
      );

      // Another window of that day goes through: the page the POST renders has no dialog, and
      // the notice above the page carries the private link.
      await dialog.getByRole("radio", { name: /Morning/ }).check();
      await dialog.getByRole("button", { name: "Submit Request" }).click();
      await expect(page.getByRole("status")).toContainText(
        "Your service request has been submitted successfully.",
      );
      await expect(dialog).toHaveCount(0);
      await expect(
        page
          .getByRole("region", { name: "Your request is on its way" })
          .getByRole("link", { name: "See, change or cancel your visit" }),
      ).toHaveAttribute("href", /^\/requests\/[A-Za-z0-9_-]{43}$/);
    } finally {
      await context.close();
    }
  });
});
