import { expect, test, type Page } from "@playwright/test";
import { HtmlValidate } from "html-validate";

import { isFederalHoliday } from "~/domain/holidays";

import { publicRoutes } from "./support/fixtures";
import { databaseAvailable, queryRows, uniqueName, waitForEmails } from "./support/leads";

// Every form works before and without the page's scripts: a real POST to a route action, the
// result rendered by the server. (These journeys use Playwright's own `test`: the shared
// fixture waits for hydration, which never comes here.)
test.use({ javaScriptEnabled: false });

/** Every address the page requested; none may carry anything the visitor typed. */
function recordRequests(page: Page) {
  const requests: { method: string; url: string }[] = [];
  page.on("request", (request) => requests.push({ method: request.method(), url: request.url() }));
  return {
    requests,
    expectNoneCarries(typed: string[]) {
      for (const { url } of requests) {
        const readable = decodeURIComponent(url.replaceAll("+", " ")).toLowerCase();
        for (const value of typed) {
          expect(readable, `${url} carries "${value}"`).not.toContain(value.toLowerCase());
        }
      }
      expect(requests.filter((request) => request.method === "POST").length).toBeGreaterThan(0);
    },
  };
}

test("the contact form: field messages with the values kept, then the message is sent", async ({
  page,
}) => {
  const recorder = recordRequests(page);
  const name = uniqueName("Nojs");
  await page.goto("/contact?region=Florida");
  const form = page.getByRole("form", { name: "Send Us a Message" });
  await form.getByRole("textbox", { name: "First name" }).fill(name);
  await form.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await form.getByRole("textbox", { name: "Phone" }).fill("352555");
  await form.getByRole("textbox", { name: "Subject" }).fill("Washer leak");
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page).toHaveURL(/\/contact\?region=Florida$/);
  for (const message of [
    "Last name is required",
    "Invalid email address",
    "Invalid phone number format",
    "Message is required",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  // The page the POST returned focuses the first field with a problem.
  await expect(form.getByRole("textbox", { name: "Last name" })).toBeFocused();
  await expect(form.getByRole("textbox", { name: "Last name" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(form.getByRole("textbox", { name: "First name" })).toHaveValue(name);
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue("not-an-email");
  await expect(form.getByRole("textbox", { name: "Phone" })).toHaveValue("352555");
  await expect(form.getByRole("textbox", { name: "Subject" })).toHaveValue("Washer leak");

  await form.getByRole("textbox", { name: "Last name" }).fill("Lovelace");
  await form.getByRole("textbox", { name: "Email" }).fill("nojs-contact@example.com");
  // Typed without the scripts that format it: the server reads the ten digits.
  await form.getByRole("textbox", { name: "Phone" }).fill("352 555 0199");
  await form.getByRole("textbox", { name: "Message" }).fill("It leaks from the door seal.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toContainText("Success!");
  await expect(form.getByRole("status")).toBeFocused();
  await expect(form.getByRole("status")).toContainText(
    "Your contact request has been submitted successfully.",
  );
  await expect(form.getByRole("textbox", { name: "First name" })).toHaveValue(name);

  const [company] = await waitForEmails(
    (email) =>
      email.text.includes(name) && email.envelopeTo.includes("florida@easyappliancerepair.com"),
    1,
  );
  expect(company!.text).toContain("It leaks from the door seal.");
  if (databaseAvailable) {
    const rows = await queryRows<{ last_name: string; phone: string }>(
      "select last_name, phone from contact_messages where name = $1",
      [name],
    );
    expect(rows).toEqual([{ last_name: "Lovelace", phone: "(352) 555-0199" }]);
  }
  recorder.expectNoneCarries([
    name,
    "not-an-email",
    "nojs-contact@example.com",
    "Washer leak",
    "Lovelace",
    "door seal",
    "352555",
    "352 555 0199",
  ]);
});

for (const place of ["footer", "home"] as const) {
  test(`the ${place} newsletter form subscribes, and the welcome email's link unsubscribes`, async ({
    page,
  }) => {
    const recorder = recordRequests(page);
    const email = `${uniqueName("nojs").split(" ")[1]!.toLowerCase()}-${place}@example.com`;
    await page.goto("/?region=Virginia");
    const form =
      place === "footer"
        ? page.locator("footer").getByRole("form", { name: "Newsletter signup" })
        : page.locator("#newsletter").getByRole("form", { name: "Subscribe to maintenance tips" });
    await form.getByRole("textbox", { name: "Email address" }).fill("someone@example");
    await form.getByRole("button", { name: "Subscribe" }).click();

    // Every newsletter form posts to /newsletter, which shows the result.
    await expect(page).toHaveURL(/\/newsletter\?region=Virginia$/);
    const result = page.locator("main").getByRole("form", { name: "Newsletter subscription" });
    await expect(result.getByText("Invalid email address", { exact: true })).toBeVisible();
    const input = result.getByRole("textbox", { name: "Email address" });
    await expect(input).toHaveValue("someone@example");
    await expect(input).toHaveAttribute("aria-invalid", "true");

    await input.fill(email);
    await result.getByRole("button", { name: "Subscribe" }).click();
    await expect(result.getByRole("status")).toContainText(
      "Your subscribe request has been submitted successfully.",
    );
    await expect(result.getByRole("textbox", { name: "Email address" })).toHaveValue("");

    const [welcome] = await waitForEmails((message) => message.envelopeTo.includes(email), 1);
    const unsubscribeUrl = /<(http[^>]+\/unsubscribe\?token=[^>]+)>/.exec(
      welcome!.headers["list-unsubscribe"] ?? "",
    )?.[1];
    expect(unsubscribeUrl, "the List-Unsubscribe link").toBeDefined();
    if (databaseAvailable) {
      const rows = await queryRows("select email from newsletter_subscribers where email = $1", [
        email,
      ]);
      expect(rows).toHaveLength(1);
    }

    // The link from the email, on this server.
    const link = new URL(unsubscribeUrl!);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      page.getByRole("heading", { name: "You have been unsubscribed", level: 1 }),
    ).toBeVisible();
    if (databaseAvailable) {
      const rows = await queryRows<{ unsubscribed: boolean }>(
        "select unsubscribed_at is not null as unsubscribed from newsletter_subscribers where email = $1",
        [email],
      );
      expect(rows).toEqual([{ unsubscribed: true }]);
    }
    recorder.expectNoneCarries([email, "someone@example"]);
  });
}

test("the schedule dialog: step 1 is a link, step 2 a POST that books the repair", async ({
  page,
}) => {
  const recorder = recordRequests(page);
  const name = uniqueName("Nojsbook");
  await page.goto("/services?region=Texas");
  await page.locator("header").getByRole("link", { name: "Schedule Service" }).click();

  const dialog = page.getByRole("dialog", { name: "Schedule Service" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  await dialog.getByRole("link", { name: /Washing Machine/ }).click();

  await expect(page).toHaveURL(/\/modals\/schedule\?.*appliance=washer/);
  await expect(dialog.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
  await expect(dialog.getByText("Washing Machine", { exact: true })).toBeVisible();
  await dialog.getByRole("textbox", { name: "Full Name (required)" }).fill(name);
  await dialog.getByRole("textbox", { name: "Email", exact: true }).fill("nojs-book@example");
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill("713555");
  await dialog.getByRole("button", { name: "Submit Request" }).click();

  await expect(dialog.getByText("Invalid email address", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Invalid phone number format", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Address is required", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Full Name (required)" })).toHaveValue(name);
  await expect(dialog.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(
    "nojs-book@example",
  );
  await expect(dialog.getByRole("textbox", { name: "Phone", exact: true })).toHaveValue("713555");

  // Three days ahead, or the next day the office works (never a Sunday or a federal holiday).
  const ahead = new Date(Date.now() + 3 * 24 * 3600 * 1000);
  while (ahead.getUTCDay() === 0 || isFederalHoliday(ahead.toISOString().slice(0, 10))) {
    ahead.setUTCDate(ahead.getUTCDate() + 1);
  }
  const date = ahead.toISOString().slice(0, 10);
  const [year, month, day] = date.split("-");
  await dialog.getByRole("textbox", { name: "Email", exact: true }).fill("nojs-book@example.com");
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill("(713) 555-0144");
  await dialog.getByRole("textbox", { name: "Address", exact: true }).fill("5 Elm St, Katy");
  await dialog.getByRole("textbox", { name: "Preferred Date" }).fill(`${month}/${day}/${year}`);
  await dialog.getByRole("radio", { name: /Morning/ }).check();
  await dialog.getByRole("textbox", { name: "Description of the problem" }).fill("Drum rattles");
  await dialog.getByRole("button", { name: "Submit Request" }).click();

  // The page the POST renders is the dialog closed: the spec's words and what was booked, with
  // the private link, above the page; Dismiss leads home.
  await expect(page.getByRole("status")).toContainText(
    "Your service request has been submitted successfully.",
  );
  await expect(dialog).toHaveCount(0);
  const notice = page.getByRole("region", { name: "Your request is on its way" });
  await expect(notice.getByRole("definition")).toHaveText([
    "Washing Machine",
    new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }),
    "Morning, 8:00 AM - 12:00 PM",
  ]);
  await expect(
    notice.getByRole("link", { name: "See, change or cancel your visit" }),
  ).toHaveAttribute("href", /^\/requests\/[A-Za-z0-9_-]{43}$/);
  await expect(notice.getByRole("link", { name: "Dismiss" })).toHaveAttribute(
    "href",
    "/?region=Texas",
  );

  const [company] = await waitForEmails(
    (message) =>
      message.text.includes(name) && message.envelopeTo.includes("texas@easyappliancerepair.com"),
    1,
  );
  expect(company!.subject).toContain("Washing Machine");
  expect(company!.text).toContain("Drum rattles");
  if (databaseAvailable) {
    const rows = await queryRows<{ selected_appliance: string; preferred_date: string }>(
      "select selected_appliance, preferred_date::text as preferred_date from service_requests where name = $1",
      [name],
    );
    expect(rows).toEqual([{ selected_appliance: "washer", preferred_date: date }]);
  }
  recorder.expectNoneCarries([
    name,
    "nojs-book@example",
    "713555",
    "555-0144",
    "5 Elm St",
    "Drum rattles",
    `${month}/${day}/${year}`,
  ]);
});

test("no form on a public page submits by GET", async ({ page }) => {
  const paths = [
    ...publicRoutes.map((route) => route.path),
    "/modals/schedule",
    "/modals/schedule?appliance=washer",
    "/newsletter",
  ];
  for (const path of paths) {
    await page.goto(path);
    const forms = page.locator("form");
    const count = await forms.count();
    expect(count, `${path} has forms`).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      const form = forms.nth(index);
      expect(await form.getAttribute("method"), `${path} form ${index}`).toBe("post");
      // A form without a POST method would send its fields in the address.
      expect(
        await form.evaluate((element: HTMLFormElement) => element.method),
        `${path} form ${index}`,
      ).toBe("post");
    }
  }
});

test("a page action refuses a cross-site POST", async ({ request }) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const form = { email: "cross-site@example.com" };
  const crossSite = await request.post("/newsletter", {
    form,
    headers: { Origin: "https://evil.example" },
  });
  expect(crossSite.status()).toBe(403);
  const contact = await request.post("/contact", {
    form: { name: "Eve" },
    headers: { Origin: "https://evil.example" },
  });
  expect(contact.status()).toBe(403);
  const sameSite = await request.post("/newsletter", { form, headers: { Origin: origin } });
  expect(sameSite.status()).toBe(200);
});

test("the pages the form actions answer are valid HTML", async ({ request }) => {
  // The rules e2e/seo.spec.ts checks every route with.
  const validator = new HtmlValidate({
    extends: ["html-validate:standard"],
    rules: {
      "void-style": "off",
      "no-inline-style": "off",
      "attribute-boolean-style": "off",
      "attribute-empty-style": "off",
      "no-trailing-whitespace": "off",
      "long-title": "off",
      "no-redundant-role": "off",
      "unique-landmark": "off",
      "prefer-native-element": "off",
      "no-implicit-button-type": "error",
    },
  });
  const later = new Date(Date.now() + 4 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const booking = {
    selectedAppliance: "oven",
    name: uniqueName("Valid"),
    phone: "7135550100",
    address: "1 Main St",
    preferredDate: later,
  };
  const pages: [string, Promise<{ status(): number; text(): Promise<string> }>][] = [
    ["GET /newsletter", request.get("/newsletter")],
    ["GET /modals/schedule?appliance=washer", request.get("/modals/schedule?appliance=washer")],
    ["bad contact", request.post("/contact", { form: { name: "", email: "x" } })],
    ["bad newsletter", request.post("/newsletter", { form: { email: "x" } })],
    ["newsletter", request.post("/newsletter", { form: { email: "valid-html@example.com" } })],
    [
      "bad booking",
      request.post("/modals/schedule?appliance=oven", { form: { ...booking, name: "" } }),
    ],
    ["booking", request.post("/modals/schedule?appliance=oven", { form: booking })],
  ];
  for (const [label, answer] of pages) {
    const response = await answer;
    expect(response.status(), label).toBeLessThan(500);
    const report = await validator.validateString(await response.text(), label);
    const errors = report.results.flatMap((result) =>
      result.messages.map(
        (message) => `${label}:${message.line}: ${message.ruleId} ${message.message}`,
      ),
    );
    expect(errors).toEqual([]);
  }
});
