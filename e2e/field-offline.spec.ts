import { startExtraServer } from "./support/extra-server";
import { expect, fileServer, test as base } from "./support/fixtures";
import {
  cacheStorage,
  hydrated,
  keepMyDay,
  myDayOffline,
  phoneOnMyDay,
  signInOnPhone,
  visitOfToday,
  workerScopes,
} from "./support/my-day";
import { staffCommand } from "./support/staff";

// My day without a signal, and what is left of it once the session ends (issue 35): the kept copy
// of the day (names, addresses, phones) goes with the session, the taps made offline do not.
//
// On a server of its own, on a free port (its own origin, so that no other journey's page meets
// the service worker). The file's tests share it in one worker; a failed test's replacement
// worker starts another.
type Server = Awaited<ReturnType<typeof startExtraServer>>;

const test = base.extend<{ origin: string; fieldServer: Server }>({
  fieldServer: fileServer(() =>
    startExtraServer(0, { WINDOW_CAPACITY: "100000", RATE_LIMIT_MAX: "0" }),
  ),
  origin: async ({ fieldServer }, provide) => provide(fieldServer.origin),
  baseURL: async ({ fieldServer }, provide) => provide(fieldServer.origin),
});

test.describe.configure({ mode: "default", timeout: 90_000 });
test.use({ expectedConsoleErrors: /status of (400|401|403|404|409|429)/ });

test("My day without a signal: it stays readable, two taps wait on the phone, and back online each is stored once", async ({
  page,
  browser,
  request,
  origin,
  fieldServer,
}) => {
  test.slow();
  const visit = await visitOfToday(fieldServer, page, request);
  const { context, phone: tina } = await phoneOnMyDay(browser, origin, visit.technician);
  try {
    await keepMyDay(tina, visit);
    await context.setOffline(true);
    await tina.reload();
    const card = tina.getByRole("article", { name: visit.name });
    await expect(card).toBeVisible();
    await hydrated(tina);
    await card.getByRole("button", { name: "On my way" }).click();
    await card.getByRole("button", { name: "Arrived" }).click();
    await expect(tina.getByText("2 updates waiting to send", { exact: false })).toBeVisible();

    await context.setOffline(false);
    await expect(tina.getByText("waiting to send", { exact: false })).toBeHidden();
    await expect(card.getByText("Arrived", { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
  await page.goto(`/office/leads/${visit.id}`);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(/In the field: On my way/)).toHaveCount(1);
  await expect(timeline.getByText("In the field: Arrived")).toHaveCount(1);
});

test("Sign out on the phone: Cache Storage holds nothing, no worker is left, and offline the day does not come back", async ({
  page,
  browser,
  request,
  origin,
  fieldServer,
}) => {
  test.slow();
  const visit = await visitOfToday(fieldServer, page, request);
  const { context, phone: tina } = await phoneOnMyDay(browser, origin, visit.technician);
  try {
    await keepMyDay(tina, visit);

    await tina.getByRole("button", { name: "Sign out" }).click();
    // Sign out's answer waits for the browser to clear the kept day: on a loaded machine (load 10
    // on two cores, a fresh-clone run) that took longer than the usual 15 s.
    await expect(tina).toHaveURL(/\/office\/sign-in$/, { timeout: 45_000 });
    await expect.poll(() => cacheStorage(tina)).toEqual([]);
    await expect.poll(() => workerScopes(tina)).toEqual([]);

    const offline = await myDayOffline(context, tina);
    expect(offline).not.toContain(visit.name);
    expect(offline).not.toContain(visit.address.split(",")[0]);
  } finally {
    await context.close();
  }
});

test("without the page's script: Sign out's answer alone clears the kept day (Clear-Site-Data)", async ({
  page,
  browser,
  request,
  origin,
  fieldServer,
}) => {
  test.slow();
  const visit = await visitOfToday(fieldServer, page, request);
  const { context, phone: tina } = await phoneOnMyDay(browser, origin, visit.technician);
  try {
    await keepMyDay(tina, visit);
    // From here no script of the site runs: the sign-in page stays plain HTML.
    await context.route("**/assets/**", (route) => route.abort());
    await tina.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/office/sign-out";
      document.body.append(form);
      // The browser's own submission, not React Router's.
      HTMLFormElement.prototype.submit.call(form);
    });
    await expect(tina).toHaveURL(/\/office\/sign-in$/);
    await expect(tina.locator("html[data-hydrated]")).toHaveCount(0);
    await expect.poll(() => cacheStorage(tina)).toEqual([]);
    await expect.poll(() => workerScopes(tina)).toEqual([]);

    const offline = await myDayOffline(context, tina);
    expect(offline).not.toContain(visit.name);
  } finally {
    await context.close();
  }
});

test("a session ended elsewhere (a new password): the worker meets the sign-in redirect for My day and forgets the day", async ({
  page,
  browser,
  request,
  origin,
  fieldServer,
}) => {
  test.slow();
  const visit = await visitOfToday(fieldServer, page, request);
  const { context, phone: tina } = await phoneOnMyDay(browser, origin, visit.technician);
  try {
    await keepMyDay(tina, visit);
    // The phone put away (no page to hear of it), and no script of the site from here on: only
    // the worker sees the next answer for My day.
    await tina.goto("about:blank");
    await context.route("**/assets/**", (route) => route.abort());
    const reset = await staffCommand(
      ["reset-password", visit.technician],
      "another long password",
      fieldServer.dataDir,
    );
    expect(reset.stderr).toBe("");

    await tina.goto("/office/day");
    await expect(tina).toHaveURL(/\/office\/sign-in$/);
    await expect.poll(() => cacheStorage(tina)).toEqual([]);
    await expect.poll(() => workerScopes(tina)).toEqual([]);
    const offline = await myDayOffline(context, tina);
    expect(offline).not.toContain(visit.name);
  } finally {
    await context.close();
  }
});

test("a tap made offline while the session ended waits for the next sign-in, then is stored once", async ({
  page,
  browser,
  request,
  origin,
  fieldServer,
}) => {
  test.slow();
  const visit = await visitOfToday(fieldServer, page, request);
  const { context, phone: tina } = await phoneOnMyDay(browser, origin, visit.technician);
  const timeline = page.getByRole("region", { name: "Timeline" });
  try {
    await keepMyDay(tina, visit);
    // Opened without a signal (the kept copy): no reload of the page's data is under way when
    // the tap is made (one cut off by the lost signal would show the desk's error page instead).
    await context.setOffline(true);
    await tina.reload();
    await hydrated(tina);
    const card = tina.getByRole("article", { name: visit.name });
    await card.getByRole("button", { name: "On my way" }).click();
    await expect(tina.getByText("1 update waiting to send", { exact: false })).toBeVisible();

    const newPassword = "another long password";
    const reset = await staffCommand(
      ["reset-password", visit.technician],
      newPassword,
      fieldServer.dataDir,
    );
    expect(reset.stderr).toBe("");
    await context.setOffline(false);

    // The tap's answer is the sign-in page: it stays on the phone, and the day's copy goes.
    await expect(tina.getByText("Sign in to send 1 waiting update")).toBeVisible();
    await expect(tina).toHaveURL(/\/office\/sign-in$/);
    await expect(tina.getByText("Sign in to send 1 waiting update")).toBeVisible();
    await expect.poll(() => cacheStorage(tina)).toEqual([]);
    await expect.poll(() => workerScopes(tina)).toEqual([]);
    await page.goto(`/office/leads/${visit.id}`);
    await expect(timeline.getByText(/In the field: On my way/)).toHaveCount(0);

    await signInOnPhone(tina, visit.technician, newPassword);
    await expect(tina.getByText(/waiting (to send|update)/)).toBeHidden();
    await expect(card.getByText(/On the way/).first()).toBeVisible();
  } finally {
    await context.close();
  }
  await page.goto(`/office/leads/${visit.id}`);
  await expect(timeline.getByText(/In the field: On my way/)).toHaveCount(1);
});
