import { randomUUID } from "node:crypto";

import type { APIRequestContext, Browser, Page } from "@playwright/test";

import { serviceRequest, uniquePhone } from "../server/test-support/fixtures";
import { startJobServer, type ExtraServer } from "./support/extra-server";
import { requestedDay, staffEmail, staffPassword, todayInTexas } from "./support/field";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { expectConfirmed, uniqueName } from "./support/leads";
import { signInOnPhone } from "./support/my-day";
import { signIn, staffCommand } from "./support/staff";
import { axe } from "./support/axe";

// Issue 36, point 10: /reviews leads with the reviews of real repairs, each badged "Verified
// repair"; /office/reviews gives the homeowner's phone as a call link and Mark as handled takes a
// note; the booking's success leaves its notice uncovered (its toast sits in the page above it)
// and says where the confirmation went. On a server of its own (its published reviews are this
// file's only), as many window places as asked for; each homeowner from an address of their own.

const test = base.extend<{ server: ExtraServer }>({
  server: fileServer(() => startJobServer()),
  baseURL: async ({ server }, provide) => provide(server.origin),
});

test.describe.configure({ mode: "default", timeout: 180_000 });

async function expectNoAxeViolations(page: Page, what: string) {
  const results = await axe(page).analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
    what,
  ).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  await page.setViewportSize({ width: 320, height: 700 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${what} at 320 px`).toBeLessThanOrEqual(0);
}

let homeowners = 0;

/** A homeowner's address of their own (TEST-NET-3), one after another in this worker. */
function homeAddress() {
  homeowners += 1;
  return `203.0.113.${homeowners}`;
}

interface Crew {
  owner: string;
  technician: string;
  technicianName: string;
}

/** An owner and a technician of Texas, made with the staff command; the owner signed in. */
async function crewOf(server: ExtraServer, page: Page): Promise<Crew> {
  const owner = staffEmail("owner");
  const technician = staffEmail("alex");
  const technicianName = `Alex Rivera ${randomUUID().slice(0, 6)}`;
  for (const args of [
    ["add", owner, "--role", "owner", "--name", "Olive Owner"],
    ["add", technician, "--role", "technician", "--office", "texas", "--name", technicianName],
  ]) {
    const added = await staffCommand(args, staffPassword, server.dataDir);
    expect(added.stderr).toBe("");
  }
  await signIn(page, owner, staffPassword);
  return { owner, technician, technicianName };
}

/**
 * A Texas repair done today: booked from the site, confirmed by the owner (on `page`) to the
 * crew's technician, Arrived and Done from the technician's phone, then rated by the homeowner
 * on their private page.
 */
async function ratedRepair(
  { page, browser, request }: { page: Page; browser: Browser; request: APIRequestContext },
  crew: Crew,
  homeowner: { firstName: string; address: string; phone: string },
  rating: { rating: string; words: string; mayPublish?: "yes" },
) {
  const name = uniqueName(homeowner.firstName);
  const clientAddress = homeAddress();
  const booked = await request.post("/api/send-email", {
    headers: { "X-Forwarded-For": clientAddress },
    data: serviceRequest({
      name,
      email: staffEmail(homeowner.firstName.toLowerCase()),
      phone: homeowner.phone,
      address: homeowner.address,
      selectedAppliance: "dryer",
      preferredDate: requestedDay(),
      preferredTime: "morning",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id, requestUrl } = (await booked.json()) as { id: string; requestUrl: string };

  await page.goto(`/office/leads/${id}`);
  const confirm = page.getByRole("form", { name: "Confirm requested visit" });
  await confirm.getByLabel("Visit date").fill(todayInTexas());
  await confirm.getByLabel("Assign to").selectOption({ label: crew.technicianName });
  await confirm.getByRole("button", { name: "Confirm requested visit" }).click();
  await expectConfirmed(page, crew.technicianName);

  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    serviceWorkers: "block",
  });
  try {
    const phone = await context.newPage();
    await signInOnPhone(phone, crew.technician);
    // The taps as My day's forms post them (the card itself is the field journeys' to test).
    const taps: Record<string, string>[] = [
      { intent: "arrived" },
      {
        intent: "done",
        workDone: "Replaced the thermal fuse; tested a full cycle.",
        model: "DVG45R6100C",
        serialNumber: "0B7H5AEN400123",
        partsUsed: "Thermal fuse",
        amount: "189",
      },
    ];
    for (const tap of taps) {
      const tapped = await phone.request.post("/office/day", {
        form: { requestId: id, tapKey: randomUUID(), ...tap },
        maxRedirects: 0,
      });
      expect(tapped.status(), tap.intent).toBe(302);
    }
  } finally {
    await context.close();
  }

  const answered = await request.post(new URL(requestUrl).pathname, {
    headers: { "X-Forwarded-For": clientAddress },
    form: { intent: "review", ...rating },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  return { id, name };
}

test("/reviews leads with the verified repair; /office/reviews calls the homeowner and takes a note", async ({
  page,
  browser,
  request,
  server,
}) => {
  const crew = await crewOf(server, page);
  const danPhone = uniquePhone();
  const praise = "Alex found the thermal fuse in minutes and explained everything.";
  await ratedRepair(
    { page, browser, request },
    crew,
    { firstName: "Maria", address: "88 Elm St, Katy, TX", phone: uniquePhone() },
    { rating: "5", words: praise, mayPublish: "yes" },
  );
  await ratedRepair(
    { page, browser, request },
    crew,
    { firstName: "Dan", address: "12 Oak Ln, Houston, TX", phone: danPhone },
    { rating: "2", words: "Came late and left lint everywhere." },
  );

  // The owner, on a phone: both answers, each with the homeowner's phone as a call link.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/office/reviews");
  const maria = page.getByRole("listitem").filter({ hasText: "explained everything" });
  const dan = page.getByRole("listitem").filter({ hasText: "Came late" });
  await expect(dan.getByRole("link", { name: `Call Dan: ${danPhone}` })).toHaveAttribute(
    "href",
    `tel:${danPhone.replace(/\D/g, "")}`,
  );
  await expect(maria.getByRole("link", { name: /^Call Maria: \(713\)/ })).toBeVisible();
  await maria.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: it shows on the Reviews page now.")).toBeVisible();

  // Mark as handled asks what was done: not sent without it.
  await page.goto("/office/reviews");
  await expect(dan.getByText("Needs attention")).toBeVisible();
  const note = dan.getByLabel("What was done");
  await expect(note).toHaveAttribute("required", "");
  await expectNoAxeViolations(page, "/office/reviews at 375 px");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page, "/office/reviews at 1280 px");
  await expectNoSidewaysScroll(page, "/office/reviews");
  await page.setViewportSize({ width: 375, height: 740 });
  await dan.getByRole("button", { name: "Mark as handled" }).click();
  await expect(note).toBeFocused();
  await expect(dan.getByText("Needs attention")).toBeVisible();
  await note.fill("Called Dan, booked a free return visit");
  await dan.getByRole("button", { name: "Mark as handled" }).click();
  await expect(dan.getByText("Handled by Olive Owner")).toBeVisible();
  await expect(dan).toContainText(
    /Handled by Olive Owner, .+: “Called Dan, booked a free return visit”/,
  );
  await expect(dan.getByText("Needs attention")).toHaveCount(0);

  // /reviews on a phone: Maria's verified repair first, badged in words, then the site's 13.
  await page.goto("/reviews");
  const figures = page.locator("main figure");
  await expect(figures).toHaveCount(14);
  const first = figures.first();
  await expect(first).toContainText(praise);
  await expect(first.getByText("Verified repair", { exact: true })).toBeVisible();
  await expect(
    first.getByText(/^Maria, Katy TX · Dryer · [A-Z][a-z]+ \d{4} · verified repair$/),
  ).toBeVisible();
  await expect(figures.nth(1).getByText("Verified repair", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Came late")).toHaveCount(0);
  await expectNoAxeViolations(page, "/reviews at 375 px");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page, "/reviews at 1280 px");
  await expectNoSidewaysScroll(page, "/reviews");
});

/**
 * The points of the notice's box inside the window that something else is drawn over
 * (`document.elementFromPoint` at a grid of points): none when nothing covers it.
 */
async function coveredPointsOf(page: Page, selector: string) {
  return page.evaluate((noticeSelector) => {
    const notice = document.querySelector(noticeSelector);
    if (!notice) return ["no notice"];
    const box = notice.getBoundingClientRect();
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    if (bottom - top < 40 || right - left < 40) return ["the notice is not in view"];
    const covered: string[] = [];
    for (let column = 0; column <= 8; column++) {
      for (let row = 0; row <= 12; row++) {
        // 6 px in from the edges: the rounded corners are the page behind.
        const x = left + 6 + ((right - left - 12) * column) / 8;
        const y = top + 6 + ((bottom - top - 12) * row) / 12;
        const found = document.elementFromPoint(x, y);
        if (!found || !notice.contains(found)) {
          covered.push(
            `${Math.round(x)},${Math.round(y)}: ${found?.tagName ?? "nothing"} ${found?.getAttribute("class") ?? ""}`,
          );
        }
      }
    }
    return covered;
  }, selector);
}

test("the booking's success: nothing covers its notice at 375 and 1280 px, and it says where the confirmation went", async ({
  page,
}) => {
  for (const viewport of [
    { width: 375, height: 667 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    const email = `${uniqueName("Jane").replace(/\s+/g, ".").toLowerCase()}@example.com`;
    const phone = uniquePhone();
    await page.goto("/services/dryer?region=Texas");
    await page.getByRole("link", { name: "Book dryer repair" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Service" });
    await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(uniqueName("Jane"));
    await dialog.getByRole("textbox", { name: "Email" }).fill(email);
    await dialog
      .getByRole("textbox", { name: "Phone", exact: true })
      .fill(phone.replace(/\D/g, ""));
    await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("9 Oak Ln, Katy, TX");
    await dialog.getByRole("button", { name: "Choose a date from the calendar" }).click();
    await dialog
      .getByRole("group", { name: "Calendar" })
      .getByRole("button", { name: /\d{4}$/, disabled: false })
      .first()
      .click();
    await dialog.getByRole("radio", { disabled: false }).first().click();
    await dialog.getByRole("checkbox", { name: /Text me about this repair/ }).check();
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(dialog).toBeHidden();

    const at = `at ${viewport.width} px`;
    const notice = page.getByRole("region", { name: "Your request is on its way" });
    await expect(notice).toBeFocused();
    // The spec's toast is shown, in the page above the notice rather than over it.
    const toast = page.getByText("Your service request has been submitted successfully.", {
      exact: true,
    });
    await expect(toast).toBeVisible();
    expect(await coveredPointsOf(page, "#booked-notice"), at).toEqual([]);
    const toastBox = (await toast.boundingBox())!;
    const noticeBox = (await notice.boundingBox())!;
    expect(toastBox.y + toastBox.height, at).toBeLessThanOrEqual(noticeBox.y);

    // Where the confirmation went: the email typed, the text by the number's last four digits.
    await expect(notice).toContainText(
      `We sent the confirmation to ${email} and a text to (•••) •••-${phone.slice(-4)}.`,
    );
    expect(await page.locator("body").innerText(), at).not.toContain(phone.slice(-8));

    await expectNoAxeViolations(page, `The booking's success ${at}`);
    // The toast gone (5 s), the notice is still whole and uncovered.
    await expect(toast).toBeHidden({ timeout: 15_000 });
    expect(await coveredPointsOf(page, "#booked-notice"), `${at}, the toast gone`).toEqual([]);
    await expectNoSidewaysScroll(page, "The booking's success");
    await page.setViewportSize(viewport);
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await expect(notice).toHaveCount(0);
  }
});
