import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { APIRequestContext, Page } from "@playwright/test";

import { expect, sharedPageTest as test } from "./support/fixtures";
import { serviceRequest, texasEmail } from "../server/test-support/fixtures";
import { startExtraServer } from "./support/extra-server";
import { databaseAvailable, queryRows, uniqueName, waitForEmails } from "./support/leads";
import { signIn, staffCli, staffCommand } from "./support/staff";
import { axe } from "./support/axe";

// The first journey sees the desk before any account exists: the file runs in order.
test.describe.configure({ mode: "serial" });
// Refusals are answered 400, 401, 403, 409 or 429, as HTTP says; the browser logs those.
test.use({ expectedConsoleErrors: /status of (400|401|403|409|429)/ });

const password = "a long staff password";

function staffEmail(who: string) {
  return `${who}-${randomUUID().slice(0, 8)}@example.com`;
}

async function sendContactMessage(page: Page, region: string, name: string) {
  const response = await page.goto(`/contact?region=${region}`);
  expect(response?.headers()["set-cookie"], "a public page sets no cookie").toBeUndefined();
  // Pages opened here are not the fixture's: wait for the scripts as it does.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = page.getByRole("form", { name: "Send Us a Message" });
  await form.getByRole("textbox", { name: "First name" }).fill(name);
  await form.getByRole("textbox", { name: "Last name" }).fill("Inbox");
  await form.getByRole("textbox", { name: "Email" }).fill("inbox@example.com");
  await form.getByRole("textbox", { name: "Phone" }).fill("3525550142");
  await form.getByRole("textbox", { name: "Subject" }).fill("Ice maker stopped");
  await form.getByRole("textbox", { name: "Message" }).fill("No ice since Sunday.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByText("Your contact request has been submitted successfully.", { exact: true }),
  ).toBeVisible();
}

test("until an account exists, the desk says how to create one and offers no form", async ({
  page,
}) => {
  await page.goto("/office");
  await expect(page).toHaveURL(/\/office\/sign-in$/);
  await expect(page.getByText("Nobody can sign in yet.")).toBeVisible();
  await expect(page.getByText("npm run staff -- add you@example.com --role owner")).toBeVisible();
  await expect(page.locator("form")).toHaveCount(0);
});

test("the command refuses a short password and a dispatcher without an office", () => {
  const short = staffCli(["add", staffEmail("short"), "--role", "owner"], "too short");
  expect(short.status).toBe(1);
  expect(short.stderr).toContain("Use at least 12 characters");
  const officeless = staffCli(["add", staffEmail("nobody"), "--role", "dispatcher"], password);
  expect(officeless.status).toBe(1);
  expect(officeless.stderr).toContain("A dispatcher needs at least one office");
});

test("an owner made with the command signs in, sees a new message, and signs out", async ({
  page,
  context,
  request,
}) => {
  // Three visitors' pages and a desk on two busy cores.
  test.slow();
  const owner = staffEmail("owner");
  const created = await staffCommand(
    ["add", owner, "--role", "owner", "--name", "Olivia Owner"],
    password,
  );
  expect(created.status).toBe(0);
  expect(created.stdout).toContain(`Added ${owner}  owner  every office`);
  expect((await staffCommand(["list"])).stdout).toContain(owner);

  await page.goto("/office/sign-in");
  await page.getByRole("textbox", { name: "Email" }).fill(owner);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect");
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(owner);
  await page.getByRole("textbox", { name: "Email" }).fill(staffEmail("unknown"));
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect");

  await signIn(page, owner, password);
  await expect(page.getByText("Olivia Owner (Owner)")).toBeVisible();
  const [session] = (await context.cookies()).filter((cookie) => cookie.name === "office_session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  // The inbox stays open, unreloaded: the new message arrives on its own.
  const name = uniqueName("Ingrid");
  const visitor = await context.newPage();
  await sendContactMessage(visitor, "Texas", name);
  await visitor.close();
  // Other journeys add leads to the same server meanwhile (an owner sees every office): the
  // count is at least one more per lead of this journey's.
  const news = page.getByText(/^\d+ new leads? since this page opened$/);
  const arrivedCount = async () =>
    Number(
      /^(\d+) new leads? since this page opened$/.exec((await news.textContent()) ?? "")?.[1] ?? 0,
    );
  await expect(news).toBeAttached();
  const afterMessage = await arrivedCount();
  expect(afterMessage).toBeGreaterThanOrEqual(1);

  // A repair booked in the site's dialog arrives the same way.
  const booker = await context.newPage();
  await booker.goto("/services?region=Texas");
  await booker.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await booker.locator("header").getByRole("link", { name: "Schedule Service" }).click();
  const dialog = booker.getByRole("dialog", { name: "Schedule Service" });
  await dialog.getByRole("button", { name: /Washing Machine/ }).click();
  const booked = uniqueName("Bea");
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(booked);
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).pressSequentially("7135550177");
  await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("12 Elm St, Austin");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByRole("row").filter({ hasText: booked })).toContainText("Service request");
  await expect.poll(arrivedCount).toBeGreaterThan(afterMessage);
  await booker.close();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Message");
  await expect(row).toContainText("Ice maker stopped");
  await expect(row).toContainText("New");
  await expect(row).toContainText("Texas");
  await expect(row.getByRole("link", { name: "(352) 555-0142" })).toHaveAttribute(
    "href",
    "tel:3525550142",
  );

  // Sign out loads a new page: nothing the desk held in the page's memory outlives it.
  await page.evaluate(() => Object.assign(window, { heldBeforeSignOut: true }));
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/office\/sign-in$/);
  expect(await page.evaluate(() => "heldBeforeSignOut" in window)).toBe(false);
  // The session ended on the server: its old cookie opens nothing.
  const replay = await request.get("/office", {
    headers: { cookie: `office_session=${session!.value}` },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(302);
  expect(replay.headers()["location"]).toBe("/office/sign-in");
});

test("a dispatcher sees the leads of their offices only; a disabled one cannot sign in", async ({
  page,
  browser,
}) => {
  // Three sign-ins and a dozen requests: near the default 30 s on a loaded two-core machine.
  test.slow();
  // An active owner, so that the sign-in form is still offered once the dispatcher is disabled.
  await staffCommand(["add", staffEmail("keeper"), "--role", "owner"], password);
  const dispatcher = staffEmail("florida");
  expect(
    (
      await staffCommand(
        ["add", dispatcher, "--role", "dispatcher", "--office", "florida"],
        password,
      )
    ).status,
  ).toBe(0);
  const floridaLead = uniqueName("Flora");
  const texasLead = uniqueName("Tex");
  await sendContactMessage(page, "Florida", floridaLead);
  await sendContactMessage(page, "Texas", texasLead);

  const desk = await (await browser.newContext()).newPage();
  await signIn(desk, dispatcher, password);
  await expect(desk.getByRole("row").filter({ hasText: floridaLead })).toContainText("Florida");
  await expect(desk.getByText(texasLead)).toHaveCount(0);

  // Another office's lead does not exist for them: its page and its changes are 404.
  const texasId = await postServiceRequest(desk.request, uniqueName("Hidden"));
  expect((await desk.request.get(`/office/leads/${texasId}`)).status()).toBe(404);
  const change = await desk.request.post(`/office/leads/${texasId}`, {
    form: { intent: "status", version: "0", status: "spam" },
    headers: { Origin: new URL(desk.url()).origin },
    maxRedirects: 0,
  });
  expect(change.status()).toBe(404);
  const resend = await desk.request.post(`/office/leads/${texasId}`, {
    form: { intent: "send-again", emailId: randomUUID() },
    headers: { Origin: new URL(desk.url()).origin },
    maxRedirects: 0,
  });
  expect(resend.status()).toBe(404);
  const foreign = await desk.request.post(`/office/leads/${texasId}`, {
    form: { intent: "note", note: "from elsewhere" },
    headers: { Origin: "https://attacker.example" },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  expect((await desk.request.get("/office/leads/not-a-uuid")).status()).toBe(404);

  expect((await staffCommand(["disable", dispatcher])).stdout).toContain("signed out everywhere");
  await desk.reload();
  await expect(desk).toHaveURL(/\/office\/sign-in$/);
  await desk.getByRole("textbox", { name: "Email" }).fill(dispatcher);
  await desk.getByLabel("Password").fill(password);
  await desk.getByRole("button", { name: "Sign in" }).click();
  await expect(desk.getByRole("alert")).toHaveText("Email or password is incorrect");
  await desk.context().close();
});

test("two server processes on one PostgreSQL: a lead stored by one appears on the other's desk", async ({
  page,
}) => {
  test.skip(!databaseAvailable, "needs PostgreSQL (the journeys run on PGlite without it)");
  const other = await startExtraServer(0, { DATABASE_URL: process.env.E2E_DATABASE_URL! });
  try {
    const owner = staffEmail("two-process");
    expect((await staffCommand(["add", owner, "--role", "owner"], password)).status).toBe(0);
    await signIn(page, owner, password);
    const name = uniqueName("Otto");
    const response = await fetch(`${other.origin}/api/send-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(serviceRequest({ name, companyEmail: "texas@easyappliancerepair.com" })),
    });
    expect(response.status).toBe(201);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Service request");
    await expect(row).toContainText("refrigerator");
    await expect(row).toContainText("July 15, 2031, morning (8:00 AM - 12:00 PM)");
  } finally {
    await other.stop();
  }
});

test("the live stream answers 401 to a signed-out request", async ({ request }) => {
  const response = await request.get("/office/events");
  expect(response.status()).toBe(401);
  expect(response.headers()["cache-control"]).toBe("no-store");
});

async function postServiceRequestWith(
  request: APIRequestContext,
  overrides: Record<string, unknown>,
) {
  const response = await request.post("/api/send-email", { data: serviceRequest(overrides) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function postServiceRequest(request: APIRequestContext, name: string, office = texasEmail) {
  const response = await request.post("/api/send-email", {
    data: serviceRequest({ name, companyEmail: office }),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("a service request is worked to completed, with a note and a timeline nobody can edit", async ({
  page,
  request,
}) => {
  const owner = staffEmail("worker");
  await staffCommand(["add", owner, "--role", "owner", "--name", "Wendy Worker"], password);
  // A visit is booked with a technician account of the office (a name of its own).
  const technicianName = uniqueName("Sam");
  const technicianArgs = ["--role", "technician", "--office", "texas", "--name", technicianName];
  await staffCommand(["add", staffEmail("sam"), ...technicianArgs], password);
  const name = uniqueName("Carla");
  const id = await postServiceRequest(request, name);
  await signIn(page, owner, password);
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(`/office/leads/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByText("Gate code 1234")).toBeVisible();

  // The one booking form: without a date or a technician it says what is missing.
  const booking = page.getByRole("form", { name: "Confirm requested visit" });
  await booking.getByLabel("Visit date").fill("");
  // The picker starts on the least-loaded technician: "Choose a technician…" is chosen again.
  await booking.getByLabel("Assign to").selectOption("");
  await booking.getByRole("button", { name: "Confirm requested visit" }).click();
  await expect(booking.getByText("Choose the visit's date")).toBeVisible();
  await expect(booking.getByText("Choose the technician")).toBeVisible();
  await booking.getByLabel("Visit date").fill("2031-07-16");
  await booking.getByLabel("Visit window").selectOption("afternoon");
  await booking.getByLabel("Assign to").selectOption({ label: technicianName });
  await booking.getByRole("button", { name: "Confirm requested visit" }).click();
  await expect(page.getByText("Status: Scheduled")).toBeVisible();
  const status = page.getByRole("form", { name: "Status" });
  await status.getByLabel("New status").selectOption("Completed");
  await status.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status: Completed")).toBeVisible();
  const note = page.getByRole("form", { name: "Add a note" });
  await note.getByLabel("Note").fill("Replaced the defrost heater; <b>tested</b> for an hour.");
  await note.getByRole("button", { name: "Add note" }).click();

  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("listitem")).toHaveCount(4);
  await expect(timeline).toContainText("Service request received");
  await expect(timeline).toContainText(
    `Status: New → Scheduled (July 16, 2031, afternoon (12:00 PM - 4:00 PM), technician ${technicianName})`,
  );
  await expect(timeline).toContainText("Status: Scheduled → Completed");
  await expect(timeline).toContainText(
    "Note: Replaced the defrost heater; <b>tested</b> for an hour.",
  );
  await expect(timeline.getByText("Wendy Worker", { exact: false })).toHaveCount(3);
  await expect(page.getByRole("region", { name: "Emails" })).toContainText("To the office");
  if (databaseAvailable) {
    await expect(queryRows("delete from lead_events where lead_id = $1", [id])).rejects.toThrow(
      /append-only/,
    );
  }
});

test("two people change one lead at once: the second is told, nothing is overwritten", async ({
  page,
  browser,
  request,
}) => {
  const first = staffEmail("first");
  const second = staffEmail("second");
  await staffCommand(["add", first, "--role", "owner", "--name", "Fran First"], password);
  await staffCommand(["add", second, "--role", "dispatcher", "--office", "texas"], password);
  const id = await postServiceRequest(request, uniqueName("Conflict"));
  const other = await (await browser.newContext()).newPage();
  // "At once": the second page has not heard of the first change yet. Its live stream reloads
  // the page when it opens, closes or hears news, so here it never answers (left pending).
  await other.route("**/office/events", () => undefined);
  await signIn(page, first, password);
  await signIn(other, second, password);
  await page.goto(`/office/leads/${id}`);
  await other.goto(`/office/leads/${id}`);

  const mine = page.getByRole("form", { name: "Status" });
  await mine.getByLabel("New status").selectOption("Contacted");
  await mine.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status: Contacted")).toBeVisible();

  const theirs = other.getByRole("form", { name: "Status" });
  await theirs.getByLabel("New status").selectOption("Spam");
  await theirs.getByRole("button", { name: "Save status" }).click();
  await expect(theirs.getByRole("alert")).toContainText("Fran First changed this lead at");
  await expect(theirs.getByRole("alert")).toContainText("Nothing of yours was saved");
  await other.reload();
  await expect(other.getByText("Status: Contacted")).toBeVisible();
  await other.context().close();
});

test("search and filters travel by POST; counts follow them; the CSV neutralises formulas and holds only the person's offices", async ({
  page,
  browser,
  request,
}) => {
  // Letters only: the search also matches the digits of a term against phone numbers, and a
  // tag with "555" or "0142" in it found other journeys' leads as well.
  const tag = randomUUID()
    .replace(/[^a-f]/g, "")
    .padEnd(8, "x")
    .slice(0, 12);
  const texasName = `Sergio Search${tag}`;
  const virginiaName = `Vera Search${tag}`;
  await request.post("/api/send-email", {
    data: serviceRequest({ name: texasName, description: "=1+2 and @SUM(A1)" }),
  });
  await request.post("/api/send-email", {
    data: serviceRequest({ name: virginiaName, companyEmail: "virginia@easyappliancerepair.com" }),
  });
  const owner = staffEmail("filters");
  await staffCommand(["add", owner, "--role", "owner"], password);
  await signIn(page, owner, password);

  const filters = page.getByRole("form", { name: "Filters and search" });
  await filters.getByLabel("Name, phone or email").fill(`Search${tag}`);
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("row").filter({ hasText: texasName })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: virginiaName })).toBeVisible();
  expect(page.url()).not.toContain(tag);
  await expect(page.getByRole("list", { name: "Leads per status" })).toContainText("New: 2");

  await filters.getByLabel("Office").selectOption("Texas");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("row").filter({ hasText: texasName })).toBeVisible();
  await expect(page.getByText(virginiaName)).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Leads per status" })).toContainText("New: 1");

  const downloading = page.waitForEvent("download");
  await filters.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain('"Received (UTC)","Type","Status","Office","Name"');
  expect(csv).toContain(`"${texasName}"`);
  expect(csv).toContain(`"'=1+2 and @SUM(A1)"`);
  expect(csv).not.toContain(virginiaName);

  await filters.getByLabel("Status").selectOption("Completed");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();

  // A Florida dispatcher's export of the same search holds none of it.
  const dispatcher = staffEmail("csv-florida");
  await staffCommand(["add", dispatcher, "--role", "dispatcher", "--office", "florida"], password);
  const desk = await (await browser.newContext()).newPage();
  await signIn(desk, dispatcher, password);
  const export_ = await desk.request.post("/office/export", {
    form: { search: `Search${tag}` },
    headers: { Origin: new URL(desk.url()).origin },
  });
  expect(export_.status()).toBe(200);
  const theirs = await export_.text();
  expect(theirs).not.toContain(texasName);
  expect(theirs).not.toContain(virginiaName);
  await desk.context().close();
});

test("subscribers: the count, a search, an unsubscribe by phone request, the CSV", async ({
  page,
  request,
}) => {
  const subscriber = `reader-${randomUUID().slice(0, 8)}@example.com`;
  const subscribed = await request.post("/api/send-subscribe-email", {
    data: { email: subscriber, companyEmail: texasEmail },
  });
  expect(subscribed.status()).toBeLessThan(300);
  const owner = staffEmail("subscribers");
  await staffCommand(["add", owner, "--role", "owner"], password);
  await signIn(page, owner, password);
  await page
    .getByRole("navigation", { name: "Desk" })
    .getByRole("link", { name: "Subscribers" })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Newsletter subscribers" }),
  ).toBeVisible();
  await expect(page.getByText(/\d+ subscribed/)).toBeVisible();

  const find = page.getByRole("form", { name: "Find a subscriber" });
  await find.getByLabel("Email contains").fill(subscriber);
  await find.getByRole("button", { name: "Find" }).click();
  expect(page.url()).not.toContain("reader-");
  const row = page.getByRole("row").filter({ hasText: subscriber });
  await expect(row).toContainText("Texas");
  await row.getByRole("button", { name: `Unsubscribe ${subscriber}` }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Unsubscribed. No more newsletters go to that address.",
  );
  await expect(page.getByRole("row").filter({ hasText: subscriber })).toContainText("Unsubscribed");

  const csv = await page.request.get("/office/subscribers/export");
  expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="subscribers-/);
  expect(await csv.text()).toContain(`"${subscriber}","Texas"`);
});

test("a reload overtaken by a navigation is not an error on the desk; any other rejection still is", async ({
  page,
}) => {
  const owner = staffEmail("abandoned");
  await staffCommand(["add", owner, "--role", "owner"], password);
  await signIn(page, owner, password);
  // What React Router leaves behind when a navigation overtakes the inbox's reload, and a real
  // failure; this listener comes after the desk's and hears whether it let each one through.
  const heard = await page.evaluate(async () => {
    const outcomes: string[] = [];
    window.addEventListener("unhandledrejection", (event) => {
      const reason = event.reason as Error;
      outcomes.push(`${reason.name}: ${event.defaultPrevented ? "ignored" : "reported"}`);
      event.preventDefault();
    });
    const abandoned = new AbortController();
    abandoned.abort();
    void Promise.reject(abandoned.signal.reason);
    void Promise.reject(new Error("a real failure"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    return outcomes.sort();
  });
  expect(heard).toEqual(["AbortError: ignored", "Error: reported"]);
});

test("an owner invites a dispatcher, who signs in through the emailed link (once), and changes their offices", async ({
  page,
  browser,
}) => {
  const owner = staffEmail("inviter");
  await staffCommand(["add", owner, "--role", "owner", "--name", "Ivy Inviter"], password);
  await signIn(page, owner, password);
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Staff" }).click();
  const invite = page.getByRole("form", { name: "Invite someone" });
  const invited = staffEmail("invited");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("Enter their name")).toBeVisible();
  await invite.getByLabel("Name").fill("Dina Dispatcher");
  await invite.getByLabel("Email").fill(invited);
  await invite.getByLabel("Texas").check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(`Invitation sent to ${invited}.`);

  const [email] = await waitForEmails((received) => received.envelopeTo.includes(invited), 1);
  expect(email!.subject).toBe("Your account for the office desk");
  expect(email!.text).toContain("Ivy Inviter invited you");
  const link = /http\S+\/office\/invitation\/[A-Za-z0-9_-]+/.exec(email!.text)![0];

  const newcomer = await (await browser.newContext()).newPage();
  const opened = await newcomer.goto(link);
  // The site-wide policy comes first; the last policy a browser understands is the one it uses.
  const referrerPolicies = opened?.headers()["referrer-policy"] ?? "";
  expect(referrerPolicies.split(/[,\n]\s*/).at(-1)).toBe("no-referrer");
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  await newcomer.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(
    newcomer.getByText(`Welcome, Dina Dispatcher. Choose the password for ${invited}.`),
  ).toBeVisible();
  await newcomer.getByLabel("New password").fill(password);
  await newcomer.getByLabel("The same password again").fill("something else entirely");
  await newcomer.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(newcomer.getByText("The two passwords differ")).toBeVisible();
  await newcomer.getByLabel("New password").fill(password);
  await newcomer.getByLabel("The same password again").fill(password);
  await newcomer.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(newcomer.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(newcomer.getByText("Dina Dispatcher (Dispatcher)")).toBeVisible();
  expect((await newcomer.request.get("/office/staff")).status()).toBe(404);
  await newcomer.goto(link);
  await expect(newcomer.getByText("This link has been used or has expired.")).toBeVisible();
  await newcomer.context().close();

  await page.reload();
  const access = page.getByRole("form", { name: `Access of ${invited}` });
  await access.getByLabel("Texas").uncheck();
  await access.getByLabel("Florida").check();
  await access.getByRole("button", { name: "Save access" }).click();
  await expect(access.getByRole("status")).toHaveText("Saved.");
  expect((await staffCommand(["list"])).stdout).toContain(`${invited}  dispatcher  florida`);
});

test("a privacy request: an owner finds a person's records, downloads them and erases them", async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const person = `priya-${tag}@example.com`;
  const name = `Priya Private${tag}`;
  const id = await postServiceRequestWith(request, { name, email: person });
  await request.post("/api/send-subscribe-email", { data: { email: person } });
  await waitForEmails((email) => email.envelopeTo.includes(person), 2);
  const owner = staffEmail("privacy");
  await staffCommand(["add", owner, "--role", "owner", "--name", "Pat Privacy"], password);
  await signIn(page, owner, password);
  await page.goto(`/office/leads/${id}`);
  const note = page.getByRole("form", { name: "Add a note" });
  await note.getByLabel("Note").fill(`Called ${name} back`);
  await note.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText(`Note: Called ${name} back`)).toBeVisible();

  await page.goto("/office");
  await page
    .getByRole("navigation", { name: "Desk" })
    .getByRole("link", { name: "Privacy requests" })
    .click();
  const find = page.getByRole("form", { name: "Find a person's records" });
  await find.getByLabel("Email or phone").fill("not an address");
  await find.getByRole("button", { name: "Find records" }).click();
  await expect(
    page.getByText("Enter an email address or a 10-digit US phone number"),
  ).toBeVisible();
  await find.getByLabel("Email or phone").fill(person.toUpperCase());
  await find.getByRole("button", { name: "Find records" }).click();
  const held = page.getByRole("region", { name: "What the company holds" });
  await expect(held).toContainText("Service requests: 1");
  await expect(held).toContainText("Newsletter subscriptions: 1");
  await expect(held).toContainText("Staff notes on their requests: 1");
  expect(page.url()).not.toContain(tag);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as JSON" }).click();
  const exported = JSON.parse(readFileSync((await (await downloading).path())!, "utf8")) as {
    serviceRequests: { name: string }[];
    emails: unknown[];
    notesByStaff: { note: string }[];
  };
  expect(exported.serviceRequests.map((row) => row.name)).toEqual([name]);
  expect(exported.emails.length).toBeGreaterThanOrEqual(2);
  expect(exported.notesByStaff.map((row) => row.note)).toEqual([`Called ${name} back`]);

  const erase = page.getByRole("form", { name: "Erase" });
  await erase.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByText("Tick the box to confirm")).toBeVisible();
  await page.getByLabel("I checked that the request comes from this person.").check();
  await page.getByRole("button", { name: "Erase everything" }).click();
  await expect(page.getByRole("status")).toContainText("Erased");
  await expect(page.getByRole("region", { name: "What the company holds" })).toContainText(
    "Service requests: 0",
  );

  await page.goto(`/office/leads/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("[erased]");
  await expect(page.getByText(name)).toHaveCount(0);
  await expect(page.getByText("Note: [erased]")).toBeVisible();
  if (databaseAvailable) {
    const [audit] = await queryRows<{ action: string; records: number; actor_name: string }>(
      "select action, records, actor_name from privacy_audit where actor_name = 'Pat Privacy' order by at desc limit 1",
      [],
    );
    expect(audit).toMatchObject({ action: "erase", actor_name: "Pat Privacy" });
    const [row] = await queryRows<{ email: string; erased_at: Date | null }>(
      "select email, erased_at from service_requests where id = $1",
      [id],
    );
    expect(row!.email).toBe("");
    expect(row!.erased_at).not.toBeNull();
  }
  const policy = await (await page.request.get("/policy")).text();
  expect(policy).toContain("kept in full for 30 days after they are sent");
  expect(policy).toContain("or we erase those records");
});

test("hostile lead content is inert text in the inbox, the lead page, the CSV and the emails", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const tag = randomUUID().slice(0, 6);
  const name = `<img src=x onerror=alert(1)>\u202Eevil${tag}`;
  const longWord = `javascript:alert(2)${"W".repeat(1_980)}`;
  const id = await postServiceRequestWith(request, {
    name,
    description: longWord,
    notes: "<script>alert(3)</script>",
  });
  page.on("dialog", () => {
    throw new Error("A script from the lead ran");
  });
  const owner = staffEmail("hostile");
  await staffCommand(["add", owner, "--role", "owner"], password);
  await signIn(page, owner, password);

  const cell = page
    .getByRole("row")
    .filter({ hasText: `evil${tag}` })
    .getByRole("link")
    .first();
  await expect(cell).toHaveText(name);
  await expect(cell.locator("bdi")).toHaveCount(1);
  await expect(page.locator("main img")).toHaveCount(0);

  await page.goto(`/office/leads/${id}`);
  await expect(page.getByText(longWord)).toBeVisible();
  await expect(page.getByText("<script>alert(3)</script>")).toBeVisible();
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expect(page.locator("main img, main script")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const csv = await page.request.post("/office/export", {
    form: { search: `evil${tag}` },
    headers: { Origin: new URL(page.url()).origin },
  });
  const text = await csv.text();
  expect(text).toContain(`"${name}"`);
  expect(text).toContain(`"${longWord}"`);

  const [company] = await waitForEmails(
    (email) => email.text.includes(`evil${tag}`) && email.subject.startsWith("New service request"),
    1,
  );
  expect(company!.html).not.toContain("<img src=x");
  expect(company!.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  expect(company!.html).not.toContain("<script>alert(3)</script>");
});

test("signed out, every desk page and action answers the sign-in page or 401, never data", async ({
  request,
  baseURL,
}) => {
  const someLead = randomUUID();
  for (const path of [
    "/office",
    `/office/leads/${someLead}`,
    "/office/subscribers",
    "/office/staff",
    "/office/privacy",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe("/office/sign-in");
  }
  for (const path of ["/office/events", "/office/subscribers/export"]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(401);
  }
  const post = (path: string, form: Record<string, string>) =>
    request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  for (const path of ["/office/export", "/office/privacy/export"]) {
    const response = await post(path, { search: "a", who: "someone@example.com" });
    expect(response.status(), path).toBe(401);
  }
  for (const [path, form] of [
    ["/office", { search: "a" }],
    [`/office/leads/${someLead}`, { intent: "note", note: "x" }],
    ["/office/subscribers", { intent: "unsubscribe", subscriberId: someLead }],
    ["/office/staff", { intent: "invite", email: "x@example.com", name: "X", role: "owner" }],
    ["/office/privacy", { intent: "erase", who: "someone@example.com", confirm: "yes" }],
  ] as const) {
    const response = await post(path, form);
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe("/office/sign-in");
  }
});

test("changing one's password keeps this session and ends the others", async ({
  page,
  browser,
}) => {
  const owner = staffEmail("changer");
  await staffCommand(["add", owner, "--role", "owner"], password);
  const elsewhere = await (await browser.newContext()).newPage();
  await signIn(elsewhere, owner, password);
  await signIn(page, owner, password);
  await page
    .getByRole("navigation", { name: "Desk" })
    .getByRole("link", { name: "Your account" })
    .click();
  const change = page.getByRole("form", { name: "Change your password" });
  await change.getByLabel("Current password").fill("not my password at all");
  await change.getByLabel("New password", { exact: true }).fill("a brand new staff password");
  await change.getByLabel("The same password again").fill("a brand new staff password");
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(change.getByText("That is not your current password")).toBeVisible();
  await change.getByLabel("Current password").fill(password);
  await change.getByLabel("New password", { exact: true }).fill("a brand new staff password");
  await change.getByLabel("The same password again").fill("a brand new staff password");
  await change.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Password changed. Every other session of yours has ended.",
  );
  await page.goto("/office");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/office\/sign-in$/);
  await elsewhere.context().close();
});

/** The code an authenticator app would show now (or `stepsAhead` 30-second steps later). */
async function authenticatorCode(key: string, stepsAhead = 0) {
  return createOTP(base32.decode(key)).hotp(Math.floor(Date.now() / 30_000) + stepsAhead);
}

test("an authenticator app: turned on with a first code, then asked for at every sign-in", async ({
  page,
  browser,
}) => {
  const owner = staffEmail("totp");
  await staffCommand(["add", owner, "--role", "owner"], password);
  await signIn(page, owner, password);
  await page.goto("/office/account");
  const setUp = page.getByRole("form", { name: "Authenticator app" });
  await setUp.getByLabel("Your password").fill("not my password at all");
  await setUp.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(setUp.getByText("That is not your password")).toBeVisible();
  await setUp.getByLabel("Your password").fill(password);
  await setUp.getByRole("button", { name: "Set up an authenticator app" }).click();
  const key = (await page.locator("code").first().textContent())!;
  expect(key).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(
    10,
  );
  const confirm = page.getByRole("form", { name: "Confirm the authenticator app" });
  await confirm.getByLabel("Code from the app").fill(await authenticatorCode(key));
  await confirm.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("status")).toHaveText("Sign-in now asks for a code from your app.");

  const later = await (await browser.newContext()).newPage();
  await later.goto("/office/sign-in");
  await later.getByRole("textbox", { name: "Email" }).fill(owner);
  await later.getByLabel("Password").fill(password);
  await later.getByRole("button", { name: "Sign in" }).click();
  await expect(later).toHaveURL(/\/office\/sign-in\/code$/);
  expect((await later.request.get("/office", { maxRedirects: 0 })).status()).toBe(302);
  await later.getByLabel("Code").fill("000000");
  await later.getByRole("button", { name: "Sign in" }).click();
  await expect(later.getByText("That code is not right")).toBeVisible();
  // A code works once: the one that turned the app on is spent; the next step's is taken (the
  // app's clock may run a step ahead).
  await later.getByLabel("Code").fill(await authenticatorCode(key, 1));
  await later.getByRole("button", { name: "Sign in" }).click();
  await expect(later.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await later.context().close();
});

test("after five failures for an account, even the right password waits (429, Retry-After)", async ({
  request,
  baseURL,
}) => {
  const email = staffEmail("limited");
  expect((await staffCommand(["add", email, "--role", "owner"], password)).status).toBe(0);
  const attempt = (typed: string) =>
    request.post("/office/sign-in", {
      form: { email, password: typed },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
  for (let failure = 0; failure < 5; failure += 1) {
    expect((await attempt("wrong password here")).status()).toBe(401);
  }
  const refused = await attempt(password);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(800);
  expect(await refused.text()).toContain("Too many sign-in attempts");
  expect(refused.headers()["set-cookie"]).toBeUndefined();
});

test("desk pages are never stored or indexed, and a foreign origin cannot post", async ({
  request,
}) => {
  for (const path of ["/office", "/office/sign-in"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  }
  const crossSite = await request.post("/office/sign-in", {
    form: { email: "owner@example.com", password },
    headers: { Origin: "https://attacker.example" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("/office");
});

for (const width of [375, 1280]) {
  test(`axe finds nothing on the desk's pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = staffEmail(`axe${width}`);
    expect((await staffCommand(["add", email, "--role", "owner"], password)).status).toBe(0);
    await page.goto("/office/sign-in");
    expect((await axe(page).analyze()).violations).toEqual([]);
    await signIn(page, email, password);
    expect((await axe(page).analyze()).violations).toEqual([]);
    const name = uniqueName("Axel");
    await postServiceRequest(page.request, name);
    await page.reload();
    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
    expect((await axe(page).analyze()).violations).toEqual([]);
    for (const path of [
      "/office/subscribers",
      "/office/staff",
      "/office/privacy",
      "/office/account",
    ]) {
      await page.goto(path);
      expect((await axe(page).analyze()).violations, path).toEqual([]);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth, path).toBeLessThanOrEqual(width);
    }
    const documentWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(documentWidth).toBeLessThanOrEqual(width);
  });
}

test("without JavaScript, sign-in and sign-out are real form posts", async ({ browser }) => {
  const email = staffEmail("nojs");
  expect((await staffCommand(["add", email, "--role", "owner"], password)).status).toBe(0);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/office/sign-in");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password").fill("wrong password again");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect");
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/office\/sign-in$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await context.close();
});
