import type { APIRequestContext, Browser, Page } from "@playwright/test";

import { federalHolidays } from "~/domain/holidays";
import { formatVisitDay } from "~/domain/visit";

import { serviceRequest } from "../server/test-support/fixtures";
import { startExtraServer, type ExtraServer } from "./support/extra-server";
import { requestedDay, staffEmail, staffPassword as password, todayInTexas } from "./support/field";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { uniqueName } from "./support/leads";
import { signIn, staffCommand } from "./support/staff";
import { axe } from "./support/axe";

// The desk's smaller ones (issue 36, point 10): the dispatch board shows each visit's town and
// address and its window by its whole name, moves to a day chosen with its date picker and says
// "Closed" on a holiday; the prices page opens on the owner's own office, says "Saved." by its
// button and asks before it removes. At 375 and 1280 px, axe clean, nothing sideways at 320 px,
// and the same without JavaScript.
//
// On a server of its own (a free port, in this worker): its owner's team works in Texas only, so
// Texas is the owner's office there whatever other journeys add to the shared server.
const test = base.extend<{ origin: string; deskServer: ExtraServer }>({
  deskServer: fileServer(() => startExtraServer(0, { WINDOW_CAPACITY: "100000" })),
  origin: async ({ deskServer }, provide) => provide(deskServer.origin),
  baseURL: async ({ deskServer }, provide) => provide(deskServer.origin),
});

test.describe.configure({ mode: "default", timeout: 180_000 });

const widths = [375, 1280] as const;

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** axe finds nothing at 375 and 1280 px, and nothing scrolls sideways from 320 px up. */
async function expectCleanAt(page: Page, what: string) {
  for (const width of [320, ...widths]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await overflow(page), `${what} at ${width} px`).toBeLessThanOrEqual(0);
    if (width === 320) continue;
    const results = await axe(page).analyze();
    expect(
      results.violations.map((violation) => violation.id),
      `${what} at ${width} px`,
    ).toEqual([]);
  }
}

let crew: { owner: string } | undefined;

/** The server's owner, and a technician of Texas (the owner's team works there), made once. */
async function theOwner(server: ExtraServer) {
  if (crew) return crew;
  const owner = staffEmail("owner");
  const technician = staffEmail("alex");
  for (const [email, args] of [
    [owner, ["--role", "owner", "--name", "Olive Owner"]],
    [technician, ["--role", "technician", "--office", "texas", "--name", "Alex Rivera"]],
  ] as const) {
    const added = await staffCommand(["add", email, ...args], password, server.dataDir);
    expect(added.stderr).toBe("");
  }
  crew = { owner };
  return crew;
}

/** A Houston homeowner's request for `requestedDay()`'s morning, as the site sends it. */
async function bookHouston(request: APIRequestContext) {
  const name = uniqueName("Hana");
  const booked = await request.post("/api/send-email", {
    data: serviceRequest({
      name,
      email: staffEmail("hana"),
      address: "1200 Main St, Apt 4, Houston, TX",
      zipCode: "77002",
      preferredDate: requestedDay(),
      preferredTime: "morning",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return name;
}

/** The next federal holiday after today in Houston: a closed day of every office by default. */
function nextHoliday() {
  const today = todayInTexas();
  const year = Number(today.slice(0, 4));
  return [...federalHolidays(year), ...federalHolidays(year + 1)].find(
    (holiday) => holiday.date > today,
  )!;
}

/** A select is wide enough for the text of its chosen option (a whole window name, not "Morn…"). */
async function showsItsWholeChoice(page: Page, select: ReturnType<Page["locator"]>) {
  return select.evaluate((element) => {
    const control = element as HTMLSelectElement;
    const style = getComputedStyle(control);
    const probe = document.createElement("span");
    probe.textContent = control.selectedOptions[0]?.textContent ?? "";
    probe.style.font = style.font;
    probe.style.position = "absolute";
    probe.style.whiteSpace = "nowrap";
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    // The padding on both sides and the arrow (about 20 px).
    const room =
      control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return text <= room;
  });
}

test("the board: the visit's town and address, its window by name, a day chosen with the date picker, and Closed on a holiday", async ({
  page,
  request,
  deskServer,
}) => {
  const { owner } = await theOwner(deskServer);
  const name = await bookHouston(request);
  await signIn(page, owner, password);
  const day = requestedDay();
  const holiday = nextHoliday();

  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/office/dispatch?office=texas");
    await expect(
      page.getByRole("heading", { name: `Texas: ${formatVisitDay(todayInTexas())}` }),
    ).toBeVisible();

    // The date picker (a GET form) moves the board to the day chosen.
    const picker = page.getByRole("form", { name: "Choose a day" });
    await picker.getByLabel("Day").fill(day);
    await picker.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]date=${day}`));
    await expect(
      page.getByRole("heading", { name: `Texas: ${formatVisitDay(day)}` }),
    ).toBeVisible();
    await expect(picker.getByLabel("Day")).toHaveValue(day);

    const visit = page.getByRole("article", { name });
    await expect(visit.getByText("Houston · 1200 Main St, Apt 4, Houston, TX 77002")).toBeVisible();
    await expect(visit.getByText("Morning, 8:00 AM - 12:00 PM", { exact: true })).toBeVisible();
    const windowChoice = visit.getByRole("combobox", { name: "Window" });
    await expect(windowChoice).toHaveValue("morning");
    expect(await showsItsWholeChoice(page, windowChoice), `the window's name at ${width} px`).toBe(
      true,
    );
    await expect(page.getByText(/^Closed/)).toHaveCount(0);
    await expectCleanAt(page, `The board on ${day}`);
    await page.setViewportSize({ width, height: 800 });

    // A holiday: Closed, with its name.
    await picker.getByLabel("Day").fill(holiday.date);
    await picker.getByRole("button", { name: "Show" }).click();
    await expect(
      page.getByRole("heading", { name: `Texas: ${formatVisitDay(holiday.date)}` }),
    ).toBeVisible();
    await expect(page.getByText(`Closed: ${holiday.label}`)).toBeVisible();
    await expectCleanAt(page, `The board on ${holiday.label}`);
    await page.setViewportSize({ width, height: 800 });

    // Today's link brings the board back to today.
    await page
      .getByRole("navigation", { name: "Days" })
      .getByRole("link", { name: "Today" })
      .click();
    await expect(
      page.getByRole("heading", { name: `Texas: ${formatVisitDay(todayInTexas())}` }),
    ).toBeVisible();
  }
});

test("the prices open on the owner's office, say Saved. by the button, and Remove asks first", async ({
  page,
  deskServer,
}) => {
  const { owner } = await theOwner(deskServer);
  await signIn(page, owner, password);
  // No dialog of the browser's is ever opened (Remove asks in the page, not window.confirm).
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    // No office chosen: the owner's own, where the team works.
    await page.goto("/office/prices");
    await expect(page.getByRole("heading", { name: "Prices in Texas" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Office" })).toHaveValue("texas");

    const form = page.getByRole("form", { name: "Prices in Texas" });
    const status = form.getByRole("status");
    await expect(status).toHaveText("");
    await form.getByLabel("Service-call fee ($)").fill(width === 375 ? "89" : "95");
    await form
      .getByLabel("When the fee applies", { exact: true })
      .fill("waived when you go ahead with the repair");
    await form
      .getByLabel("When the fee applies, in Spanish (optional)")
      .fill(width === 375 ? "se descuenta si sigue adelante con la reparación" : "");
    await form.getByRole("button", { name: "Save prices" }).click();
    await expect(status).toHaveText("Saved.");
    await expect(page.getByText("On the Spanish pages: Cargo por visita: $")).toContainText(
      width === 375
        ? "$89, se descuenta si sigue adelante con la reparación"
        : "$95 (condición de la oficina, en inglés: “waived when you go ahead with the repair”)",
    );
    // By the button: on its row, after it.
    const button = (await form.getByRole("button", { name: "Save prices" }).boundingBox())!;
    const saved = (await status.boundingBox())!;
    expect(Math.abs(saved.y + saved.height / 2 - (button.y + button.height / 2))).toBeLessThan(
      button.height,
    );
    expect(saved.x).toBeGreaterThan(button.x + button.width);
    await expect(page.getByText("Saved.")).toHaveCount(1);
    await expectCleanAt(page, "Prices, saved");
    await page.setViewportSize({ width, height: 800 });
    // Typing again: no longer "Saved."
    await form.getByLabel("Service-call fee ($)").fill("99");
    await expect(status).toHaveText("");

    // Remove asks first; "Keep it" keeps them.
    await page.getByRole("button", { name: "Remove prices" }).click();
    const question = page.getByRole("heading", { name: "Remove the prices for Texas?" });
    await expect(question).toBeVisible();
    // A page of its own: the focus on its content (root.tsx), the question in view.
    await expect(question).toBeInViewport();
    await expect(page.getByText(/^Service call: \$(89|95), waived/)).toBeVisible();
    await expectCleanAt(page, "Remove the prices?");
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole("link", { name: "Keep it" }).click();
    await expect(page.getByRole("heading", { name: "Prices in Texas" })).toBeVisible();
    await expect(page.getByText(/^Service call: \$(89|95), waived/)).toBeVisible();

    await page.getByRole("button", { name: "Remove prices" }).click();
    await page.getByRole("button", { name: "Yes, remove" }).click();
    await expect(
      page.getByText("Removed: the site shows no service-call fee or ranges for Texas."),
    ).toBeVisible();
    await expect(
      page.getByText("No prices: the site shows no service-call fee for Texas."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove prices" })).toHaveCount(0);
  }
  expect(dialogs).toEqual([]);
});

test("without JavaScript: the board's date picker, Save and Remove's question are plain forms", async ({
  browser,
  deskServer,
}) => {
  const { owner } = await theOwner(deskServer);
  await withoutJavaScript(browser, deskServer, async (page) => {
    await page.goto("/office/sign-in");
    await page.getByRole("textbox", { name: "Email" }).fill(owner);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();

    await page.goto("/office/dispatch?office=texas");
    const holiday = nextHoliday();
    const picker = page.getByRole("form", { name: "Choose a day" });
    await picker.getByLabel("Day").fill(holiday.date);
    await picker.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText(`Closed: ${holiday.label}`)).toBeVisible();
    expect(new URL(page.url()).searchParams.get("date")).toBe(holiday.date);

    await page.goto("/office/prices");
    await expect(page.getByRole("heading", { name: "Prices in Texas" })).toBeVisible();
    const form = page.getByRole("form", { name: "Prices in Texas" });
    await form.getByLabel("Service-call fee ($)").fill("89");
    await form
      .getByLabel("When the fee applies", { exact: true })
      .fill("waived when you go ahead with the repair");
    await form.getByRole("button", { name: "Save prices" }).click();
    await expect(form.getByRole("status")).toHaveText("Saved.");
    await page.getByRole("button", { name: "Remove prices" }).click();
    await expect(page.getByRole("heading", { name: "Remove the prices for Texas?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, remove" }).click();
    await expect(
      page.getByText("Removed: the site shows no service-call fee or ranges for Texas."),
    ).toBeVisible();
  });
});

async function withoutJavaScript(
  browser: Browser,
  server: ExtraServer,
  run: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: server.origin,
    viewport: { width: 375, height: 800 },
  });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}
