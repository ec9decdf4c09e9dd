import { serviceStates } from "../app/content/states";

import { expect, sharedPageTest as test } from "./support/fixtures";

test("the hero names a matching region, and the neighborhood otherwise", async ({ page }) => {
  const hero = page.getByRole("heading", { level: 1 });
  await page.goto("/?region=new jersey");
  await expect(hero).toHaveText("#1 Appliance Repair Service in New Jersey");
  await page.goto("/?region=Oregon");
  await expect(hero).toHaveText("#1 Appliance Repair Service in Neighborhood");
  await page.goto("/");
  await expect(hero).toHaveText("#1 Appliance Repair Service in Neighborhood");
  await expect(page.getByText("4.9/5").first()).toBeVisible();
  await expect(page.getByText("1000+").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Call Us Now" })).toHaveAttribute(
    "href",
    /^tel:\+1\d{10}$/,
  );
});

test("home shows the tagline, the six promises once (among 13 reasons) and 3 of the 13 reviews", async ({
  page,
}) => {
  await page.goto("/");
  await expect(
    page
      .getByText(
        "We'll go out of our way to provide you with the best service you've ever received",
      )
      .first(),
  ).toBeVisible();
  const promises = page.locator("#why-choose-us ol > li");
  for (const words of [
    /48 hours/i,
    /money-back/i,
    /same technician/i,
    /no-problem-found|no problem found/i,
    /background check/i,
    /technical advice/i,
  ]) {
    await expect(promises.filter({ hasText: words })).toHaveCount(1);
    // Said once: no other part of home (the customers' own words aside) repeats the promise.
    await expect(
      page.locator("main > :not(#why-choose-us):not(#reviews)").getByText(words),
    ).toHaveCount(0);
  }
  await expect(page.locator("#why-choose-us ol > li")).toHaveCount(13);
  await expect(page.locator("#why-choose-us figure blockquote")).toBeVisible();
  await expect(page.locator("#reviews figure")).toHaveCount(3);
  await expect(page.getByRole("group", { name: /of 6$/ })).toHaveCount(6);
});

test("the services slider moves with its arrows, dots and the keyboard", async ({ page }) => {
  await page.goto("/");
  const slider = page.getByRole("region", { name: "Services carousel" });
  const current = slider.locator('button[aria-current="true"]');
  await expect(current).toHaveAccessibleName("Go to slide 1");
  await slider.getByRole("button", { name: "Next services" }).click();
  await expect(current).toHaveAccessibleName("Go to slide 2");
  await slider.getByRole("button", { name: "Previous services" }).press("ArrowLeft");
  await expect(current).toHaveAccessibleName("Go to slide 1");
  await slider.getByRole("button", { name: "Previous services" }).click();
  await expect(current).toHaveAccessibleName(/Go to slide [3-6]/);
});

test("the counts: 6 services, 20 brands, 13 reviews, 8 or 9 problems per service", async ({
  page,
}) => {
  await page.goto("/services");
  await expect(page.locator("#service-list li")).toHaveCount(6);
  await expect(page.locator("#brands li")).toHaveCount(20);

  await page.goto("/brands");
  await expect(page.getByText(/^Professional repair services for all .+ appliances$/)).toHaveCount(
    20,
  );
  await expect(page.locator("main svg[role=img][aria-label$=' logo']")).toHaveCount(20);
  await expect(
    page.getByText("Professional repair services for all Speed Queen appliances"),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Don't see your brand?" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Contact Us/ })).toHaveAttribute("href", /^tel:/);

  await page.goto("/reviews");
  await expect(page.locator("main figure")).toHaveCount(13);

  for (const slug of ["refrigerator", "washer", "dryer", "oven", "dishwasher", "microwave"]) {
    await page.goto(`/services/${slug}`);
    const count = await page.locator("#common-problems li").count();
    expect(count, slug).toBeGreaterThanOrEqual(8);
    expect(count, slug).toBeLessThanOrEqual(9);
    await expect(page.getByRole("link", { name: /Call Now/ })).toBeVisible();
    await expect(
      page.locator("main").getByRole("link", { name: "Schedule Service" }),
    ).toBeVisible();
  }
});

test("six states, each with every sub-area linked and highlighted when chosen", async ({
  page,
}) => {
  await page.goto("/service-areas");
  await expect(page.locator("main li h2")).toHaveCount(6);
  for (const state of serviceStates) {
    await page.goto(`/service-areas/${state.slug}`);
    const links = page.locator("#areas-served a");
    await expect(links).toHaveCount(state.subAreas.length);
    const hrefs = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute("href")),
    );
    expect(hrefs).toEqual(
      state.subAreas.map((area) => `/service-areas/${state.slug}?county=${area.slug}`),
    );
  }
  await page.goto("/service-areas/north-carolina?county=clemmons");
  await expect(page.locator('#areas-served a[aria-current="true"]')).toHaveText("Cameron");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Appliance Repair in Cameron, North Carolina",
  );
});

test("the company profile follows ?region=", async ({ page }) => {
  const footer = page.locator("footer");
  await page.goto("/contact?region=Massachusetts");
  await expect(footer.getByRole("link", { name: "(781) 555-0136" })).toHaveAttribute(
    "href",
    "tel:+17815550136",
  );
  await expect(footer.locator("address")).toContainText("Hingham, MA 02043");
  await expect(page.locator("main address")).toContainText("94 Derby St");
  await expect(page.getByRole("list", { name: "Service areas" }).first()).toContainText("Cohasset");

  await page.goto("/contact?region=nowhere");
  await expect(footer.getByRole("link", { name: "(713) 555-0127" })).toBeVisible();
  await expect(footer.locator("address")).toContainText("Houston, TX 77056");
  await expect(page.locator("main").getByText("Sunday:")).toBeVisible();
  await expect(page.locator("main").getByText("Closed", { exact: true })).toBeVisible();
});

test("the footer shows hours, contact links and social links", async ({ page }) => {
  await page.goto("/?region=Virginia");
  const footer = page.locator("footer");
  await expect(footer.getByText("Mon - Sat,")).toBeVisible();
  await expect(footer.getByText("8:00 AM - 6:00 PM")).toBeVisible();
  await expect(footer.getByText("Closed")).toBeVisible();
  await expect(
    footer.getByRole("link", { name: "virginia@easyappliancerepair.com" }),
  ).toHaveAttribute("href", "mailto:virginia@easyappliancerepair.com");
  for (const name of ["Facebook", "Instagram", "YouTube"]) {
    await expect(footer.getByRole("link", { name })).toHaveAttribute("href", "#");
  }
});

test("the map section shows the office, directions and the region's service areas", async ({
  page,
}) => {
  await page.goto("/reviews?region=Florida");
  const section = page.getByRole("region", { name: /Easy Appliance Repair of Florida/ });
  await expect(section.locator("dl").first()).toContainText("4137 Commercial Way");
  await expect(section.locator("dl").first()).toContainText("(352) 555-0119");
  await expect(section.locator("dl").first()).toContainText("florida@easyappliancerepair.com");
  await expect(section.locator("dl").first()).toContainText("8:00 AM - 6:00 PM");
  await expect(section.getByRole("link", { name: /Get Directions/ })).toHaveAttribute(
    "href",
    "https://maps.google.com/maps?q=4137%20Commercial%20Way%2C%20Spring%20Hill%2C%20FL%2034606",
  );
  await expect(section.getByRole("link", { name: /Get Directions/ })).toHaveAttribute(
    "target",
    "_blank",
  );
  const areas = section.getByLabel("Service areas");
  await expect(areas).toHaveText("Spring Hill, Brooksville, Aripeka, Moon Lake, Holiday");
});

test("the privacy policy states what the spec promises", async ({ page }) => {
  await page.goto("/policy");
  const main = page.locator("main");
  await expect(main.getByText("Effective 04.24.2025")).toBeVisible();
  await expect(main).toContainText(/cookies/i);
  await expect(main).toContainText(/do not sell|never sell|not sell/i);
});
