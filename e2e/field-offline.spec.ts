import { randomUUID } from "node:crypto";

import { serviceRequest } from "../server/test-support/fixtures";
import { e2ePort } from "../playwright.config";
import { startExtraServer } from "./support/extra-server";
import { expect, test } from "./support/fixtures";
import { uniqueName } from "./support/leads";
import { signIn, staffCommand } from "./support/staff";

// My day without a signal, on a server of its own (and a first service worker on it: Chromium
// here kept a later context's worker installing for minutes once others had come and gone).
const fieldPort = e2ePort + 80;
let server: Awaited<ReturnType<typeof startExtraServer>> | undefined;

test.describe.configure({ mode: "serial", timeout: 90_000 });
test.use({
  baseURL: `http://127.0.0.1:${fieldPort}`,
  expectedConsoleErrors: /status of (400|401|403|404|409|429)/,
});

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startExtraServer(fieldPort, {});
});
test.afterAll(async () => {
  await server?.stop();
});

const password = "a long staff password";

function staffEmail(who: string) {
  return `${who}-${randomUUID().slice(0, 8)}@example.com`;
}

function todayInTexas() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
}

/** The next weekday after tomorrow, a date the site offers (no Sunday; holidays aside). */
function requestedDay() {
  const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  while (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

test("My day without a signal: it stays readable, two taps wait on the phone, and back online each is stored once", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const owner = staffEmail("owner");
  const technician = staffEmail("tina");
  for (const args of [
    ["add", owner, "--role", "owner", "--name", "Olive Owner"],
    ["add", technician, "--role", "technician", "--office", "texas", "--name", "Tina Park"],
  ]) {
    expect((await staffCommand(args, password, server!.dataDir)).status).toBe(0);
  }
  const name = uniqueName("Omar");
  const booked = await request.post("/api/send-email", {
    data: serviceRequest({ name, preferredDate: requestedDay(), preferredTime: "morning" }),
  });
  const { id } = (await booked.json()) as { id: string };
  await signIn(page, owner, password);
  await page.goto(`/office/leads/${id}`);
  const confirm = page.getByRole("form", { name: "Confirm requested visit" });
  await confirm.getByLabel("Visit date").fill(todayInTexas());
  await confirm.getByLabel("Assign to").selectOption({ label: "Tina Park" });
  await confirm.getByRole("button", { name: "Confirm requested visit" }).click();
  await expect(confirm.getByText("Saved")).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const tina = await phone.newPage();
  try {
    await tina.goto("/office/sign-in");
    await tina.getByRole("textbox", { name: "Email" }).fill(technician);
    await tina.getByLabel("Password").fill(password);
    await tina.getByRole("button", { name: "Sign in" }).click();
    await expect(tina).toHaveURL(/\/office\/day$/);
    await tina.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await tina.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Load once more under the worker, so it keeps the page.
    await tina.reload();
    await tina.locator("html[data-hydrated]").waitFor({ state: "attached" });

    await phone.setOffline(true);
    await tina.reload();
    const card = tina.getByRole("article", { name });
    await expect(card).toBeVisible();
    await tina.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await card.getByRole("button", { name: "On my way" }).click();
    await card.getByRole("button", { name: "Arrived" }).click();
    await expect(tina.getByText("2 updates waiting to send", { exact: false })).toBeVisible();

    await phone.setOffline(false);
    await expect(tina.getByText("waiting to send", { exact: false })).toBeHidden();
    await expect(card.getByText("Arrived", { exact: true })).toBeVisible();
  } finally {
    await phone.close();
  }
  await page.goto(`/office/leads/${id}`);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(/In the field: On my way/)).toHaveCount(1);
  await expect(timeline.getByText("In the field: Arrived")).toHaveCount(1);
});
