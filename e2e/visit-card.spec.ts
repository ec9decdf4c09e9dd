import type { APIRequestContext, Locator, Page } from "@playwright/test";

import type { TimeSlotId } from "~/domain/time-slots";

import { startExtraServer, type ExtraServer } from "./support/extra-server";
import { staffPassword as password } from "./support/field";
import { bookRequest, confirmVisitToday, newCrew, technicianOnPhone } from "./support/field-job";
import { expect, fileServer, sharedPageTest as base } from "./support/fixtures";
import { signIn } from "./support/staff";
import { axe } from "./support/axe";

// Issue 36, point 7: the card a technician reads in the sun, on a 375 px phone. The next step
// first (On my way and Arrived, then the estimate before Done, then the payment), edges of at
// least 3:1 around every control, a finished visit one line that opens to the whole card, the
// page kept in place after a tap (with JavaScript and without), and the Call button whole at 320
// and 375 px. With it, points 9 and 10's part of the card: the part field says the customer reads
// it, Done starts with the approved total, Record payment with what Done charged, and "Plate
// unreadable" as the way out of the required model and serial.
//
// On a server of its own (a free port, in this worker), as many places per window as asked for.
// The visits are booked for today: taps are only taken on a visit's own day.
const test = base.extend<{ origin: string; cardServer: ExtraServer }>({
  cardServer: fileServer(() => startExtraServer(0, { WINDOW_CAPACITY: "100000" })),
  origin: async ({ cardServer }, provide) => provide(cardServer.origin),
  baseURL: async ({ cardServer }, provide) => provide(cardServer.origin),
});

test.describe.configure({ timeout: 240_000 });
test.use({ expectedConsoleErrors: /status of (400|404|409)/ });

/** axe finds nothing on the page as it is, at 375 px. */
async function expectAxeClean(page: Page, what: string) {
  // A button that just changed fades its colours: axe reads the end.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished)),
  );
  const results = await axe(page).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`),
    what,
  ).toEqual([]);
}

/** Nothing scrolls sideways from 320 to 1280 px; back at 375 px after. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  for (const width of [320, 375, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    const { overflow, wide } = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      // What sticks out, to say so when something does.
      wide: [...document.body.querySelectorAll("*")]
        .filter(
          (element) =>
            element.getBoundingClientRect().right > window.innerWidth + 0.5 &&
            !(element.parentElement!.getBoundingClientRect().right > window.innerWidth + 0.5),
        )
        .slice(0, 3)
        .map((element) =>
          `${element.tagName} ${element.className} ${element.textContent}`.slice(0, 200),
        ),
    }));
    expect(overflow, `${what} at ${width} px: ${wide.join(" | ")}`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 375, height: 740 });
}

/**
 * The Call link's box: what overflows it, and whether its icon and its words (the whole number)
 * lie inside it.
 */
function callBox(link: Element) {
  const box = link.getBoundingClientRect();
  const inside = (inner: Element | null) => {
    if (!inner) return false;
    const part = inner.getBoundingClientRect();
    return (
      part.width > 0 &&
      part.left >= box.left - 0.5 &&
      part.right <= box.right + 0.5 &&
      part.top >= box.top - 0.5 &&
      part.bottom <= box.bottom + 0.5
    );
  };
  return {
    overflow: link.scrollWidth - link.clientWidth,
    iconInside: inside(link.querySelector("svg")),
    wordsInside: inside(link.querySelector("span")),
    words: (link.textContent ?? "").replace(/\s+/g, " ").trim(),
  };
}

/**
 * Every visible control of `card` whose edge (its border, or its fill when it has none) has less
 * than 3:1 contrast against what it sits on: "what, edge contrast". The folds are opened first,
 * so the fields inside them count too; a summary's edge is its fold's (or, a finished visit's
 * line, its card's).
 */
function faintEdges(card: Element): string[] {
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const paint = canvas.getContext("2d", { willReadFrequently: true })!;
  /** The colour as painted over `under` (alpha composited), in sRGB 0-255. */
  const rgb = (color: string, under = "#ffffff") => {
    paint.clearRect(0, 0, 1, 1);
    paint.fillStyle = under;
    paint.fillRect(0, 0, 1, 1);
    paint.fillStyle = color;
    paint.fillRect(0, 0, 1, 1);
    const [r, g, b] = paint.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!] as const;
  };
  const luminance = ([r, g, b]: readonly number[]) => {
    const [lr, lg, lb] = [r!, g!, b!].map((value) => {
      const channel = value / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
  };
  const contrast = (a: readonly number[], b: readonly number[]) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };
  /** What an element sits on: the first background behind it that is not transparent. */
  const groundOf = (element: Element | null): string => {
    for (let at = element; at; at = at.parentElement) {
      const color = getComputedStyle(at).backgroundColor;
      if (rgb(color, "#000000").join() === rgb(color, "#ffffff").join()) return color;
    }
    return "#ffffff";
  };
  const folds = [...card.querySelectorAll("details")];
  const wereOpen = folds.map((fold) => fold.open);
  for (const fold of folds) fold.open = true;
  const faint: string[] = [];
  const controls = card.querySelectorAll(
    [
      "a[href^='tel:']",
      "a[href^='sms:']",
      "button",
      "input:not([type='hidden'], [type='checkbox'], [type='radio'])",
      "select",
      "textarea",
      "summary",
      "label:has(> input[type='radio'])",
    ].join(", "),
  );
  for (const control of controls) {
    if (!control.checkVisibility()) continue;
    let edged: Element = control;
    if (control.tagName === "SUMMARY") {
      const fold = control.closest("details")!;
      edged = parseFloat(getComputedStyle(fold).borderTopWidth) > 0 ? fold : fold.parentElement!;
    }
    const style = getComputedStyle(edged);
    const ground = rgb(groundOf(edged.parentElement));
    const bordered = style.borderTopStyle !== "none" && parseFloat(style.borderTopWidth) > 0;
    const edge = Math.max(
      bordered ? contrast(rgb(style.borderTopColor, groundOf(edged.parentElement)), ground) : 0,
      contrast(rgb(groundOf(edged)), ground),
    );
    if (edge < 3) {
      const name = (control.getAttribute("name") ?? control.textContent ?? "").trim().slice(0, 30);
      faint.push(`${control.tagName.toLowerCase()} "${name}", ${edge.toFixed(2)}:1`);
    }
  }
  folds.forEach((fold, index) => (fold.open = wereOpen[index]!));
  return faint;
}

/** Whether `first` comes before `second` in the page. */
async function comesBefore(first: Locator, second: Locator): Promise<boolean> {
  const other = await second.elementHandle();
  return first.evaluate(
    (element, later) =>
      Boolean(later && element.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING),
    other,
  );
}

/** A visit for today, booked with the technician on the lead page. */
async function bookToday(
  page: Page,
  request: APIRequestContext,
  technicianName: string,
  firstName: string,
  window: TimeSlotId,
) {
  const job = await bookRequest(request, {
    firstName,
    details: { selectedAppliance: "refrigerator", preferredTime: window },
  });
  await page.goto(job.leadPath);
  await confirmVisitToday(page, technicianName, window);
  return job;
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test("the visit card on a 375 px phone: the next step first, firm edges, the Call button whole, finished visits one line, and the page kept in place after a tap", async ({
  page,
  browser,
  request,
  cardServer,
}) => {
  const { owner, technician, technicianName } = await newCrew(cardServer);
  // Three visits today, one per window.
  await signIn(page, owner, password);
  const ana = await bookToday(page, request, technicianName, "Ana", "morning");
  const ben = await bookToday(page, request, technicianName, "Ben", "afternoon");
  const cal = await bookToday(page, request, technicianName, "Cal", "evening");

  const { context, phone } = await technicianOnPhone(browser, cardServer.origin, technician);
  try {
    const cardOf = (name: string) => phone.getByRole("article", { name });
    const first = cardOf(ana.name);
    await expect(first).toBeVisible();
    await expectAxeClean(phone, "My day before any tap");
    await expectNoSidewaysScroll(phone, "My day before any tap");

    // The Call button holds its icon and the whole number, at 320 and 375 px.
    const call = first.getByRole("link", { name: /^Call / });
    const phoneNumber = ((await call.textContent()) ?? "").replace(/^Call\s*/, "").trim();
    expect(phoneNumber).toMatch(/^\(713\) \d{3}-\d{4}$/);
    for (const width of [320, 375]) {
      await phone.setViewportSize({ width, height: 740 });
      expect(await call.evaluate(callBox), `the Call button at ${width} px`).toEqual({
        overflow: 0,
        iconInside: true,
        wordsInside: true,
        words: `Call ${phoneNumber}`,
      });
      const text = await first.getByRole("link", { name: "Text" }).evaluate(callBox);
      expect(text.overflow, `the Text button at ${width} px`).toBeLessThanOrEqual(0);
      expect(text.iconInside, `the Text button's icon at ${width} px`).toBe(true);
    }
    await phone.setViewportSize({ width: 375, height: 740 });

    // Firm edges around every control (folds opened), before the arrival.
    expect(await first.evaluate(faintEdges), "faint edges before Arrived").toEqual([]);

    // Before the arrival: On my way, then Arrived, first; Can't fix after them.
    const onMyWay = first.getByRole("button", { name: "On my way" });
    const arrived = first.getByRole("button", { name: "Arrived" });
    const cantFix = first.locator("summary", { hasText: "Can't fix" });
    expect(await comesBefore(onMyWay, arrived)).toBe(true);
    expect(await comesBefore(arrived, cantFix)).toBe(true);

    // On my way, the button in the middle of the screen: the page keeps its place (the card's
    // heading at the top), no jump to the top of the page.
    await onMyWay.evaluate((button) => button.scrollIntoView({ block: "center" }));
    const before = await scrollY(phone);
    expect(before).toBeGreaterThan(100);
    await onMyWay.click();
    await expect(first.getByText(/On the way: Arriving about/)).toBeVisible();
    await expect(phone).toHaveURL(new RegExp(`/office/day#visit-${ana.id}$`));
    expect(await scrollY(phone), "after On my way").toBeGreaterThan(0);
    await expect(first.getByRole("heading", { name: ana.name })).toBeInViewport();
    await expectAxeClean(phone, "after On my way");

    // Arrived: the estimate comes first, then Done, then Needs a part and Can't fix.
    await arrived.click();
    await expect(first.getByText("Arrived", { exact: true })).toBeVisible();
    expect(await scrollY(phone), "after Arrived").toBeGreaterThan(0);
    const writeEstimate = first.locator("summary", { hasText: "Write the estimate" });
    const done = first.locator("summary", { hasText: "Done: record the repair" });
    const needsPart = first.locator("summary", { hasText: "Needs a part" });
    expect(await comesBefore(writeEstimate, done), "the estimate before Done").toBe(true);
    expect(await comesBefore(done, needsPart)).toBe(true);
    expect(await comesBefore(needsPart, first.locator("summary", { hasText: "Can't fix" }))).toBe(
      true,
    );
    expect(await first.evaluate(faintEdges), "faint edges after Arrived").toEqual([]);
    await expectAxeClean(phone, "after Arrived");

    // The estimate, approved on the phone: Done starts with its total.
    await writeEstimate.click();
    await first.getByLabel("Line 1 kind").selectOption("labour");
    await first.getByLabel("Line 1 description").fill("Replace the defrost heater");
    await first.getByLabel("Line 1 amount ($)").fill("100");
    await first.getByLabel("Line 2 kind").selectOption("part");
    await first.getByLabel("Line 2 description").fill("Defrost heater");
    await first.getByLabel("Line 2 amount ($)").fill("145");
    await first.getByRole("button", { name: "Save the estimate" }).click();
    await expect(first.getByText("$245.00").first()).toBeVisible();
    await first.getByLabel("Customer's name").fill(ana.name);
    await first.getByRole("button", { name: "Customer approves" }).click();
    await expect(
      first.getByText(`Approved by ${ana.name} on the technician's phone`),
    ).toBeVisible();
    await expectAxeClean(phone, "after the estimate's answer");

    // Done: model and serial required, in words; "Plate unreadable" lets them stay empty.
    await done.click();
    const model = first.getByRole("textbox", { name: "Model (required)" });
    const serial = first.getByRole("textbox", { name: "Serial number (required)" });
    await expect(model).toHaveAttribute("aria-required", "true");
    await expect(serial).toHaveAttribute("aria-required", "true");
    await expect(first.getByText("(required)")).toHaveCount(2);
    await expect(first.getByLabel("Amount charged ($)")).toHaveValue("245.00");
    await first.getByLabel("Work done").fill("Replaced the defrost heater; it cools again.");
    await model.fill("");
    await serial.fill("");
    await first.getByRole("checkbox", { name: "Plate unreadable" }).check();
    await expect(model).toHaveAttribute("aria-required", "false");
    // A second part on the spot: Done charges more than the estimate.
    await first.getByLabel("Amount charged ($)").fill("262.50");
    await first.getByRole("button", { name: "Done", exact: true }).click();
    await expect(first.getByText("Done", { exact: true })).toBeVisible();
    await expect(first.getByText("(serial Plate unreadable)")).toBeVisible();
    await expectAxeClean(phone, "after Done");

    // Record payment first, starting with what Done charged; the method is still chosen.
    const recordPayment = first.locator("summary", { hasText: "Record payment" });
    expect(await comesBefore(recordPayment, first.getByRole("table"))).toBe(true);
    await recordPayment.click();
    await expect(first.getByLabel("Amount paid ($)")).toHaveValue("262.50");
    await expect(first.getByRole("radio", { checked: true })).toHaveCount(0);
    expect(await first.evaluate(faintEdges), "faint edges of the payment").toEqual([]);
    await first.getByRole("radio", { name: "Card" }).check();
    await first.getByRole("button", { name: "Record payment" }).click();

    // Finished: one line (name, window, status); the next visit right under it.
    const line = first.locator("summary", { hasText: ana.name });
    await expect(line).toBeVisible();
    await expect(line).toContainText("Morning");
    await expect(line).toContainText("Done");
    await expect(first.getByText(/Paid \$262\.50 by card/)).toBeHidden();
    for (const width of [320, 375]) {
      await phone.setViewportSize({ width, height: 740 });
      const box = (await line.boundingBox())!;
      expect(box.height, `the finished visit's line at ${width} px`).toBeLessThan(56);
      expect((await first.boundingBox())!.height).toBeLessThan(60);
    }
    await phone.setViewportSize({ width: 375, height: 740 });
    expect(await first.evaluate(faintEdges), "faint edges of a finished visit").toEqual([]);
    await expect(cardOf(ben.name).getByRole("heading", { name: ben.name })).toBeInViewport();
    await expectAxeClean(phone, "after the payment");
    // It opens to the whole card, the payment recorded.
    await line.click();
    await expect(first.getByText(/Paid \$262\.50 by card/)).toBeVisible();
    await expect(first.getByRole("link", { name: /^Call / })).toBeVisible();
    await expectAxeClean(phone, "a finished visit opened");
    await line.click();

    // Ben's visit: Needs a part, in words the customer reads; the page keeps its place.
    const second = cardOf(ben.name);
    await second.getByRole("button", { name: "Arrived" }).click();
    await expect(second.getByText("Arrived", { exact: true })).toBeVisible();
    await second.locator("summary", { hasText: "Needs a part" }).click();
    const part = second.getByRole("textbox", { name: "Part for the customer's page" });
    await expect(part).toHaveAccessibleDescription(
      "A name or a part number; the office books the return visit.",
    );
    await part.fill("Defrost timer 8-pin");
    await second
      .getByRole("button", { name: "Needs a part" })
      .evaluate((button) => button.scrollIntoView({ block: "center" }));
    expect(await scrollY(phone)).toBeGreaterThan(100);
    await second.getByRole("button", { name: "Needs a part" }).click();
    const secondLine = second.locator("summary", { hasText: ben.name });
    await expect(secondLine).toContainText("Needs a part");
    expect(await scrollY(phone), "after Needs a part").toBeGreaterThan(0);
    await expect(secondLine).toBeInViewport();
    // The next visit shows right under the finished one.
    await expect(cardOf(cal.name).getByRole("heading", { name: cal.name })).toBeInViewport();
    await secondLine.click();
    await expect(second.getByText("Part needed: Defrost timer 8-pin")).toBeVisible();
    await expectAxeClean(phone, "after Needs a part");
    await expectNoSidewaysScroll(phone, "My day with finished visits");
  } finally {
    await context.close();
  }

  // Without JavaScript, a tap lands on the visit's card, not at the top of the page.
  const plain = await technicianOnPhone(browser, cardServer.origin, technician, {
    javaScript: false,
  });
  try {
    const third = plain.phone.getByRole("article", { name: cal.name });
    const arrived = third.getByRole("button", { name: "Arrived" });
    await arrived.evaluate((button) => button.scrollIntoView({ block: "center" }));
    await arrived.click();
    await expect(plain.phone).toHaveURL(new RegExp(`/office/day#visit-${cal.id}$`));
    await expect(third.getByText("Arrived", { exact: true })).toBeVisible();
    // The browser scrolls to the card once the page's stylesheet is in: "Arrived" may be read
    // before that.
    await expect
      .poll(() => scrollY(plain.phone), { message: "after Arrived without JavaScript" })
      .toBeGreaterThan(0);
    await expect(third.getByRole("heading", { name: cal.name })).toBeInViewport();
    // The estimate first here too.
    expect(
      await comesBefore(
        third.locator("summary", { hasText: "Write the estimate" }),
        third.locator("summary", { hasText: "Done: record the repair" }),
      ),
    ).toBe(true);
  } finally {
    await plain.context.close();
  }
});
