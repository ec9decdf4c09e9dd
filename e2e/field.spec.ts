import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Page } from "@playwright/test";

import { serviceRequest } from "../server/test-support/fixtures";
import { startTwilioStandIn, type TwilioStandIn } from "../server/test-support/twilio";
import { startExtraServer, type ExtraServer } from "./support/extra-server";
import { expect, fileServer, test as base } from "./support/fixtures";
import { expectConfirmed, uniqueName, waitForEmails } from "./support/leads";
import {
  requestedDay,
  staffEmail,
  staffPassword as password,
  todayInTexas,
  tomorrowInTexas,
} from "./support/field";
import { signIn, staffCli, staffCommand } from "./support/staff";
import { axe } from "./support/axe";

/** The file's server, whose clock a journey moves to a visit's day (TEST_CLOCK_FILE). */
interface FieldServer extends ExtraServer {
  /** Stops the server's clock at `instant`; null: real time again. */
  setClock(instant: number | null): void;
  /** The stand-in for Twilio's API its texts go to. */
  textProvider: TwilioStandIn;
}

/** The server, its texts sent to a stand-in for Twilio's API and its mail to the journeys'. */
async function startFieldServer(): Promise<FieldServer> {
  const textProvider = await startTwilioStandIn();
  const clockDir = mkdtempSync(path.join(tmpdir(), "e2e-clock-"));
  const clockFile = path.join(clockDir, "clock");
  const stopAll = async (server?: ExtraServer) => {
    await server?.stop();
    rmSync(clockDir, { recursive: true, force: true });
    await textProvider.close();
  };
  try {
    // The journeys' mailbox: the homeowner's On my way email and calendar update are read there.
    const server = await startExtraServer(0, {
      SMTP_URL: process.env.E2E_SMTP_URL!,
      OUTBOX_POLL_MS: "200",
      ALLOW_TEST_CLOCK: "1",
      TEST_CLOCK_FILE: clockFile,
      ...textProvider.env,
    });
    return {
      ...server,
      textProvider,
      setClock(instant) {
        if (instant === null) return rmSync(clockFile, { force: true });
        writeFileSync(clockFile, new Date(instant).toISOString());
      },
      stop: () => stopAll(server),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

// The field: a technician made with the command, a visit confirmed to them on the lead page in
// one click, and their day on a phone. On a server of its own: the desk's first journey
// (office-desk.spec.ts) needs the journeys' server to have no account yet. The file's tests share
// it in one worker, on a free port: a failed test's replacement worker starts another.
const test = base.extend<{ origin: string; fieldServer: FieldServer }>({
  fieldServer: fileServer(startFieldServer),
  origin: async ({ fieldServer }, provide) => provide(fieldServer.origin),
  baseURL: async ({ fieldServer }, provide) => provide(fieldServer.origin),
});

test.describe.configure({ mode: "default", timeout: 90_000 });
test.use({
  expectedConsoleErrors: /status of (400|401|403|404|409|429)/,
});

async function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("an owner adds a technician with the command; a booking is confirmed to them in one click; on a phone it is their day", async ({
  page,
  browser,
  request,
  fieldServer,
}) => {
  test.slow();
  const owner = staffEmail("owner");
  expect(
    (
      await staffCommand(
        ["add", owner, "--role", "owner", "--name", "Olive Owner"],
        password,
        fieldServer.dataDir,
      )
    ).status,
  ).toBe(0);
  const technician = staffEmail("alex");
  const added = staffCli(
    ["add", technician, "--role", "technician", "--office", "texas", "--name", "Alex Rivera"],
    password,
    fieldServer.dataDir,
  );
  expect(added.stderr).toBe("");
  expect(added.stdout).toContain(`Added ${technician}  technician  texas`);

  // A homeowner's request, as the site sends it.
  const name = uniqueName("Maria");
  const homeownerEmail = staffEmail("maria");
  const booked = await request.post("/api/send-email", {
    data: serviceRequest({
      name,
      email: homeownerEmail,
      selectedAppliance: "dryer",
      description: "Smells like gas when it runs",
      brand: "Samsung",
      model: "DVG45R6100C",
      preferredDate: requestedDay(),
      preferredTime: "afternoon",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };
  const privateUrl = new URL(requestUrl).pathname;

  // The owner confirms it for today (the form starts with the asked day and window), to Alex.
  await signIn(page, owner, password);
  await page.goto(`/office/leads/${id}`);
  const confirm = page.getByRole("form", { name: "Confirm requested visit" });
  await expect(confirm.getByLabel("Visit date")).toHaveValue(requestedDay());
  await expect(confirm.getByLabel("Visit window")).toHaveValue("afternoon");
  await confirm.getByLabel("Visit date").fill(todayInTexas());
  await confirm.getByLabel("Visit window").selectOption("evening");
  await confirm.getByLabel("Assign to").selectOption({ label: "Alex Rivera" });
  await confirm.getByRole("button", { name: "Confirm requested visit" }).click();
  await expectConfirmed(page, "Alex Rivera");
  await expect(page.getByText("Status: Scheduled")).toBeVisible();

  // The board shows it in Alex's evening, with the window's places.
  await page.goto(`/office/dispatch?office=texas&day=${todayInTexas()}`);
  const alexRow = page.getByRole("region", { name: "Alex Rivera" });
  await expect(alexRow.getByText(/Evening \(4:00 PM - 6:00 PM\): 1 visit/)).toBeVisible();
  await expect(alexRow.getByRole("link", { name })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const results = await axe(page).analyze();
    expect(
      results.violations.map((violation) => violation.id),
      `Dispatch at ${width} px`,
    ).toEqual([]);
  }
  for (const width of [320, 375, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await overflow(page), `Dispatch at ${width} px`).toBeLessThanOrEqual(0);
  }

  // Alex, on a phone: signed in, their day, the visit's card.
  // No service worker here: only the offline journey below needs one (Chromium keeps a second
  // context's worker installing for minutes after another context's worker went away).
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    serviceWorkers: "block",
  });
  const alex = await phone.newPage();
  try {
    await alex.goto("/office/sign-in");
    await alex.getByRole("textbox", { name: "Email" }).fill(technician);
    await alex.getByLabel("Password").fill(password);
    await alex.getByRole("button", { name: "Sign in" }).click();
    await expect(alex).toHaveURL(/\/office\/day$/);
    await expect(alex.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
    const card = alex.getByRole("article", { name: name });
    await expect(card).toBeVisible();
    await expect(card.getByText("Gas smell")).toBeVisible();
    await expect(card.getByText(/Evening, 4:00 PM - 6:00 PM Central/)).toBeVisible();
    await expect(card.getByText("Dryer, Samsung DVG45R6100C")).toBeVisible();
    await expect(card.getByRole("link", { name: /^Call / })).toHaveAttribute(
      "href",
      /^tel:\d{10}$/,
    );
    await expect(card.getByRole("link", { name: "Text" })).toHaveAttribute("href", /^sms:\d{10}$/);
    await expect(card.getByRole("link", { name: /1200 Main St/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=1200%20Main%20St/,
    );
    // The homeowner's page is open in another browser, unreloaded from here on.
    const homeowner = await browser.newContext();
    const privatePage = await homeowner.newPage();
    await privatePage.goto(privateUrl);
    await privatePage.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // On my way by mistake: Undo, within its seconds, puts the card and the homeowner's page
    // back, and the homeowner hears nothing of it (one On my way email in the end, below).
    await card.getByLabel("Minutes away").fill("5");
    await card.getByRole("button", { name: "On my way" }).click();
    await expect(card.getByText(/On the way: Arriving about/)).toBeVisible();
    await expect(
      privatePage.getByRole("status").filter({ hasText: /Alex is on the way, arriving about/ }),
    ).toBeVisible();
    await expect(card.getByRole("status").filter({ hasText: /Undo for \d+ s/ })).toBeVisible();
    await card.getByRole("button", { name: "Undo On my way" }).click();
    await expect(card.getByText(/On the way: Arriving about/)).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Undo On my way" })).toHaveCount(0);
    await expect(
      privatePage.getByRole("status").filter({ hasText: /Alex is on the way, arriving about/ }),
    ).toHaveCount(0);
    for (const width of [320, 375]) {
      await alex.setViewportSize({ width, height: 740 });
      expect(await overflow(alex), `My day after Undo at ${width} px`).toBeLessThanOrEqual(0);
    }
    await alex.setViewportSize({ width: 375, height: 740 });

    // On my way, 20 minutes: that page says when, by first name, without a reload.
    await card.getByLabel("Minutes away").fill("20");
    await card.getByRole("button", { name: "On my way" }).click();
    await expect(
      card.getByText(/On the way: Arriving about \d{1,2}:\d\d [AP]M Central/),
    ).toBeVisible();
    await expect(
      privatePage.getByRole("status").filter({ hasText: /Alex is on the way, arriving about/ }),
    ).toBeVisible();
    const undoOffered = await axe(alex).analyze();
    expect(
      undoOffered.violations.map((violation) => violation.id),
      "My day with Undo offered",
    ).toEqual([]);
    // The email waits out the Undo's seconds: the server's clock moves past them.
    fieldServer.setClock(Date.now() + 30_000);
    await waitForEmails(
      (email) =>
        email.envelopeTo.includes(homeownerEmail) && /^Alex is on the way/.test(email.subject),
      1,
    );
    fieldServer.setClock(null);
    await card.getByRole("button", { name: "Arrived" }).click();
    await expect(card.getByText("Arrived", { exact: true })).toBeVisible();

    // The dryer needs a part: the homeowner's page says so without a reload.
    await card.locator("summary", { hasText: "Needs a part" }).click();
    await card.getByLabel("Part for the customer's page").fill("DC97-14486A igniter");
    await card.getByRole("button", { name: "Needs a part" }).click();
    // Nothing left to do on it: the card is one line, which opens to the whole card.
    await expect(card.locator("summary", { hasText: name })).toContainText("Needs a part");
    await card.locator("summary", { hasText: name }).click();
    await expect(card.getByText("Part needed: DC97-14486A igniter")).toBeVisible();
    await expect(
      privatePage.getByRole("status").filter({ hasText: /^Waiting for a part/ }),
    ).toBeVisible();

    // The dispatcher books the return visit for tomorrow on the board, with Alex.
    await page.goto(`/office/dispatch?office=texas&day=${tomorrowInTexas()}`);
    const waiting = page.getByRole("region", { name: /Waiting for a part/ });
    const item = waiting.getByRole("article", { name });
    await expect(item.getByText("Part: DC97-14486A igniter")).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const results = await axe(page).analyze();
      expect(
        results.violations.map((violation) => violation.id),
        `Dispatch with a return visit to book at ${width} px`,
      ).toEqual([]);
      expect(await overflow(page), `Dispatch at ${width} px`).toBeLessThanOrEqual(0);
    }
    await item.getByRole("combobox", { name: "Technician" }).selectOption({ label: "Alex Rivera" });
    await item.getByRole("combobox", { name: "Window" }).selectOption("morning");
    await item.getByRole("button", { name: "Book return visit" }).click();
    await expect(
      page
        .getByRole("region", { name: "Alex Rivera" })
        .getByText(/Morning \(8:00 AM - 12:00 PM\): 1 visit/),
    ).toBeVisible();
    // The homeowner's calendar gets the return visit as an event of its own.
    const [update] = await waitForEmails(
      (email) =>
        email.envelopeTo.includes(homeownerEmail) &&
        email.subject.startsWith("Your return visit is booked"),
      1,
    );
    const calendar = update!.attachments.find((file) => file.filename.endsWith(".ics"));
    expect(calendar?.content).toContain("METHOD:REQUEST");
    expect(calendar?.content).toContain(`UID:service-request-${id}-visit-2@`);
    // Both visits on the homeowner's page.
    await expect(privatePage.getByText(/First visit: .+ \(needed a part\)/)).toBeVisible();
    await expect(privatePage.getByText("Return visit:")).toBeVisible();

    // Tomorrow on Alex's day: the return visit, with the part to bring, read and not tapped.
    await alex.reload();
    const tomorrow = alex.getByRole("region", { name: /^Tomorrow/ });
    const tomorrowCard = tomorrow.getByRole("article", { name: name });
    await expect(tomorrowCard.getByText(/Return visit: bring DC97-14486A igniter/)).toBeVisible();
    await expect(
      tomorrowCard.getByText("On my way, Arrived and Done open on the day of the visit."),
    ).toBeVisible();
    await expect(tomorrowCard.getByRole("button")).toHaveCount(0);
    await expect(tomorrowCard.getByText("Done: record the repair")).toHaveCount(0);
    // The next morning (the server's clock at 9:00 or 10:00 in Houston): Arrived, then Done.
    fieldServer.setClock(Date.parse(`${tomorrowInTexas()}T15:00:00Z`));
    await alex.waitForTimeout(300);
    await alex.reload();
    if (/\/office\/sign-in/.test(alex.url())) {
      await alex.getByRole("textbox", { name: "Email" }).fill(technician);
      await alex.getByLabel("Password").fill(password);
      await alex.getByRole("button", { name: "Sign in" }).click();
      await expect(alex).toHaveURL(/\/office\/day$/);
    }
    const returnCard = alex
      .getByRole("region", { name: /^Today/ })
      .getByRole("article", { name: name });
    await expect(returnCard.getByText(/Return visit: bring DC97-14486A igniter/)).toBeVisible();
    // Done only once Arrived.
    await expect(returnCard.getByText("Done: record the repair")).toHaveCount(0);
    await returnCard.getByRole("button", { name: "Arrived" }).click();
    await expect(returnCard.getByText("Arrived", { exact: true })).toBeVisible();
    await returnCard.getByText("Done: record the repair").click();
    await returnCard.getByLabel("Work done").fill("Replaced the igniter; tested two cycles.");
    await expect(returnCard.getByLabel("Model")).toHaveValue("DVG45R6100C");
    await returnCard.getByLabel("Serial number").fill("0B7H5AEN400123");
    await returnCard.getByLabel("Parts used").fill("DC97-14486A igniter");
    await returnCard.getByLabel("Amount charged ($)").fill("189.50");
    await returnCard.getByRole("button", { name: "Done", exact: true }).click();
    await expect(returnCard.getByText("Done", { exact: true })).toBeVisible();
    await expect(privatePage.getByText(/Completed: Alex finished the repair/)).toBeVisible();
    fieldServer.setClock(null);
    await homeowner.close();

    // The inbox and the lead do not exist for Alex.
    expect((await alex.goto("/office"))?.status()).toBe(404);
    expect((await alex.goto(`/office/leads/${id}`))?.status()).toBe(404);

    await alex.goto("/office/day");
    for (const width of [375, 1280]) {
      await alex.setViewportSize({ width, height: 800 });
      const results = await axe(alex).analyze();
      expect(
        results.violations.map((violation) => violation.id),
        `at ${width} px`,
      ).toEqual([]);
    }
    for (const width of [320, 375, 768, 1024, 1280]) {
      await alex.setViewportSize({ width, height: 800 });
      expect(await overflow(alex), `My day at ${width} px`).toBeLessThanOrEqual(0);
    }
  } finally {
    await phone.close();
  }
});

test("the inbox on a phone: leads as cards with a Call button and the danger flagged, filters folded away", async ({
  page,
  request,
  fieldServer,
}) => {
  const owner = staffEmail("owner");
  expect(
    (
      await staffCommand(
        ["add", owner, "--role", "owner", "--name", "Olive Owner"],
        password,
        fieldServer.dataDir,
      )
    ).status,
  ).toBe(0);
  const name = uniqueName("Gail");
  const booked = await request.post("/api/send-email", {
    data: serviceRequest({ name, description: "Burning smell and sparks at the back" }),
  });
  expect(booked.status()).toBe(201);

  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, owner, password);
  // Each row is drawn as a card: as wide as the phone, the name first, a Call button.
  const card = page.getByRole("row").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText("Burning or sparks")).toBeVisible();
  await expect(card.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:/);
  const box = await card.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);
  expect(box?.height).toBeGreaterThan(120);
  // The filters are folded away until asked for.
  const status = page.getByRole("combobox", { name: "Status" });
  await expect(status).toBeHidden();
  await page.locator('label[for="show-filters"]').click();
  await expect(status).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const results = await axe(page).analyze();
    expect(
      results.violations.map((violation) => violation.id),
      `at ${width} px`,
    ).toEqual([]);
  }
  for (const width of [320, 375, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await overflow(page), `the inbox at ${width} px`).toBeLessThanOrEqual(0);
  }
});

/** Texts go out in Houston from 8:00 until 21:00; outside those hours they wait. */
function textHoursInTexas(): boolean {
  const hour = Number(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      hour: "numeric",
      hourCycle: "h23",
    }).format(new Date()),
  );
  return hour >= 8 && hour < 21;
}

test("texts: booked with the box ticked, the technician's On my way reaches the homeowner's phone", async ({
  page,
  browser,
  fieldServer,
}) => {
  const { textProvider } = fieldServer;
  test.slow();
  const owner = staffEmail("owner");
  expect(
    (
      await staffCommand(
        ["add", owner, "--role", "owner", "--name", "Olive Owner"],
        password,
        fieldServer.dataDir,
      )
    ).status,
  ).toBe(0);
  const technician = staffEmail("tom");
  expect(
    staffCli(
      // Not "Alex Rivera": the first journey's Alex works this office on this server too.
      ["add", technician, "--role", "technician", "--office", "texas", "--name", "Tom Nguyen"],
      password,
      fieldServer.dataDir,
    ).stderr,
  ).toBe("");

  // The homeowner books on a phone, ticking the box.
  const name = uniqueName("Tia");
  // A number texts can reach: its exchange (the first three digits after the area code) 2-9.
  const digits = `6${String(Date.now()).slice(-6)}`;
  const phone = `(512) ${digits.slice(0, 3)}-${digits.slice(3)}`;
  const number = `+1512${digits}`;
  const homeowner = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const site = await homeowner.newPage();
  await site.goto("/services/dryer?region=Texas");
  // A context of its own: the shared fixture's wait for hydration is not here.
  await site.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await site.getByRole("link", { name: "Book dryer repair" }).click();
  const dialog = site.getByRole("dialog", { name: "Schedule Service" });
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(name);
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).pressSequentially(phone);
  await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("1200 Main St, Houston");
  await dialog.getByRole("button", { name: "Choose a date from the calendar" }).click();
  await dialog
    .getByRole("group", { name: "Calendar" })
    .getByRole("button", { name: /\d{4}$/, disabled: false })
    .first()
    .click();
  await dialog.getByRole("radio", { disabled: false }).first().click();
  const consent = dialog.getByRole("checkbox", {
    name: "Text me about this repair (confirmation, reminder, arrival)",
  });
  await expect(consent).not.toBeChecked();
  await expect(dialog.getByText("Message and data rates may apply.")).toBeVisible();
  await consent.check();
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog).toBeHidden();
  await homeowner.close();

  // The office confirms it for this evening, to Tom; the lead shows the consent as given.
  await signIn(page, owner, password);
  await page.getByRole("link", { name }).first().click();
  await expect(
    page.getByText(/Consent: .+ for \+1512\d{7}: “Text me about this repair/),
  ).toBeVisible();
  const confirm = page.getByRole("form", { name: "Confirm requested visit" });
  await confirm.getByLabel("Visit date").fill(todayInTexas());
  await confirm.getByLabel("Visit window").selectOption("evening");
  await confirm.getByLabel("Assign to").selectOption({ label: "Tom Nguyen" });
  await confirm.getByRole("button", { name: "Confirm requested visit" }).click();
  await expectConfirmed(page, "Tom Nguyen");

  // Tom taps On my way on the phone.
  const phoneContext = await browser.newContext({
    viewport: { width: 375, height: 740 },
    serviceWorkers: "block",
  });
  const alex = await phoneContext.newPage();
  try {
    await alex.goto("/office/sign-in");
    await alex.getByRole("textbox", { name: "Email" }).fill(technician);
    await alex.getByLabel("Password").fill(password);
    await alex.getByRole("button", { name: "Sign in" }).click();
    const card = alex.getByRole("article", { name });
    await card.getByLabel("Minutes away").fill("25");
    await card.getByRole("button", { name: "On my way" }).click();
    await expect(card.getByText(/On the way: Arriving about/)).toBeVisible();
  } finally {
    await phoneContext.close();
  }

  const toHomeowner = () => textProvider.received.filter((text) => text.to === number);
  if (textHoursInTexas()) {
    await expect
      // The On my way text waits out the seconds its Undo is offered.
      .poll(() => toHomeowner().map((text) => text.body), { timeout: 45_000 })
      .toEqual([
        expect.stringMatching(/^Easy Appliance Repair: we got your dryer repair request R-/),
        expect.stringMatching(/your dryer repair visit is booked for .+ with Tom\./),
        expect.stringMatching(/Tom is on the way, arriving about \d{1,2}:\d\d [AP]M\./),
      ]);
    await page.reload();
    await expect(page.getByText("On my way").first()).toBeVisible();
  } else {
    // Quiet hours in Houston: the texts wait for 8:00, and the desk says so.
    await page.reload();
    await expect(page.getByText("On my way", { exact: false }).first()).toBeVisible();
    expect(toHomeowner()).toEqual([]);
  }
  const results = await axe(page).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});
