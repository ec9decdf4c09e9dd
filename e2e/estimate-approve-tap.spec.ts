import type { Page } from "@playwright/test";

import { startExtraServer, type ExtraServer } from "./support/extra-server";
import { dryerThatDoesNotHeat, jobAtArrived, writeIgniterEstimate } from "./support/field-job";
import { expect, fileServer, test as base } from "./support/fixtures";
import { axe } from "./support/axe";

// Issue 36, point 1: a homeowner's Approve is never lost on a phone. On a 375 px touch phone she
// opens her private page with an estimate waiting, taps the name field under "Your estimate",
// types her name and taps "Approve estimate" once (a real tap, not a click or a submit): the page
// says the estimate is approved, and the lead's timeline and the technician's card show it. At
// that moment no fixed or sticky element lies over the button or the field, as typed and as the
// tap leaves it (the field blurred): a bar that came back over the button once ate the tap.
//
// On a server of its own (a free port, in this worker), as many places per window as asked for.
// The homeowner comes from an address of her own (X-Forwarded-For, the proxy trusted): the
// private page's daily budgets are per address.
const test = base.extend<{ origin: string; tapServer: ExtraServer }>({
  tapServer: fileServer(() => startExtraServer(0, { WINDOW_CAPACITY: "100000", TRUST_PROXY: "1" })),
  origin: async ({ tapServer }, provide) => provide(tapServer.origin),
  baseURL: async ({ tapServer }, provide) => provide(tapServer.origin),
});

test.describe.configure({ timeout: 180_000 });
test.use({ expectedConsoleErrors: /status of (400|404|409|429)/ });

const homeownerAddress = "198.51.100.36";

async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * What lies over `target` at its centre and its corners (2 px in): the element found there when
 * it is neither the target nor inside it, and every fixed or sticky element whose box meets the
 * target's. Empty: nothing covers it.
 */
function coveringOf(target: Element): string[] {
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
      element.getAttribute("aria-label") ? `[${element.getAttribute("aria-label")}]` : ""
    } "${(element.textContent ?? "").trim().slice(0, 40)}"`;
  const box = target.getBoundingClientRect();
  const found = new Set<string>();
  const inset = 2;
  for (const [x, y] of [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
  ] as const) {
    const hit = document.elementFromPoint(x, y);
    if (!hit) found.add(`nothing at ${Math.round(x)},${Math.round(y)} (off screen)`);
    else if (hit !== target && !target.contains(hit)) found.add(describe(hit));
  }
  for (const element of document.body.querySelectorAll("*")) {
    if (element === target || element.contains(target) || target.contains(element)) continue;
    const style = getComputedStyle(element);
    if (style.position !== "fixed" && style.position !== "sticky") continue;
    if (style.display === "none" || style.visibility === "hidden") continue;
    const other = element.getBoundingClientRect();
    const meets =
      other.width > 0 &&
      other.height > 0 &&
      other.left < box.right &&
      other.right > box.left &&
      other.top < box.bottom &&
      other.bottom > box.top;
    if (meets) found.add(`${style.position} ${describe(element)}`);
  }
  return [...found];
}

async function expectAxeClean(page: Page, what: string) {
  const results = await axe(page).analyze();
  expect(
    results.violations.map((violation) => violation.id),
    what,
  ).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    what,
  ).toBeLessThanOrEqual(0);
}

test("on a 375 px touch phone the homeowner types her name and approves the estimate with one tap", async ({
  page,
  browser,
  request,
  tapServer,
}) => {
  // Maria's dryer, booked for this evening with Alex, who arrives.
  const { job, phoneContext, card } = await jobAtArrived(
    { page, browser, request, server: tapServer },
    {
      firstName: "Maria",
      details: dryerThatDoesNotHeat,
      clientAddress: homeownerAddress,
      window: "evening",
    },
  );
  const { name, privateUrl: privatePath, leadPath: leadUrl } = job;

  // Alex writes the estimate on his phone: it waits for her answer.
  const homeowner = await browser.newContext({
    baseURL: tapServer.origin,
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
    extraHTTPHeaders: { "X-Forwarded-For": homeownerAddress },
  });
  try {
    await writeIgniterEstimate(card);

    // Her phone: the private page with the estimate waiting.
    const mine = await homeowner.newPage();
    await mine.goto(privatePath);
    await hydrated(mine);
    const estimate = mine.getByRole("region", { name: "Your estimate" });
    await expect(estimate.getByText("Igniter DC97-14486A")).toBeVisible();
    await expectAxeClean(mine, "the private page with the estimate waiting, at 375 px");

    // She taps the name field first, and types.
    const field = estimate.getByRole("textbox", { name: "Your name" });
    const approve = estimate.getByRole("button", { name: "Approve estimate" });
    await field.tap();
    await expect(field).toBeFocused();
    await mine.keyboard.type(name);
    await expect(field).toHaveValue(name);

    // The button at the bottom of the screen, where a phone's bar would sit, the field above it.
    await approve.evaluate((button) => {
      const bottom = button.getBoundingClientRect().bottom;
      window.scrollBy(0, bottom - (window.innerHeight - 6));
    });
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await expect(approve).toBeInViewport();

    // Nothing lies over the field or the button while she types…
    expect(await field.evaluate(coveringOf), "over the field being typed in").toEqual([]);
    expect(await approve.evaluate(coveringOf), "over Approve, the field focused").toEqual([]);
    // …nor once her tap takes the focus from the field (what the page looks like under her
    // finger as the tap lands); the field gets the focus back for the real tap.
    await field.evaluate((input) => (input as HTMLInputElement).blur());
    const whenBlurred = {
      button: await approve.evaluate(coveringOf),
      field: await field.evaluate(coveringOf),
    };
    await field.evaluate((input) => (input as HTMLInputElement).focus({ preventScroll: true }));
    expect(whenBlurred, "over Approve and the field as the tap blurs the field").toEqual({
      button: [],
      field: [],
    });
    await expect(field).toBeFocused();

    // One real tap on the button: approved.
    await approve.tap();
    await expect(
      mine.getByText("Thank you: the estimate is approved. Your technician sees it now."),
    ).toBeVisible();
    await expect(estimate.getByText(`Approved by ${name} on the customer's page`)).toBeVisible();
    await expect(approve).toHaveCount(0);
    await expectAxeClean(mine, "the private page after Approve, at 375 px");

    // The technician's card and the lead's timeline show it.
    await expect(card.getByText(`Approved by ${name} on the customer's page`)).toBeVisible();
    await page.goto(leadUrl);
    await expect(
      page.getByText(`Estimate approved by ${name} on the customer's page`).first(),
    ).toBeVisible();
  } finally {
    await homeowner.close();
    await phoneContext.close();
  }
});
