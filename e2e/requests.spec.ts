import { randomUUID } from "node:crypto";

import type { Browser, Page, Request } from "@playwright/test";
import ICAL from "ical.js";
import sharp from "sharp";

import { expect, sharedPageTest as test } from "./support/fixtures";
import { startExtraServer } from "./support/extra-server";
import { uniqueName, waitForEmails, type ReceivedEmail } from "./support/leads";
import { signIn, staffCommand } from "./support/staff";
import { isFederalHoliday } from "~/domain/holidays";

// One server of its own (embedded database, 4 places per window, the journeys' mailbox), so the
// desk account made here does not exist for the desk journeys, which begin with none.
test.describe.configure({ mode: "serial" });
// Refusals are answered 400, 404 or 409, as HTTP says; the browser logs those.
test.use({ expectedConsoleErrors: /status of (400|404|409)/ });

const password = "a long staff password";
let server: Awaited<ReturnType<typeof startExtraServer>>;
let owner: string;

test.beforeAll(async () => {
  server = await startExtraServer(0, {
    SMTP_URL: process.env.E2E_SMTP_URL!,
    WINDOW_CAPACITY: "4",
    RATE_LIMIT_MAX: "0",
    OUTBOX_POLL_MS: "200",
  });
  owner = `owner-${randomUUID().slice(0, 8)}@example.com`;
  expect(
    (await staffCommand(["add", owner, "--role", "owner"], password, server.dataDir)).status,
  ).toBe(0);
});
test.afterAll(async () => {
  await server?.stop();
});

/** A weekday at least a week ahead (never a Sunday), as yyyy-mm-dd. */
function visitDate(daysAhead: number) {
  const date = new Date(Date.now() + daysAhead * 24 * 3600 * 1000);
  while (date.getUTCDay() === 0 || isFederalHoliday(date.toISOString().slice(0, 10))) {
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return date.toISOString().slice(0, 10);
}

function typedDate(iso: string) {
  const [year, month, day] = iso.split("-");
  return `${month}/${day}/${year}`;
}

function phoneDigits() {
  return `713${String(2 + Math.floor(Math.random() * 8))}${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
}

interface ParsedEvent {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  start: string;
}

/** The email's calendar attachment, read with a real iCalendar parser. */
function calendarOf(email: ReceivedEmail): ParsedEvent {
  const attachment = email.attachments.find((file) => file.contentType.startsWith("text/calendar"));
  expect(attachment, `a calendar in "${email.subject}"`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence") ?? 0),
    status: String(event.getFirstPropertyValue("status")),
    start: String(event.getFirstPropertyValue("dtstart")),
  };
}

function privateLinkIn(email: ReceivedEmail): string {
  const link = email.text.match(new RegExp(`${server.origin}/requests/[A-Za-z0-9_-]{43}`))?.[0];
  expect(link, "the private link in the email").toBeDefined();
  return link!;
}

/** Emails to `address`, in the order they were received. */
async function emailsTo(address: string, count: number) {
  return waitForEmails((email) => email.envelopeTo.includes(address), count);
}

async function bookThroughTheDialog(page: Page, name: string, email: string, date: string) {
  await page.goto(`${server.origin}/?region=Texas`);
  await page.getByRole("link", { name: "Schedule Now" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: /Refrigerator/ }).click();
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(name);
  await dialog.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await dialog
    .getByRole("textbox", { name: "Phone", exact: true })
    .pressSequentially(phoneDigits());
  await dialog
    .getByRole("textbox", { name: "Address", exact: true })
    .fill("4410 Bellaire Blvd, Houston");
  const dateInput = dialog.getByRole("textbox", { name: "Preferred Date" });
  await dateInput.fill(typedDate(date));
  await dateInput.press("Tab");
  await dialog.getByRole("radio", { name: /Morning/ }).check();
  await dialog
    .getByRole("textbox", { name: "Description of the problem" })
    .fill("Error code E5 on the display");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  // The dialog closes and leaves the private link on the page behind it.
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole("region", { name: "Your request is on its way" })
      .getByRole("link", { name: /change or cancel your visit/i }),
  ).toBeVisible();
}

/** A JPEG that says where and with what camera it was taken. */
async function photoWithLocation() {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#3366aa" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Phonemaker", Model: "Pocket 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "29/1 45/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "95/1 21/1 0/1",
      },
    })
    .toBuffer();
}

async function openDesk(browser: Browser) {
  const context = await browser.newContext();
  const desk = await context.newPage();
  await signIn(desk, owner, password, server.origin);
  return { desk, close: () => context.close() };
}

test("a homeowner books, follows the private link from the email, adds a photo, moves and cancels the visit; the desk sees each change live", async ({
  page,
  browser,
  request,
}) => {
  // A booking, a desk, five emails and three changes: the longest journey.
  test.slow();
  const name = uniqueName("Rosa");
  const email = `${name.split(" ")[1]!.toLowerCase()}@example.com`;
  const date = visitDate(9);
  await bookThroughTheDialog(page, name, email, date);

  const [confirmation] = await emailsTo(email, 1);
  const booked = calendarOf(confirmation!);
  expect(booked).toMatchObject({ method: "REQUEST", sequence: 0 });
  const link = privateLinkIn(confirmation!);

  // A scanner's GET, or a link preview, changes nothing.
  const scanned = await request.get(link);
  expect(scanned.status()).toBe(200);
  expect(scanned.headers()["cache-control"]).toBe("no-store");
  expect(scanned.headers()["referrer-policy"]).toBe("no-referrer");
  expect(scanned.headers()["x-robots-tag"]).toContain("noindex");
  expect(scanned.headers()["set-cookie"]).toBeUndefined();

  const { desk, close } = await openDesk(browser);
  try {
    const row = desk.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("New");

    const response = await page.goto(link);
    expect(response?.headers()["set-cookie"]).toBeUndefined();
    await expect(
      page.getByRole("heading", { level: 1, name: "Your repair request" }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Refrigerator repair" }),
    ).toBeVisible();
    await expect(page.getByText(/8:00 AM - 12:00 PM Central/).first()).toBeVisible();
    await expect(
      page.getByRole("listitem").filter({ hasText: "Request received" }),
    ).toHaveAttribute("aria-current", "step");

    // What the browser can tell of a file (here, that it is a PDF) is said before any upload.
    const photos = page.getByLabel(/Add up to 5 photos/);
    const posts: string[] = [];
    const countPost = (request: Request) => {
      if (request.method() === "POST") posts.push(request.url());
    };
    page.on("request", countPost);
    await photos.setInputFiles({
      name: "invoice.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4"),
    });
    await page.getByRole("button", { name: "Add photos" }).click();
    await expect(page.getByText("“invoice.pdf” is not a JPEG, PNG or WebP photo.")).toBeVisible();
    await expect(photos).toBeFocused();
    expect(posts).toEqual([]);
    page.off("request", countPost);

    // A file named .jpg that is not an image is refused by the server and stores nothing.
    await photos.setInputFiles({
      name: "error-code.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not a photo at all"),
    });
    await page.getByRole("button", { name: "Add photos" }).click();
    await expect(page.getByText(/is not a JPEG, PNG or WebP photo/)).toBeVisible();
    await expect(page.getByText("0 of 5 added", { exact: false })).toBeVisible();

    // The desk has the lead open: the photo appears there without a reload, and comes from the
    // desk without its location or camera.
    await row.getByRole("link").first().click();
    await expect(desk.getByRole("heading", { name: "Timeline" })).toBeVisible();
    await page.getByLabel(/Add up to 5 photos/).setInputFiles({
      name: "error-code.jpg",
      mimeType: "image/jpeg",
      buffer: await photoWithLocation(),
    });
    await page.getByRole("button", { name: "Add photos" }).click();
    await expect(page.getByText("1 photo added", { exact: false })).toBeVisible();
    const photo = desk.getByRole("img", { name: /Photo 1 from the customer/ });
    await expect(photo).toBeVisible();
    await expect(desk.getByText("Photos: 1 photo added")).toBeVisible();
    const bytes = await desk.request.get(`${server.origin}${await photo.getAttribute("src")}`);
    expect(bytes.status()).toBe(200);
    const metadata = await sharp(await bytes.body()).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect((await bytes.body()).includes("Phonemaker")).toBe(false);
    await desk.goBack();

    // The photo shows as a thumbnail (a small WebP), and the upload form is empty again.
    const thumbnail = page.getByRole("img", { name: "Photo 1 of 1" });
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(192);
    const small = await page.request.get(`${server.origin}${await thumbnail.getAttribute("src")}`);
    expect(small.headers()["content-type"]).toBe("image/webp");
    expect(small.headers()["cache-control"]).toBe("no-store");
    expect(await page.getByLabel(/Add up to 4 photos/).inputValue()).toBe("");

    // Move the visit to another open window: days with their windows, the current one marked.
    const choices = page.getByRole("group", { name: "Move to another open window" });
    await expect(choices.getByText("Your visit", { exact: true })).toHaveCount(1);
    const option = choices.getByRole("radio").nth(3);
    const target = await option.getAttribute("value");
    await option.check();
    await page.getByRole("button", { name: "Move my visit" }).click();
    await expect(page.getByText(/Your visit is moved to/)).toBeVisible();
    // Nothing is left chosen, and the new visit is the one marked.
    await expect(choices.getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(choices.locator(`input[value="${target}"]`)).toHaveCount(0);
    // The open inbox shows the new day without a reload.
    const newDay = new Date(`${target!.split("/")[0]}T12:00:00Z`).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(desk.getByRole("row").filter({ hasText: name })).toContainText(newDay);

    const [, moved] = await emailsTo(email, 2);
    const movedEvent = calendarOf(moved!);
    expect(movedEvent.method).toBe("REQUEST");
    expect(movedEvent.uid).toBe(booked.uid);
    expect(movedEvent.sequence).toBeGreaterThan(booked.sequence);
    expect(movedEvent.start).not.toBe(booked.start);

    // Cancel, with a confirmation step.
    await page.getByRole("button", { name: "Cancel this visit" }).click();
    await expect(page.getByRole("heading", { name: "Cancel this visit?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, cancel the visit" }).click();
    await expect(page.getByText("Your visit is cancelled.", { exact: false })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Cancelled" })).toHaveAttribute(
      "aria-current",
      "step",
    );
    // The request's account leads with "Cancelled", strikes the old visit, offers a new booking.
    await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
    await expect(page.locator("dd s")).toBeVisible();
    await expect(page.getByRole("button", { name: "Yes, cancel the visit" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Book a new visit" })).toHaveAttribute(
      "href",
      /^\/modals\/schedule\?appliance=[a-z]+&region=[A-Za-z+%0-9]+$/,
    );
    // The open inbox shows it without a reload.
    await expect(desk.getByRole("row").filter({ hasText: name })).toContainText("Cancelled");

    const [, , cancelled] = await emailsTo(email, 3);
    const cancelledEvent = calendarOf(cancelled!);
    expect(cancelledEvent.method).toBe("CANCEL");
    expect(cancelledEvent.uid).toBe(booked.uid);
    expect(cancelledEvent.sequence).toBeGreaterThan(movedEvent.sequence);
    await waitForEmails(
      (message) =>
        message.envelopeTo.includes("texas@easyappliancerepair.com") &&
        message.subject.includes("Cancelled") &&
        message.text.includes(name),
      1,
    );
  } finally {
    await close();
  }
});

test("without JavaScript the homeowner moves and cancels the visit with plain forms", async ({
  browser,
}) => {
  const name = uniqueName("Noor");
  const email = `${name.split(" ")[1]!.toLowerCase()}@example.com`;
  const response = await fetch(`${server.origin}/api/send-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      selectedAppliance: "washer",
      name,
      email,
      phone: `(${phoneDigits().slice(0, 3)}) ${phoneDigits().slice(3, 6)}-${phoneDigits().slice(6)}`,
      address: "77 Elm St, Houston",
      preferredDate: visitDate(10),
      preferredTime: "afternoon",
      companyEmail: "texas@easyappliancerepair.com",
    }),
  });
  expect(response.status).toBe(201);
  const { requestUrl } = (await response.json()) as { requestUrl: string };
  const [confirmation] = await emailsTo(email, 1);
  expect(privateLinkIn(confirmation!)).toBe(requestUrl);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(requestUrl);
    await page
      .getByRole("group", { name: "Move to another open window" })
      .getByRole("radio")
      .nth(2)
      .check();
    await page.getByRole("button", { name: "Move my visit" }).click();
    await expect(page.getByText(/Your visit is moved to/)).toBeVisible();
    await page.getByRole("button", { name: "Cancel this visit" }).click();
    await page.getByRole("button", { name: "Yes, cancel the visit" }).click();
    await expect(page.getByText("Your visit is cancelled.", { exact: false })).toBeVisible();
    const emails = await emailsTo(email, 3);
    expect(emails.map((message) => calendarOf(message).method)).toEqual([
      "REQUEST",
      "REQUEST",
      "CANCEL",
    ]);
  } finally {
    await context.close();
  }
});

test("on a phone the private page has no Call/Book bar over its forms; the office's number is in the page, and public pages keep the bar", async ({
  browser,
}) => {
  const name = uniqueName("Pia");
  const response = await fetch(`${server.origin}/api/send-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      selectedAppliance: "dryer",
      name,
      email: `${name.split(" ")[1]!.toLowerCase()}@example.com`,
      phone: `(713) 555-${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`,
      address: "12 Bayou St, Houston",
      preferredDate: visitDate(12),
      preferredTime: "morning",
      companyEmail: "texas@easyappliancerepair.com",
    }),
  });
  expect(response.status).toBe(201);
  const { requestUrl } = (await response.json()) as { requestUrl: string };
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  try {
    await page.goto(requestUrl);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Call or book" })).toHaveCount(0);
    await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
    await page.goto(`${server.origin}/services/dryer`);
    await expect(page.getByRole("complementary", { name: "Call or book" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("an unknown or malformed link is the 404 page", async ({ page }) => {
  for (const token of ["A".repeat(43), "short", "%00"]) {
    const response = await page.goto(`${server.origin}/requests/${token}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 PAGE NOT FOUND" })).toBeVisible();
  }
});
