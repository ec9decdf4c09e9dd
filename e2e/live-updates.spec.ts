import type { APIRequestContext, Browser, Page } from "@playwright/test";

import { serviceRequest } from "../server/test-support/fixtures";
import { startExtraServer } from "./support/extra-server";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import {
  requestedDay,
  staffEmail,
  staffPassword as password,
  todayInTexas,
  tomorrowInTexas,
} from "./support/field";
import { changeBooking, expectConfirmed, uniqueName } from "./support/leads";
import { signIn, staffCommand } from "./support/staff";

// One door (Done when): every change to a request reaches the desk's open pages within two
// seconds, without a reload: a technician's My day on a phone, the dispatch board and the inbox,
// whoever made the change (the office on the lead page or the board, the homeowner on their
// page). Each journey is a test of its own, with its own staff and request.
//
// On a server of its own (embedded database, as many places per window as asked for, so no
// window here is filled by anyone): the desk's first journey needs the journeys' server to have
// no account. Its port is a free one: the file's tests share the server in one worker, and a
// failed test's replacement worker starts another.
type Server = Awaited<ReturnType<typeof startExtraServer>>;

const test = base.extend<{ origin: string; liveServer: Server }>({
  liveServer: fileServer(() =>
    startExtraServer(0, {
      WINDOW_CAPACITY: "100000",
      RATE_LIMIT_MAX: "0",
      OUTBOX_POLL_MS: "200",
    }),
  ),
  origin: async ({ liveServer }, provide) => provide(liveServer.origin),
  baseURL: async ({ liveServer }, provide) => provide(liveServer.origin),
});

test.describe.configure({ mode: "default" });

/** What "live" means here: on the open page within two seconds of the change, unreloaded. */
const live = { timeout: 2_000 };

/** A dispatcher of Texas and a technician of Texas (a name of their own), made with the command. */
async function texasStaff(server: Server) {
  const dispatcher = staffEmail("dispatcher");
  const added = await staffCommand(
    ["add", dispatcher, "--role", "dispatcher", "--office", "texas", "--name", "Dana Dispatch"],
    password,
    server.dataDir,
  );
  expect(added.stderr).toBe("");
  const technicianName = uniqueName("Tess");
  const technician = staffEmail("tess");
  const technicianAdded = await staffCommand(
    ["add", technician, "--role", "technician", "--office", "texas", "--name", technicianName],
    password,
    server.dataDir,
  );
  expect(technicianAdded.stderr).toBe("");
  return { dispatcher, technician, technicianName };
}

/** Another technician of Texas (a name of their own), to book a visit with before it moves. */
async function otherTechnician(server: Server) {
  const name = uniqueName("Otto");
  const added = await staffCommand(
    ["add", staffEmail("otto"), "--role", "technician", "--office", "texas", "--name", name],
    password,
    server.dataDir,
  );
  expect(added.stderr).toBe("");
  return name;
}

/** A homeowner's request to Texas, as the site sends it, for a morning a few days ahead. */
async function bookRequest(request: APIRequestContext, name: string) {
  const booked = await request.post("/api/send-email", {
    data: serviceRequest({
      name,
      email: staffEmail("homeowner"),
      preferredDate: requestedDay(),
      preferredTime: "morning",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return (await booked.json()) as { id: string; requestUrl: string };
}

async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The technician signed in on a phone (375 px), My day open. */
async function openMyDay(browser: Browser, origin: string, email: string) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 375, height: 740 },
    // No service worker: My day's offline worker is field-offline.spec.ts's concern.
    serviceWorkers: "block",
  });
  const phone = await context.newPage();
  await phone.goto("/office/sign-in");
  await hydrated(phone);
  await phone.getByRole("textbox", { name: "Email" }).fill(email);
  await phone.getByLabel("Password").fill(password);
  await phone.getByRole("button", { name: "Sign in" }).click();
  await expect(phone).toHaveURL(/\/office\/day$/);
  await expect(phone.getByRole("heading", { level: 1, name: "My day" })).toBeVisible();
  await hydrated(phone);
  return { phone, close: () => context.close() };
}

/** The lead page's "Confirm requested visit": a day, a window and the technician's account. */
async function confirmVisit(
  page: Page,
  id: string,
  visit: { date: string; window: string; technician: string },
) {
  await page.goto(`/office/leads/${id}`);
  const confirm = page.getByRole("form", { name: "Confirm requested visit" });
  await confirm.getByLabel("Visit date").fill(visit.date);
  await confirm.getByLabel("Visit window").selectOption(visit.window);
  await confirm.getByLabel("Assign to").selectOption({ label: visit.technician });
  await confirm.getByRole("button", { name: "Confirm requested visit" }).click();
  await expectConfirmed(page, visit.technician);
  await expect(page.getByText("Status: Scheduled")).toBeVisible();
}

/** The lead page's status form, on the lead page already open. */
function statusForm(page: Page) {
  return page.getByRole("form", { name: "Status", exact: true });
}

function longDay(isoDate: string) {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

test.describe("My day on a phone hears the office assign a visit to the technician", () => {
  test("confirmed to them on the lead page", async ({
    page,
    browser,
    request,
    origin,
    liveServer,
  }) => {
    const { dispatcher, technician, technicianName } = await texasStaff(liveServer);
    const name = uniqueName("Ada");
    const { id } = await bookRequest(request, name);
    await signIn(page, dispatcher, password);
    const myDay = await openMyDay(browser, origin, technician);
    try {
      const card = myDay.phone.getByRole("article", { name });
      await expect(card).toHaveCount(0);

      await confirmVisit(page, id, {
        date: tomorrowInTexas(),
        window: "afternoon",
        technician: technicianName,
      });

      await expect(card).toBeVisible(live);
      await expect(card.getByText("Afternoon, 12:00 PM - 4:00 PM Central")).toBeVisible();
    } finally {
      await myDay.close();
    }
  });

  test("given to them with the lead page's Change", async ({
    page,
    browser,
    request,
    origin,
    liveServer,
  }) => {
    const { dispatcher, technician, technicianName } = await texasStaff(liveServer);
    const otto = await otherTechnician(liveServer);
    const name = uniqueName("Bram");
    const { id } = await bookRequest(request, name);
    await signIn(page, dispatcher, password);
    // Booked with another technician first: on their My day, not on this one's.
    await confirmVisit(page, id, { date: tomorrowInTexas(), window: "morning", technician: otto });
    const myDay = await openMyDay(browser, origin, technician);
    try {
      const card = myDay.phone.getByRole("article", { name });
      await expect(card).toHaveCount(0);

      await changeBooking(page, { window: "evening", technician: technicianName });
      await expectConfirmed(page, technicianName);
      await expect(page.getByText("Status: Scheduled")).toBeVisible();

      await expect(card).toBeVisible(live);
      await expect(card.getByText("Evening, 4:00 PM - 6:00 PM Central")).toBeVisible();
    } finally {
      await myDay.close();
    }
  });

  test("assigned to them on the dispatch board", async ({
    page,
    browser,
    request,
    origin,
    liveServer,
  }) => {
    const { dispatcher, technician, technicianName } = await texasStaff(liveServer);
    const otto = await otherTechnician(liveServer);
    const name = uniqueName("Cleo");
    const { id } = await bookRequest(request, name);
    await signIn(page, dispatcher, password);
    // Booked for tomorrow with another technician (a visit is booked with an account only): on
    // the board, in their row.
    await confirmVisit(page, id, { date: tomorrowInTexas(), window: "morning", technician: otto });
    await page.goto(`/office/dispatch?office=texas&day=${tomorrowInTexas()}`);
    const item = page.getByRole("region", { name: otto }).getByRole("article", { name });
    await expect(item).toBeVisible();

    const myDay = await openMyDay(browser, origin, technician);
    try {
      const card = myDay.phone.getByRole("article", { name });
      await expect(card).toHaveCount(0);

      await item.getByRole("combobox", { name: "Technician" }).selectOption({
        label: technicianName,
      });
      await item.getByRole("combobox", { name: "Window" }).selectOption("morning");
      await item.getByRole("button", { name: "Move" }).click();
      await expect(
        page.getByRole("region", { name: technicianName }).getByRole("article", { name }),
      ).toBeVisible();

      await expect(card).toBeVisible(live);
      await expect(card.getByText("Morning, 8:00 AM - 12:00 PM Central")).toBeVisible();
    } finally {
      await myDay.close();
    }
  });
});

test.describe("a visit on the technician's open My day follows the office's change", () => {
  test("moved to another day and window on the lead page", async ({
    page,
    browser,
    request,
    origin,
    liveServer,
  }) => {
    const { dispatcher, technician, technicianName } = await texasStaff(liveServer);
    const name = uniqueName("Dora");
    const { id } = await bookRequest(request, name);
    await signIn(page, dispatcher, password);
    await confirmVisit(page, id, {
      date: tomorrowInTexas(),
      window: "morning",
      technician: technicianName,
    });
    const myDay = await openMyDay(browser, origin, technician);
    try {
      const tomorrowCard = myDay.phone
        .getByRole("region", { name: /^Tomorrow/ })
        .getByRole("article", { name });
      await expect(tomorrowCard.getByText("Morning, 8:00 AM - 12:00 PM Central")).toBeVisible();

      // Brought forward to this evening (the office may book a window whatever the hour).
      await changeBooking(page, { date: todayInTexas(), window: "evening" });
      await expectConfirmed(page, technicianName);
      await expect(page.getByText(/^Booked again: Scheduled \(/)).toBeVisible();

      const todayCard = myDay.phone
        .getByRole("region", { name: /^Today/ })
        .getByRole("article", { name });
      await expect(todayCard.getByText("Evening, 4:00 PM - 6:00 PM Central")).toBeVisible(live);
      await expect(tomorrowCard).toHaveCount(0);
    } finally {
      await myDay.close();
    }
  });

  test("moved to another window on the dispatch board", async ({
    page,
    browser,
    request,
    origin,
    liveServer,
  }) => {
    const { dispatcher, technician, technicianName } = await texasStaff(liveServer);
    const name = uniqueName("Emil");
    const { id } = await bookRequest(request, name);
    await signIn(page, dispatcher, password);
    await confirmVisit(page, id, {
      date: tomorrowInTexas(),
      window: "morning",
      technician: technicianName,
    });
    await page.goto(`/office/dispatch?office=texas&day=${tomorrowInTexas()}`);
    const row = page.getByRole("region", { name: technicianName });
    const item = row.getByRole("article", { name });
    await expect(row.getByText(/Morning \(8:00 AM - 12:00 PM\): 1 visit/)).toBeVisible();

    const myDay = await openMyDay(browser, origin, technician);
    try {
      const card = myDay.phone.getByRole("article", { name });
      await expect(card.getByText("Morning, 8:00 AM - 12:00 PM Central")).toBeVisible();

      await item.getByRole("combobox", { name: "Window" }).selectOption("afternoon");
      await item.getByRole("button", { name: "Move" }).click();
      await expect(row.getByText(/Afternoon \(12:00 PM - 4:00 PM\): 1 visit/)).toBeVisible();

      await expect(card.getByText("Afternoon, 12:00 PM - 4:00 PM Central")).toBeVisible(live);
      await expect(card.getByText("Morning, 8:00 AM - 12:00 PM Central")).toHaveCount(0);
    } finally {
      await myDay.close();
    }
  });

  test("cancelled on the lead page", async ({ page, browser, request, origin, liveServer }) => {
    const { dispatcher, technician, technicianName } = await texasStaff(liveServer);
    const name = uniqueName("Fern");
    const { id } = await bookRequest(request, name);
    await signIn(page, dispatcher, password);
    await confirmVisit(page, id, {
      date: tomorrowInTexas(),
      window: "morning",
      technician: technicianName,
    });
    const myDay = await openMyDay(browser, origin, technician);
    try {
      const card = myDay.phone.getByRole("article", { name });
      await expect(card).toBeVisible();

      await statusForm(page).getByLabel("New status").selectOption({ label: "Cancelled" });
      await statusForm(page).getByRole("button", { name: "Save status" }).click();
      await expect(page.getByText("Status: Cancelled")).toBeVisible();

      await expect(card).toHaveCount(0, live);
    } finally {
      await myDay.close();
    }
  });
});

/**
 * The homeowner's private page, open in a browser of their own: the first window offered on
 * another day than the visit's, as "yyyy-mm-dd/window", and the page.
 */
async function homeownerPage(browser: Browser, origin: string, requestUrl: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto(new URL(requestUrl).pathname);
  await hydrated(page);
  const choices = page.getByRole("group", { name: "Move to another open window" });
  const offered = await choices
    .getByRole("radio")
    .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
  const target = offered.find((value) => !value.startsWith(`${requestedDay()}/`));
  expect(target, "a window offered on another day").toBeDefined();
  const [day, window] = target!.split("/") as [string, string];
  return {
    page,
    day,
    window,
    async move() {
      await choices.getByRole("radio").nth(offered.indexOf(target!)).check();
      await page.getByRole("button", { name: "Move my visit" }).click();
      await expect(page.getByText(/Your visit is moved to/)).toBeVisible();
    },
    async cancel() {
      await page.getByRole("button", { name: "Cancel this visit" }).click();
      await page.getByRole("button", { name: "Yes, cancel the visit" }).click();
      await expect(page.getByText("Your visit is cancelled.", { exact: false })).toBeVisible();
    },
    close: () => context.close(),
  };
}

test.describe("the desk follows a homeowner's move and cancel on their private page", () => {
  test("the dispatch board", async ({ page, browser, request, origin, liveServer }) => {
    const { dispatcher } = await texasStaff(liveServer);
    const name = uniqueName("Gus");
    const { requestUrl } = await bookRequest(request, name);
    const homeowner = await homeownerPage(browser, origin, requestUrl);
    try {
      // The dispatcher has the board open on the visit's day, and on the day it moves to.
      await signIn(page, dispatcher, password);
      await page.goto(`/office/dispatch?office=texas&day=${requestedDay()}`);
      const before = page.getByRole("article", { name });
      await expect(before).toBeVisible();
      const after = await page.context().newPage();
      await after.goto(`/office/dispatch?office=texas&day=${homeowner.day}`);
      await hydrated(after);
      const moved = after.getByRole("article", { name });
      await expect(moved).toHaveCount(0);

      await homeowner.move();
      await expect(moved).toBeVisible(live);
      await expect(moved.getByRole("combobox", { name: "Window" })).toHaveValue(homeowner.window);
      await expect(before).toHaveCount(0, live);

      await homeowner.cancel();
      await expect(moved).toHaveCount(0, live);
    } finally {
      await homeowner.close();
    }
  });

  test("the inbox", async ({ page, browser, request, origin, liveServer }) => {
    const { dispatcher } = await texasStaff(liveServer);
    const name = uniqueName("Hana");
    const { requestUrl } = await bookRequest(request, name);
    const homeowner = await homeownerPage(browser, origin, requestUrl);
    try {
      await signIn(page, dispatcher, password);
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText(`${longDay(requestedDay())}, morning`);

      await homeowner.move();
      await expect(row).toContainText(`${longDay(homeowner.day)}, ${homeowner.window}`, live);

      await homeowner.cancel();
      await expect(row).toContainText("Cancelled", live);
    } finally {
      await homeowner.close();
    }
  });
});

test("a half-made change on a lead page that reloads live is refused, not made against the change it never saw", async ({
  page,
  browser,
  request,
  origin,
  liveServer,
}) => {
  const { dispatcher } = await texasStaff(liveServer);
  const second = staffEmail("second");
  const added = await staffCommand(
    ["add", second, "--role", "dispatcher", "--office", "texas", "--name", "Sam Second"],
    password,
    liveServer.dataDir,
  );
  expect(added.stderr).toBe("");
  const { id } = await bookRequest(request, uniqueName("Hal"));
  await signIn(page, dispatcher, password);
  await page.goto(`/office/leads/${id}`);
  const context = await browser.newContext({ baseURL: origin });
  const other = await context.newPage();
  try {
    await signIn(other, second, password);
    await other.goto(`/office/leads/${id}`);
    await hydrated(other);
    const theirs = statusForm(other);
    await theirs.getByLabel("New status").selectOption({ label: "Spam" });

    await statusForm(page).getByLabel("New status").selectOption({ label: "Contacted" });
    await statusForm(page).getByRole("button", { name: "Save status" }).click();
    await expect(page.getByText("Status: Contacted")).toBeVisible();

    // The second page hears of it and shows it, the half-made choice still in its form...
    await expect(other.getByText("Status: Contacted")).toBeVisible(live);
    await theirs.getByRole("button", { name: "Save status" }).click();
    // ...and what it sends was made against the version it started from: refused, nothing saved.
    await expect(theirs.getByRole("alert")).toContainText("Dana Dispatch changed this lead at");
    await expect(theirs.getByRole("alert")).toContainText("Nothing of yours was saved");

    // Chosen again with the change in view, it is taken.
    await theirs.getByLabel("New status").selectOption({ label: "Spam" });
    await theirs.getByRole("button", { name: "Save status" }).click();
    await expect(other.getByText("Status: Spam")).toBeVisible();
  } finally {
    await context.close();
  }
});
