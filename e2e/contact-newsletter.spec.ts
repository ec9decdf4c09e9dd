import { expect, sharedPageTest as test } from "./support/fixtures";
import { databaseAvailable, queryRows, uniqueName, waitForEmails } from "./support/leads";

test("a visitor sends a contact message; the form keeps its values", async ({ page }) => {
  const name = uniqueName("Grace");
  await page.goto("/contact?region=Florida");
  const form = page.getByRole("form", { name: "Send Us a Message" });
  await form.getByRole("button", { name: "Send Message" }).click();
  for (const message of [
    "Name is required",
    "Last name is required",
    "Phone number is required",
    "Subject is required",
    "Message is required",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await form.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await expect(form.getByText("Invalid email address")).toBeVisible();
  await form.getByRole("textbox", { name: "Email" }).fill("grace@example.com");
  await expect(form.getByText("Invalid email address")).toBeHidden();

  await form.getByRole("textbox", { name: "First name" }).fill(name);
  await form.getByRole("textbox", { name: "Last name" }).fill("Hopper");
  await form.getByRole("textbox", { name: "Phone" }).fill("352555");
  await expect(form.getByText("Invalid phone number format")).toBeVisible();
  await form.getByRole("textbox", { name: "Phone" }).fill("3525550142");
  await form.getByRole("textbox", { name: "Subject" }).fill("Dryer squeal <b>loud</b>");
  await form
    .getByRole("textbox", { name: "Message" })
    .fill("It squeals at the start of every cycle.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByText("Your contact request has been submitted successfully.", { exact: true }),
  ).toBeVisible();
  await expect(form.getByRole("textbox", { name: "First name" })).toHaveValue(name);

  const [company] = await waitForEmails(
    (email) =>
      email.text.includes(name) && email.envelopeTo.includes("florida@easyappliancerepair.com"),
    1,
  );
  expect(company!.text).toContain("It squeals at the start of every cycle.");
  expect(company!.html).toContain("&lt;b&gt;loud&lt;/b&gt;");
  if (databaseAvailable) {
    const rows = await queryRows<{ last_name: string; phone: string }>(
      "select last_name, phone from contact_messages where name = $1",
      [name],
    );
    expect(rows).toEqual([{ last_name: "Hopper", phone: "(352) 555-0142" }]);
  }
});

test.describe("contact failures", () => {
  test.use({ expectedConsoleErrors: /Failed to load resource/ });

  test("the contact form keeps its values when the server fails", async ({ page }) => {
    // The form posts to the /contact action (/contact.data once hydrated).
    await page.route(/\/contact\.data/, (route) => route.fulfill({ status: 503 }));
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send Us a Message" });
    await form.getByRole("textbox", { name: "First name" }).fill("Kept");
    await form.getByRole("textbox", { name: "Last name" }).fill("Values");
    await form.getByRole("textbox", { name: "Phone" }).fill("7135550100");
    await form.getByRole("textbox", { name: "Subject" }).fill("Oven");
    await form.getByRole("textbox", { name: "Message" }).fill("No bake heat.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByText("Failed to submit your request. Please try again later.", { exact: true }),
    ).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("No bake heat.");
  });
});

for (const place of ["footer", "home"] as const) {
  test(`a visitor subscribes from the ${place}`, async ({ page }) => {
    const email = `${uniqueName("sub").split(" ")[1]!.toLowerCase()}-${place}@example.com`;
    await page.goto("/?region=Virginia");
    const form =
      place === "footer"
        ? page.locator("footer").getByRole("form", { name: "Newsletter signup" })
        : page.locator("#newsletter").getByRole("form", { name: "Subscribe to maintenance tips" });
    const input = form.getByRole("textbox", { name: "Email address" });
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Email is required")).toBeVisible();
    await input.fill("someone@example");
    await expect(form.getByText("Invalid email address")).toBeVisible();
    await input.fill(email);
    await expect(form.getByText("Invalid email address")).toBeHidden();
    // Once hydrated, the form posts JSON to the API path spec section 7 names.
    const [subscribe] = await Promise.all([
      page.waitForRequest((request) => request.url().includes("/api/send-subscribe-email")),
      form.getByRole("button", { name: "Subscribe" }).click(),
    ]);
    expect(subscribe.method()).toBe("POST");
    expect(subscribe.headers()["content-type"]).toBe("application/json");
    expect(subscribe.headers()["idempotency-key"]).toMatch(/^[\w-]{8,}$/);
    expect(subscribe.postDataJSON()).toEqual({
      email,
      companyEmail: "virginia@easyappliancerepair.com",
    });
    await expect(
      page.getByText("Your subscribe request has been submitted successfully.", { exact: true }),
    ).toBeVisible();
    await expect(input).toHaveValue("");

    const [welcome] = await waitForEmails((message) => message.envelopeTo.includes(email), 1);
    expect(welcome!.headers["list-unsubscribe"]).toContain("/unsubscribe?token=");
    if (databaseAvailable) {
      const rows = await queryRows("select email from newsletter_subscribers where email = $1", [
        email,
      ]);
      expect(rows).toHaveLength(1);
    }
  });
}

test("the subscribe button waits while the request is in flight", async ({ page }) => {
  let release: () => void = () => undefined;
  const answerGate = new Promise<void>((resolve) => (release = resolve));
  // Once hydrated, every newsletter form posts to the JSON API.
  await page.route("**/api/send-subscribe-email", async (route) => {
    await answerGate;
    await route.continue();
  });
  await page.goto("/");
  const form = page.locator("footer").getByRole("form", { name: "Newsletter signup" });
  await form.getByRole("textbox", { name: "Email address" }).fill("wait@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  const busy = form.getByRole("button", { name: "Please wait" });
  await expect(busy).toBeDisabled();
  release();
  await expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  await expect(
    page.getByText("Your subscribe request has been submitted successfully.", { exact: true }),
  ).toBeVisible();
});

test.describe("when subscribing fails", () => {
  test.use({ expectedConsoleErrors: /Failed to load resource/ });

  test("an error answer and no answer show the spec's toasts; the address stays", async ({
    page,
  }) => {
    await page.goto("/?region=Florida");
    const form = page.locator("footer").getByRole("form", { name: "Newsletter signup" });
    const input = form.getByRole("textbox", { name: "Email address" });
    await input.fill("fails@example.com");
    const api = "**/api/send-subscribe-email";
    await page.route(api, (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: "{}" }),
    );
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(
      page.getByText("Failed to submit your request. Please try again later.", { exact: true }),
    ).toBeVisible();
    await expect(input).toHaveValue("fails@example.com");

    await page.unroute(api);
    // No answer at all: sent again twice with the same Idempotency-Key, then the exception toast.
    const keys: string[] = [];
    await page.route(api, (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      return route.abort("connectionrefused");
    });
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(
      page.getByText("An unexpected error occurred. Please try again later.", { exact: true }),
    ).toBeVisible();
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).not.toBe("");
  });
});

test("F8 moves focus to the notifications", async ({ page }) => {
  await page.goto("/");
  const form = page.locator("footer").getByRole("form", { name: "Newsletter signup" });
  await form.getByRole("textbox", { name: "Email address" }).fill("f8@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Success!", { exact: true })).toBeVisible();
  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: /Notifications/ }).locator("ol")).toBeFocused();
});
